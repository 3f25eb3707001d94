import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The raw chain tables the ingestor writes and the v3 read side queries, named and typed after
 * toncenter's indexer schema (toncenter v3 toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp):
 * - hashes are base64 text of 44 chars (the indexer's `tonhash` domain), addresses raw `wc:HEX` text;
 * - shards are signed bigint; 64-bit quantities are bigint;
 * - the enumerations are PostgreSQL enums with the indexer's names and labels
 * (https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models).
 * Every natural key is a primary key so writes are `ON CONFLICT DO NOTHING` and a replay changes
 * nothing. There are no foreign keys: rows of one masterchain block are committed in one transaction,
 * and the checks would cost the bulk writes more than they protect.
 * Indexes are those of toncenter's migrator that the raw-table endpoints need; the trace_id indexes come with the
 * decoder, which fills trace_id.
 */
export class ChainTables1795300000000 implements MigrationInterface {
  name = 'ChainTables1795300000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TYPE "account_status_type" AS ENUM ('uninit', 'frozen', 'active', 'nonexist')`,
    );
    await q.query(
      `CREATE TYPE "descr_type" AS ENUM ('ord', 'storage', 'tick_tock', 'split_prepare', 'split_install', 'merge_prepare', 'merge_install')`,
    );
    await q.query(`CREATE TYPE "status_change_type" AS ENUM ('unchanged', 'frozen', 'deleted')`);
    await q.query(
      `CREATE TYPE "skipped_reason_type" AS ENUM ('no_state', 'bad_state', 'no_gas', 'suspended')`,
    );
    await q.query(`CREATE TYPE "bounce_type" AS ENUM ('negfunds', 'nofunds', 'ok')`);
    await q.query(`CREATE TYPE "msg_direction" AS ENUM ('in', 'out')`);

    await q.query(`
      CREATE TABLE "blocks" (
        "workchain" integer NOT NULL,
        "shard" bigint NOT NULL,
        "seqno" integer NOT NULL,
        "root_hash" char(44) NOT NULL,
        "file_hash" char(44) NOT NULL,
        "mc_block_workchain" integer,
        "mc_block_shard" bigint,
        "mc_block_seqno" integer,
        "global_id" integer NOT NULL,
        "version" bigint NOT NULL,
        "after_merge" boolean NOT NULL,
        "before_split" boolean NOT NULL,
        "after_split" boolean NOT NULL,
        "want_merge" boolean NOT NULL,
        "want_split" boolean NOT NULL,
        "key_block" boolean NOT NULL,
        "vert_seqno_incr" boolean NOT NULL,
        "flags" integer NOT NULL,
        "gen_utime" bigint NOT NULL,
        "start_lt" bigint NOT NULL,
        "end_lt" bigint NOT NULL,
        "validator_list_hash_short" bigint NOT NULL,
        "gen_catchain_seqno" bigint NOT NULL,
        "min_ref_mc_seqno" integer NOT NULL,
        "prev_key_block_seqno" integer NOT NULL,
        "vert_seqno" integer NOT NULL,
        "master_ref_seqno" integer,
        "rand_seed" char(44) NOT NULL,
        "created_by" char(44) NOT NULL,
        "tx_count" integer NOT NULL,
        "prev_blocks" jsonb NOT NULL,
        CONSTRAINT "blocks_pkey" PRIMARY KEY ("workchain", "shard", "seqno")
      )
    `);
    await q.query(`CREATE INDEX "blocks_gen_utime_idx" ON "blocks" ("gen_utime")`);
    await q.query(`CREATE INDEX "blocks_mc_block_seqno_idx" ON "blocks" ("mc_block_seqno")`);
    await q.query(
      `CREATE INDEX "blocks_mc_seqno_idx" ON "blocks" ("seqno") WHERE "workchain" = -1`,
    );
    await q.query(`CREATE INDEX "blocks_start_lt_idx" ON "blocks" ("start_lt")`);
    await q.query(`CREATE INDEX "blocks_root_hash_idx" ON "blocks" ("root_hash")`);
    await q.query(`CREATE INDEX "blocks_file_hash_idx" ON "blocks" ("file_hash")`);

    await q.query(`
      CREATE TABLE "shard_state" (
        "mc_seqno" integer NOT NULL,
        "workchain" integer NOT NULL,
        "shard" bigint NOT NULL,
        "seqno" integer NOT NULL,
        CONSTRAINT "shard_state_pkey" PRIMARY KEY ("mc_seqno", "workchain", "shard", "seqno")
      )
    `);

    await q.query(`
      CREATE TABLE "transactions" (
        "hash" char(44) NOT NULL,
        "lt" bigint NOT NULL,
        "account" varchar NOT NULL,
        "block_workchain" integer NOT NULL,
        "block_shard" bigint NOT NULL,
        "block_seqno" integer NOT NULL,
        "mc_block_seqno" integer NOT NULL,
        "trace_id" char(44),
        "prev_trans_hash" char(44) NOT NULL,
        "prev_trans_lt" bigint NOT NULL,
        "now" integer NOT NULL,
        "orig_status" "account_status_type" NOT NULL,
        "end_status" "account_status_type" NOT NULL,
        "total_fees" bigint NOT NULL,
        "total_fees_extra_currencies" jsonb NOT NULL,
        "account_state_hash_before" char(44) NOT NULL,
        "account_state_hash_after" char(44) NOT NULL,
        "descr" "descr_type" NOT NULL,
        "aborted" boolean,
        "destroyed" boolean,
        "credit_first" boolean,
        "is_tock" boolean,
        "installed" boolean,
        "storage_fees_collected" bigint,
        "storage_fees_due" bigint,
        "storage_status_change" "status_change_type",
        "credit_due_fees_collected" bigint,
        "credit" bigint,
        "credit_extra_currencies" jsonb,
        "compute_skipped" boolean,
        "skipped_reason" "skipped_reason_type",
        "compute_success" boolean,
        "compute_msg_state_used" boolean,
        "compute_account_activated" boolean,
        "compute_gas_fees" bigint,
        "compute_gas_used" bigint,
        "compute_gas_limit" bigint,
        "compute_gas_credit" bigint,
        "compute_mode" integer,
        "compute_exit_code" integer,
        "compute_exit_arg" integer,
        "compute_vm_steps" bigint,
        "compute_vm_init_state_hash" char(44),
        "compute_vm_final_state_hash" char(44),
        "action_success" boolean,
        "action_valid" boolean,
        "action_no_funds" boolean,
        "action_status_change" "status_change_type",
        "action_total_fwd_fees" bigint,
        "action_total_action_fees" bigint,
        "action_result_code" integer,
        "action_result_arg" integer,
        "action_tot_actions" integer,
        "action_spec_actions" integer,
        "action_skipped_actions" integer,
        "action_msgs_created" integer,
        "action_action_list_hash" char(44),
        "action_tot_msg_size_cells" bigint,
        "action_tot_msg_size_bits" bigint,
        "bounce" "bounce_type",
        "bounce_msg_size_cells" bigint,
        "bounce_msg_size_bits" bigint,
        "bounce_req_fwd_fees" bigint,
        "bounce_msg_fees" bigint,
        "bounce_fwd_fees" bigint,
        "split_info_cur_shard_pfx_len" integer,
        "split_info_acc_split_depth" integer,
        "split_info_this_addr" varchar,
        "split_info_sibling_addr" varchar,
        CONSTRAINT "transactions_pkey" PRIMARY KEY ("hash", "lt")
      )
    `);
    await q.query(
      `CREATE INDEX "transactions_block_idx" ON "transactions" ("block_workchain", "block_shard", "block_seqno")`,
    );
    await q.query(`CREATE INDEX "transactions_lt_idx" ON "transactions" ("lt")`);
    await q.query(`CREATE INDEX "transactions_now_lt_idx" ON "transactions" ("now", "lt")`);
    await q.query(`CREATE INDEX "transactions_account_lt_idx" ON "transactions" ("account", "lt")`);
    await q.query(
      `CREATE INDEX "transactions_account_now_lt_idx" ON "transactions" ("account", "now", "lt")`,
    );
    await q.query(`CREATE INDEX "transactions_hash_idx" ON "transactions" ("hash")`);
    await q.query(
      `CREATE INDEX "transactions_mc_block_seqno_lt_idx" ON "transactions" ("mc_block_seqno", "lt")`,
    );

    await q.query(`
      CREATE TABLE "messages" (
        "tx_hash" char(44) NOT NULL,
        "tx_lt" bigint NOT NULL,
        "msg_hash" char(44) NOT NULL,
        "direction" "msg_direction" NOT NULL,
        "mc_seqno" integer NOT NULL,
        "msg_hash_norm" char(44),
        "trace_id" char(44),
        "source" varchar,
        "destination" varchar,
        "value" bigint,
        "value_extra_currencies" jsonb,
        "fwd_fee" bigint,
        "ihr_fee" bigint,
        "extra_flags" numeric,
        "created_lt" bigint,
        "created_at" bigint,
        "opcode" integer,
        "ihr_disabled" boolean,
        "bounce" boolean,
        "bounced" boolean,
        "import_fee" bigint,
        "body_hash" char(44) NOT NULL,
        "init_state_hash" char(44),
        CONSTRAINT "messages_pkey" PRIMARY KEY ("tx_hash", "tx_lt", "msg_hash", "direction")
      )
    `);
    await q.query(`CREATE INDEX "messages_msg_hash_idx" ON "messages" ("msg_hash")`);
    await q.query(
      `CREATE INDEX "messages_source_created_lt_idx" ON "messages" ("source", "created_lt")`,
    );
    await q.query(
      `CREATE INDEX "messages_destination_created_lt_idx" ON "messages" ("destination", "created_lt")`,
    );
    await q.query(
      `CREATE INDEX "messages_opcode_created_lt_idx" ON "messages" ("opcode", "created_lt")`,
    );
    await q.query(
      `CREATE INDEX "messages_created_at_msg_hash_idx" ON "messages" ("created_at", "msg_hash")`,
    );
    await q.query(
      `CREATE INDEX "messages_created_lt_msg_hash_idx" ON "messages" ("created_lt", "msg_hash")`,
    );
    await q.query(`CREATE INDEX "messages_body_hash_idx" ON "messages" ("body_hash")`);
    await q.query(
      `CREATE INDEX "messages_msg_hash_norm_idx" ON "messages" ("msg_hash_norm") WHERE "msg_hash_norm" IS NOT NULL`,
    );

    await q.query(`
      CREATE TABLE "message_contents" (
        "hash" char(44) NOT NULL,
        "body" text NOT NULL,
        CONSTRAINT "message_contents_pkey" PRIMARY KEY ("hash")
      )
    `);

    await q.query(`
      CREATE TABLE "account_states" (
        "hash" char(44) NOT NULL,
        "account" varchar NOT NULL,
        "balance" bigint NOT NULL,
        "balance_extra_currencies" jsonb NOT NULL,
        "account_status" "account_status_type" NOT NULL,
        "frozen_hash" char(44),
        "data_hash" char(44),
        "code_hash" char(44),
        CONSTRAINT "account_states_pkey" PRIMARY KEY ("hash")
      )
    `);

    await q.query(`
      CREATE TABLE "latest_account_states" (
        "id" bigserial NOT NULL,
        "account" varchar NOT NULL,
        "account_friendly" varchar,
        "hash" char(44) NOT NULL,
        "balance" bigint NOT NULL,
        "balance_extra_currencies" jsonb NOT NULL,
        "account_status" "account_status_type" NOT NULL,
        "timestamp" integer NOT NULL,
        "last_trans_hash" char(44) NOT NULL,
        "last_trans_lt" bigint NOT NULL,
        "frozen_hash" char(44),
        "data_hash" char(44),
        "code_hash" char(44),
        "data_boc" text,
        "code_boc" text,
        CONSTRAINT "latest_account_states_pkey" PRIMARY KEY ("account")
      )
    `);
    await q.query(
      `CREATE INDEX "latest_account_states_balance_idx" ON "latest_account_states" ("balance" DESC) INCLUDE ("account")`,
    );
    await q.query(`CREATE INDEX "latest_account_states_id_idx" ON "latest_account_states" ("id")`);
    await q.query(
      `CREATE INDEX "latest_account_states_code_hash_idx" ON "latest_account_states" ("code_hash")`,
    );

    // Blocks that failed to parse or write: kept with the error, reported, not retried forever.
    await q.query(`
      CREATE TABLE "ingest_quarantine" (
        "workchain" integer NOT NULL,
        "shard" bigint NOT NULL,
        "seqno" integer NOT NULL,
        "root_hash" char(44) NOT NULL,
        "mc_seqno" integer NOT NULL,
        "error" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "ingest_quarantine_pkey" PRIMARY KEY ("workchain", "shard", "seqno")
      )
    `);

    // One live follower per network: a lease renewed by heartbeat (the indexer's ton_indexer_leader).
    await q.query(`
      CREATE TABLE "ingest_leader" (
        "name" text NOT NULL,
        "holder" text NOT NULL,
        "expires_at" timestamptz NOT NULL,
        CONSTRAINT "ingest_leader_pkey" PRIMARY KEY ("name")
      )
    `);
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'ingest_leader',
      'ingest_quarantine',
      'latest_account_states',
      'account_states',
      'message_contents',
      'messages',
      'transactions',
      'shard_state',
      'blocks',
    ]) {
      await q.query(`DROP TABLE "${table}"`);
    }
    for (const type of [
      'msg_direction',
      'bounce_type',
      'skipped_reason_type',
      'status_change_type',
      'descr_type',
      'account_status_type',
    ]) {
      await q.query(`DROP TYPE "${type}"`);
    }
  }
}
