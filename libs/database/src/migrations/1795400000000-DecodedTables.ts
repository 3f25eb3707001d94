import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The decoder's tables (toncenter v3 toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp):
 * traces and their actions, the Jetton and NFT state and events, plus what the decoder needs to run
 * (failures, the interface cache). Action details that toncenter keeps in PostgreSQL composite
 * columns (`jetton_transfer_data`, …) are jsonb columns with the same names here: TypeORM has no
 * composite types, and jsonb keeps the field names the API renders. Conventions as in ChainTables
 * (base64 hashes, raw uppercase addresses).
 */
export class DecodedTables1795400000000 implements MigrationInterface {
  name = 'DecodedTables1795400000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TYPE "trace_state" AS ENUM ('complete', 'pending', 'broken')`);
    await q.query(
      `CREATE TYPE "trace_classification_state" AS ENUM ('unclassified', 'failed', 'ok', 'broken')`,
    );

    await q.query(`
      CREATE TABLE "traces" (
        "trace_id" char(44) NOT NULL,
        "external_hash" char(44),
        "external_hash_norm" char(44),
        "mc_seqno_start" integer NOT NULL,
        "mc_seqno_end" integer NOT NULL,
        "start_lt" bigint NOT NULL,
        "start_utime" integer NOT NULL,
        "end_lt" bigint NOT NULL,
        "end_utime" integer NOT NULL,
        "state" "trace_state" NOT NULL,
        "pending_edges_" bigint NOT NULL,
        "edges_" bigint NOT NULL,
        "nodes_" bigint NOT NULL,
        "classification_state" "trace_classification_state" NOT NULL DEFAULT 'unclassified',
        CONSTRAINT "traces_pkey" PRIMARY KEY ("trace_id")
      )
    `);
    await q.query(`CREATE INDEX "traces_state_idx" ON "traces" ("state")`);
    await q.query(`CREATE INDEX "traces_mc_seqno_end_idx" ON "traces" ("mc_seqno_end")`);
    await q.query(`CREATE INDEX "traces_end_lt_idx" ON "traces" ("end_lt", "trace_id")`);
    await q.query(`CREATE INDEX "traces_end_utime_idx" ON "traces" ("end_utime", "trace_id")`);
    await q.query(`CREATE INDEX "traces_external_hash_idx" ON "traces" ("external_hash")`);
    await q.query(
      `CREATE INDEX "traces_unclassified_idx" ON "traces" ("mc_seqno_end") WHERE "classification_state" = 'unclassified'`,
    );
    await q.query(`CREATE INDEX "transactions_trace_id_idx" ON "transactions" ("trace_id", "lt")`);
    await q.query(
      `CREATE INDEX "transactions_account_trace_id_idx" ON "transactions" ("account", "trace_id")`,
    );
    await q.query(`CREATE INDEX "messages_trace_id_idx" ON "messages" ("trace_id", "tx_lt")`);

    await q.query(`
      CREATE TABLE "actions" (
        "trace_id" char(44) NOT NULL,
        "action_id" char(44) NOT NULL,
        "start_lt" bigint NOT NULL,
        "end_lt" bigint NOT NULL,
        "start_utime" integer NOT NULL,
        "end_utime" integer NOT NULL,
        "source" varchar,
        "source_secondary" varchar,
        "destination" varchar,
        "destination_secondary" varchar,
        "asset" varchar,
        "asset_secondary" varchar,
        "asset2" varchar,
        "asset2_secondary" varchar,
        "opcode" bigint,
        "tx_hashes" char(44)[] NOT NULL,
        "type" varchar NOT NULL,
        "value" numeric,
        "amount" numeric,
        "success" boolean,
        "trace_end_lt" bigint NOT NULL,
        "trace_end_utime" integer NOT NULL,
        "trace_external_hash" char(44),
        "trace_external_hash_norm" char(44),
        "mc_seqno_end" integer NOT NULL,
        "trace_mc_seqno_end" integer NOT NULL,
        "parent_action_id" char(44),
        "ancestor_type" varchar[] NOT NULL DEFAULT '{}',
        "value_extra_currencies" jsonb,
        "details" jsonb NOT NULL DEFAULT '{}',
        CONSTRAINT "actions_pkey" PRIMARY KEY ("trace_id", "action_id")
      )
    `);
    await q.query(`CREATE INDEX "actions_end_lt_idx" ON "actions" ("end_lt")`);
    await q.query(`CREATE INDEX "actions_action_id_idx" ON "actions" ("action_id")`);
    await q.query(
      `CREATE INDEX "actions_trace_lt_idx" ON "actions" ("trace_id", "start_lt", "end_lt")`,
    );
    await q.query(`CREATE INDEX "actions_trace_end_lt_idx" ON "actions" ("trace_end_lt")`);
    await q.query(
      `CREATE INDEX "actions_trace_mc_seqno_end_idx" ON "actions" ("trace_mc_seqno_end")`,
    );

    await q.query(`
      CREATE TABLE "action_accounts" (
        "account" varchar NOT NULL,
        "trace_end_lt" bigint NOT NULL,
        "trace_id" char(44) NOT NULL,
        "action_end_lt" bigint NOT NULL,
        "action_id" char(44) NOT NULL,
        "trace_end_utime" integer NOT NULL,
        "action_end_utime" integer NOT NULL,
        CONSTRAINT "action_accounts_pkey" PRIMARY KEY ("account", "trace_end_lt", "trace_id", "action_end_lt", "action_id")
      )
    `);
    await q.query(
      `CREATE INDEX "action_accounts_trace_action_idx" ON "action_accounts" ("trace_id", "action_id")`,
    );
    await q.query(
      `CREATE INDEX "action_accounts_account_utime_idx" ON "action_accounts" ("account", "trace_end_utime", "trace_id", "action_end_utime", "action_id")`,
    );

    await q.query(`
      CREATE TABLE "jetton_masters" (
        "address" varchar NOT NULL,
        "id" bigserial NOT NULL,
        "total_supply" numeric NOT NULL,
        "mintable" boolean NOT NULL,
        "admin_address" varchar,
        "jetton_content" jsonb,
        "jetton_wallet_code_hash" char(44),
        "last_transaction_lt" bigint NOT NULL,
        "code_hash" char(44),
        "data_hash" char(44),
        CONSTRAINT "jetton_masters_pkey" PRIMARY KEY ("address")
      )
    `);
    await q.query(
      `CREATE INDEX "jetton_masters_admin_idx" ON "jetton_masters" ("admin_address", "id")`,
    );
    await q.query(`
      CREATE TABLE "jetton_wallets" (
        "address" varchar NOT NULL,
        "id" bigserial NOT NULL,
        "balance" numeric NOT NULL,
        "owner" varchar NOT NULL,
        "jetton" varchar NOT NULL,
        "last_transaction_lt" bigint NOT NULL,
        "code_hash" char(44),
        "data_hash" char(44),
        "mintless_is_claimed" boolean,
        "mintless_amount" numeric,
        "mintless_start_from" bigint,
        "mintless_expire_at" bigint,
        CONSTRAINT "jetton_wallets_pkey" PRIMARY KEY ("address")
      )
    `);
    await q.query(`CREATE INDEX "jetton_wallets_owner_idx" ON "jetton_wallets" ("owner", "id")`);
    await q.query(`CREATE INDEX "jetton_wallets_jetton_idx" ON "jetton_wallets" ("jetton", "id")`);
    await q.query(
      `CREATE INDEX "jetton_wallets_jetton_balance_idx" ON "jetton_wallets" ("jetton", "balance")`,
    );
    await q.query(`
      CREATE TABLE "jetton_transfers" (
        "tx_hash" char(44) NOT NULL,
        "tx_lt" bigint NOT NULL,
        "tx_now" integer NOT NULL,
        "tx_aborted" boolean NOT NULL,
        "mc_seqno" integer NOT NULL,
        "query_id" numeric NOT NULL,
        "amount" numeric NOT NULL,
        "source" varchar,
        "destination" varchar,
        "jetton_wallet_address" varchar NOT NULL,
        "jetton_master_address" varchar,
        "response_destination" varchar,
        "custom_payload" text,
        "forward_ton_amount" numeric,
        "forward_payload" text,
        "trace_id" char(44),
        CONSTRAINT "jetton_transfers_pkey" PRIMARY KEY ("tx_hash", "tx_lt")
      )
    `);
    await q.query(
      `CREATE INDEX "jetton_transfers_source_idx" ON "jetton_transfers" ("source", "tx_lt")`,
    );
    await q.query(
      `CREATE INDEX "jetton_transfers_destination_idx" ON "jetton_transfers" ("destination", "tx_lt")`,
    );
    await q.query(
      `CREATE INDEX "jetton_transfers_wallet_idx" ON "jetton_transfers" ("jetton_wallet_address", "tx_lt")`,
    );
    await q.query(
      `CREATE INDEX "jetton_transfers_master_idx" ON "jetton_transfers" ("jetton_master_address", "tx_lt")`,
    );
    await q.query(
      `CREATE INDEX "jetton_transfers_now_idx" ON "jetton_transfers" ("tx_now", "tx_lt")`,
    );
    await q.query(`
      CREATE TABLE "jetton_burns" (
        "tx_hash" char(44) NOT NULL,
        "tx_lt" bigint NOT NULL,
        "tx_now" integer NOT NULL,
        "tx_aborted" boolean NOT NULL,
        "mc_seqno" integer NOT NULL,
        "query_id" numeric NOT NULL,
        "owner" varchar,
        "jetton_wallet_address" varchar NOT NULL,
        "jetton_master_address" varchar,
        "amount" numeric NOT NULL,
        "response_destination" varchar,
        "custom_payload" text,
        "trace_id" char(44),
        CONSTRAINT "jetton_burns_pkey" PRIMARY KEY ("tx_hash", "tx_lt")
      )
    `);
    await q.query(`CREATE INDEX "jetton_burns_owner_idx" ON "jetton_burns" ("owner", "tx_lt")`);
    await q.query(
      `CREATE INDEX "jetton_burns_wallet_idx" ON "jetton_burns" ("jetton_wallet_address", "tx_lt")`,
    );
    await q.query(
      `CREATE INDEX "jetton_burns_master_idx" ON "jetton_burns" ("jetton_master_address", "tx_lt")`,
    );

    await q.query(`
      CREATE TABLE "nft_collections" (
        "address" varchar NOT NULL,
        "id" bigserial NOT NULL,
        "next_item_index" numeric NOT NULL,
        "owner_address" varchar,
        "collection_content" jsonb,
        "last_transaction_lt" bigint NOT NULL,
        "code_hash" char(44),
        "data_hash" char(44),
        CONSTRAINT "nft_collections_pkey" PRIMARY KEY ("address")
      )
    `);
    await q.query(
      `CREATE INDEX "nft_collections_owner_idx" ON "nft_collections" ("owner_address", "id")`,
    );
    await q.query(`
      CREATE TABLE "nft_items" (
        "address" varchar NOT NULL,
        "id" bigserial NOT NULL,
        "init" boolean NOT NULL,
        "index" numeric NOT NULL,
        "collection_address" varchar,
        "owner_address" varchar,
        "content" jsonb,
        "last_transaction_lt" bigint NOT NULL,
        "code_hash" char(44),
        "data_hash" char(44),
        "real_owner" varchar,
        CONSTRAINT "nft_items_pkey" PRIMARY KEY ("address")
      )
    `);
    await q.query(
      `CREATE INDEX "nft_items_collection_idx" ON "nft_items" ("collection_address", "index")`,
    );
    await q.query(
      `CREATE INDEX "nft_items_owner_idx" ON "nft_items" ("owner_address", "collection_address", "index")`,
    );
    await q.query(
      `CREATE INDEX "nft_items_real_owner_idx" ON "nft_items" ("real_owner", "last_transaction_lt")`,
    );
    await q.query(`
      CREATE TABLE "nft_transfers" (
        "tx_hash" char(44) NOT NULL,
        "tx_lt" bigint NOT NULL,
        "tx_now" integer NOT NULL,
        "tx_aborted" boolean NOT NULL,
        "mc_seqno" integer NOT NULL,
        "query_id" numeric NOT NULL,
        "nft_item_address" varchar NOT NULL,
        "nft_item_index" numeric,
        "nft_collection_address" varchar,
        "old_owner" varchar,
        "new_owner" varchar,
        "response_destination" varchar,
        "custom_payload" text,
        "forward_amount" numeric,
        "forward_payload" text,
        "trace_id" char(44),
        CONSTRAINT "nft_transfers_pkey" PRIMARY KEY ("tx_hash", "tx_lt")
      )
    `);
    await q.query(
      `CREATE INDEX "nft_transfers_item_idx" ON "nft_transfers" ("nft_item_address", "tx_lt")`,
    );
    await q.query(
      `CREATE INDEX "nft_transfers_collection_idx" ON "nft_transfers" ("nft_collection_address", "tx_lt")`,
    );
    await q.query(`CREATE INDEX "nft_transfers_old_idx" ON "nft_transfers" ("old_owner", "tx_lt")`);
    await q.query(`CREATE INDEX "nft_transfers_new_idx" ON "nft_transfers" ("new_owner", "tx_lt")`);

    // Interfaces detected per code hash (get-method probes are run once per code, as the indexer does).
    await q.query(`
      CREATE TABLE "contract_interfaces" (
        "code_hash" char(44) NOT NULL,
        "interfaces" varchar[] NOT NULL,
        "detected_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "contract_interfaces_pkey" PRIMARY KEY ("code_hash")
      )
    `);
    // What the decoder could not decode: recorded and skipped, never retried forever.
    await q.query(`
      CREATE TABLE "decode_failures" (
        "id" bigserial NOT NULL,
        "mc_seqno" integer NOT NULL,
        "kind" varchar NOT NULL,
        "subject" varchar NOT NULL,
        "error" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "decode_failures_pkey" PRIMARY KEY ("id")
      )
    `);
    await q.query(`CREATE INDEX "decode_failures_mc_seqno_idx" ON "decode_failures" ("mc_seqno")`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "messages_trace_id_idx"`);
    await q.query(`DROP INDEX "transactions_account_trace_id_idx"`);
    await q.query(`DROP INDEX "transactions_trace_id_idx"`);
    for (const table of [
      'decode_failures',
      'contract_interfaces',
      'nft_transfers',
      'nft_items',
      'nft_collections',
      'jetton_burns',
      'jetton_transfers',
      'jetton_wallets',
      'jetton_masters',
      'action_accounts',
      'actions',
      'traces',
    ]) {
      await q.query(`DROP TABLE "${table}"`);
    }
    await q.query(`DROP TYPE "trace_classification_state"`);
    await q.query(`DROP TYPE "trace_state"`);
  }
}
