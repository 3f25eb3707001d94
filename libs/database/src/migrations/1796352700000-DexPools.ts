import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The decoder's DEX pools (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp
 * `dex_pools`): one row per DeDust pool, as its get-methods (get_assets, is_stable, get_reserves,
 * get_trade_fee) answered after the pool's last transaction. An asset is a jetton master, null for
 * TON. Conventions as in DecodedTables (raw uppercase addresses, base64 hashes).
 */
export class DexPools1796352700000 implements MigrationInterface {
  name = 'DexPools1796352700000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "dex_pools" (
        "address" varchar NOT NULL,
        "id" bigserial NOT NULL,
        "dex" varchar NOT NULL,
        "asset_1" varchar,
        "asset_2" varchar,
        "reserve_1" numeric NOT NULL,
        "reserve_2" numeric NOT NULL,
        "pool_type" varchar NOT NULL,
        "fee" double precision NOT NULL,
        "last_transaction_lt" bigint NOT NULL,
        "code_hash" char(44),
        "data_hash" char(44),
        CONSTRAINT "dex_pools_pkey" PRIMARY KEY ("address"),
        CONSTRAINT "dex_pools_pool_type_check" CHECK ("pool_type" IN ('stable', 'volatile'))
      )
    `);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "dex_pools"`);
  }
}
