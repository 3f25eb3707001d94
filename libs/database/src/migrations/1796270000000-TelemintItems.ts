import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The decoder's Telemint items, Fragment's Telegram usernames and anonymous numbers (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp
 * `telemint_nft_items`): one row per item, as its get-methods (get_telemint_token_name,
 * get_telemint_auction_state, get_telemint_auction_config, royalty_params) answered after the
 * item's last transaction. Without an auction the bidder and beneficiary are null and the amounts
 * and times zero. Conventions as in DecodedTables (raw uppercase addresses, base64 hashes).
 */
export class TelemintItems1796270000000 implements MigrationInterface {
  name = 'TelemintItems1796270000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "telemint_nft_items" (
        "address" varchar NOT NULL,
        "id" bigserial NOT NULL,
        "token_name" varchar NOT NULL,
        "bidder_address" varchar,
        "bid" numeric NOT NULL,
        "bid_ts" bigint NOT NULL,
        "min_bid" numeric NOT NULL,
        "end_time" bigint NOT NULL,
        "beneficiary_address" varchar,
        "initial_min_bid" numeric NOT NULL,
        "max_bid" numeric NOT NULL,
        "min_bid_step" numeric NOT NULL,
        "min_extend_time" bigint NOT NULL,
        "duration" bigint NOT NULL,
        "royalty_numerator" bigint NOT NULL,
        "royalty_denominator" bigint NOT NULL,
        "royalty_destination" varchar NOT NULL,
        "last_transaction_lt" bigint NOT NULL,
        "code_hash" char(44),
        "data_hash" char(44),
        CONSTRAINT "telemint_nft_items_pkey" PRIMARY KEY ("address")
      )
    `);
    // NFT item codes probed before the Telemint probe existed are probed again (Telemint items are
    // NFT items too) the next time a block touches them.
    await q.query(`DELETE FROM "contract_interfaces" WHERE 'nft_item' = ANY("interfaces")`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "telemint_nft_items"`);
  }
}
