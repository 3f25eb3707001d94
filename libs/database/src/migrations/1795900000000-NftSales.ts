import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The decoder's getgems fixed-price sales (toncenter v3 toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp
 * `getgems_nft_sales`): one row per sale contract, as its `get_sale_data` answered after the
 * contract's last transaction. The v4 columns (sold_at, sold_query_id, jetton_price_dict) stay null
 * for v3 sales, which do not report them. Conventions as in DecodedTables (raw uppercase addresses,
 * base64 hashes).
 */
export class NftSales1795900000000 implements MigrationInterface {
  name = 'NftSales1795900000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "getgems_nft_sales" (
        "address" varchar NOT NULL,
        "id" bigserial NOT NULL,
        "is_complete" boolean NOT NULL,
        "created_at" bigint NOT NULL,
        "marketplace_address" varchar,
        "nft_address" varchar NOT NULL,
        "nft_owner_address" varchar,
        "full_price" numeric NOT NULL,
        "marketplace_fee_address" varchar,
        "marketplace_fee" numeric NOT NULL,
        "royalty_address" varchar,
        "royalty_amount" numeric NOT NULL,
        "sold_at" bigint,
        "sold_query_id" numeric,
        "jetton_price_dict" jsonb,
        "last_transaction_lt" bigint NOT NULL,
        "code_hash" char(44),
        "data_hash" char(44),
        CONSTRAINT "getgems_nft_sales_pkey" PRIMARY KEY ("address")
      )
    `);
    // nft/items joins a sale by the item it sells (toncenter: owner = sale address, nft = item).
    await q.query(
      `CREATE INDEX "getgems_nft_sales_nft_idx" ON "getgems_nft_sales" ("nft_address")`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "getgems_nft_sales"`);
  }
}
