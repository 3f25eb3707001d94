import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The decoder's getgems auctions (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp
 * `getgems_nft_auctions`): one row per auction contract, as its get-method (`get_sale_data` of v1-v3,
 * `get_auction_data_v4` of v4) answered after the contract's last transaction. The v4 columns
 * (activated, step_time, last_query_id, jetton_wallet, jetton_master, is_broken_state, public_key)
 * stay null for older auctions, which do not report them. Conventions as in DecodedTables (raw
 * uppercase addresses, base64 hashes).
 */
export class NftAuctions1796170000000 implements MigrationInterface {
  name = 'NftAuctions1796170000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "getgems_nft_auctions" (
        "address" varchar NOT NULL,
        "id" bigserial NOT NULL,
        "end_flag" boolean NOT NULL,
        "end_time" bigint NOT NULL,
        "mp_addr" varchar,
        "nft_addr" varchar NOT NULL,
        "nft_owner" varchar,
        "last_bid" numeric NOT NULL,
        "last_member" varchar,
        "min_step" bigint NOT NULL,
        "mp_fee_addr" varchar,
        "mp_fee_factor" bigint NOT NULL,
        "mp_fee_base" bigint NOT NULL,
        "royalty_fee_addr" varchar,
        "royalty_fee_factor" bigint NOT NULL,
        "royalty_fee_base" bigint NOT NULL,
        "max_bid" numeric NOT NULL,
        "min_bid" numeric NOT NULL,
        "created_at" bigint NOT NULL,
        "last_bid_at" bigint NOT NULL,
        "is_canceled" boolean NOT NULL,
        "activated" boolean,
        "step_time" bigint,
        "last_query_id" numeric,
        "jetton_wallet" varchar,
        "jetton_master" varchar,
        "is_broken_state" boolean,
        "public_key" varchar,
        "last_transaction_lt" bigint NOT NULL,
        "code_hash" char(44),
        "data_hash" char(44),
        CONSTRAINT "getgems_nft_auctions_pkey" PRIMARY KEY ("address")
      )
    `);
    // An item's real owner is the auction's seller while the auction owns it (toncenter: owner = auction).
    await q.query(
      `CREATE INDEX "getgems_nft_auctions_nft_idx" ON "getgems_nft_auctions" ("nft_addr")`,
    );
    // Codes probed before the auction probe existed and found to implement nothing (auction codes
    // among them) are probed again the next time a block touches them.
    await q.query(`DELETE FROM "contract_interfaces" WHERE cardinality("interfaces") = 0`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "getgems_nft_auctions"`);
  }
}
