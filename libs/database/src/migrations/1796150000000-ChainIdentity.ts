import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * `chain_identity`: which chain the index holds — the masterchain zero state's hashes (a network's
 * `validator.zero_state` in its global config) and the blocks' `global_id` (ConfigParam 19). One row:
 * an index holds one chain. The ingestor records it on its first run and refuses to write blocks of
 * another chain (a reset testnet, a new local network, a liteserver of another network).
 */
export class ChainIdentity1796150000000 implements MigrationInterface {
  name = 'ChainIdentity1796150000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "chain_identity" (
        "id" smallint NOT NULL DEFAULT 1,
        "zero_state_root_hash" char(44) NOT NULL,
        "zero_state_file_hash" char(44) NOT NULL,
        "global_id" integer,
        "recorded_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "chain_identity_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "chain_identity_single_row_check" CHECK ("id" = 1)
      )
    `);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "chain_identity"`);
  }
}
