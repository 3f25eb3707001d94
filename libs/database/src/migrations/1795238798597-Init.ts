import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The first schema: the ingestor's resumable cursor (docs/architecture.md "PostgreSQL is the source
 * of truth for progress"). One row per follower (e.g. `masterchain`), holding the last masterchain
 * seqno whose blocks were written completely.
 */
export class Init1795238798597 implements MigrationInterface {
  name = 'Init1795238798597';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "indexer_cursor" (
        "name" text NOT NULL,
        "mc_seqno" bigint NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "indexer_cursor_pkey" PRIMARY KEY ("name"),
        CONSTRAINT "indexer_cursor_mc_seqno_check" CHECK ("mc_seqno" >= 0)
      )
    `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "indexer_cursor"`);
  }
}
