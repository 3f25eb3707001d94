import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The decoder's DNS, multisig v2 and vesting tables (toncenter v3 toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp,
 * indexes): `dns_entries`, `multisig`, `multisig_orders`, `vesting_contracts`, `vesting_whitelist`.
 * Conventions as in ChainTables (base64 hashes, raw uppercase addresses); address arrays are varchar[].
 */
export class DnsMultisigVesting1795500000000 implements MigrationInterface {
  name = 'DnsMultisigVesting1795500000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "dns_entries" (
        "nft_item_address" varchar NOT NULL,
        "nft_item_owner" varchar,
        "domain" varchar,
        "dns_next_resolver" varchar,
        "dns_wallet" varchar,
        "dns_site_adnl" varchar(64),
        "dns_storage_bag_id" varchar(64),
        "last_transaction_lt" bigint NOT NULL,
        CONSTRAINT "dns_entries_pkey" PRIMARY KEY ("nft_item_address")
      )
    `);
    await q.query(
      `CREATE INDEX "dns_entries_wallet_idx" ON "dns_entries" ("dns_wallet", length("domain"))`,
    );
    await q.query(
      `CREATE INDEX "dns_entries_owner_idx" ON "dns_entries" ("nft_item_owner", length("domain"))
       INCLUDE ("domain") WHERE "nft_item_owner" = "dns_wallet"`,
    );

    await q.query(`
      CREATE TABLE "multisig" (
        "address" varchar NOT NULL,
        "id" bigserial NOT NULL,
        "next_order_seqno" numeric NOT NULL,
        "threshold" bigint NOT NULL,
        "signers" varchar[] NOT NULL,
        "proposers" varchar[] NOT NULL,
        "last_transaction_lt" bigint NOT NULL,
        "code_hash" char(44),
        "data_hash" char(44),
        CONSTRAINT "multisig_pkey" PRIMARY KEY ("address")
      )
    `);
    await q.query(`CREATE INDEX "multisig_signers_idx" ON "multisig" USING gin ("signers")`);
    await q.query(`CREATE INDEX "multisig_proposers_idx" ON "multisig" USING gin ("proposers")`);

    await q.query(`
      CREATE TABLE "multisig_orders" (
        "address" varchar NOT NULL,
        "id" bigserial NOT NULL,
        "multisig_address" varchar NOT NULL,
        "order_seqno" numeric NOT NULL,
        "threshold" bigint,
        "sent_for_execution" boolean,
        "approvals_mask" numeric,
        "approvals_num" bigint,
        "expiration_date" bigint,
        "order_boc" text,
        "signers" varchar[],
        "last_transaction_lt" bigint NOT NULL,
        "code_hash" char(44),
        "data_hash" char(44),
        CONSTRAINT "multisig_orders_pkey" PRIMARY KEY ("address")
      )
    `);
    await q.query(
      `CREATE INDEX "multisig_orders_multisig_idx" ON "multisig_orders" ("multisig_address")`,
    );
    await q.query(
      `CREATE INDEX "multisig_orders_signers_idx" ON "multisig_orders" USING gin ("signers")`,
    );

    await q.query(`
      CREATE TABLE "vesting_contracts" (
        "address" varchar NOT NULL,
        "id" bigserial NOT NULL,
        "vesting_start_time" bigint NOT NULL,
        "vesting_total_duration" bigint NOT NULL,
        "unlock_period" bigint NOT NULL,
        "cliff_duration" bigint NOT NULL,
        "vesting_total_amount" numeric NOT NULL,
        "vesting_sender_address" varchar,
        "owner_address" varchar,
        "last_transaction_lt" bigint NOT NULL,
        "code_hash" char(44),
        "data_hash" char(44),
        CONSTRAINT "vesting_contracts_pkey" PRIMARY KEY ("address")
      )
    `);
    await q.query(
      `CREATE INDEX "vesting_contracts_sender_idx" ON "vesting_contracts" ("vesting_sender_address", "id")`,
    );
    await q.query(
      `CREATE INDEX "vesting_contracts_owner_idx" ON "vesting_contracts" ("owner_address", "id")`,
    );
    await q.query(`
      CREATE TABLE "vesting_whitelist" (
        "vesting_contract_address" varchar NOT NULL,
        "wallet_address" varchar NOT NULL,
        CONSTRAINT "vesting_whitelist_pkey" PRIMARY KEY ("vesting_contract_address", "wallet_address")
      )
    `);
    await q.query(
      `CREATE INDEX "vesting_whitelist_wallet_idx" ON "vesting_whitelist" ("wallet_address")`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'vesting_whitelist',
      'vesting_contracts',
      'multisig_orders',
      'multisig',
      'dns_entries',
    ]) {
      await q.query(`DROP TABLE "${table}"`);
    }
  }
}
