import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Streaming API v2 limits per plan: parallel connections and subscribed addresses of each
 * key of the plan, enforced across gateway replicas. Defaults follow toncenter's published quota for
 * any valid key (2 concurrent streaming connections); 0 refuses streaming to the plan's keys.
 */
export class StreamingLimits1795700000000 implements MigrationInterface {
  name = 'StreamingLimits1795700000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "api_plans"
        ADD COLUMN "streaming_connections" integer NOT NULL DEFAULT 2,
        ADD COLUMN "streaming_addresses" integer NOT NULL DEFAULT 1000,
        ADD CONSTRAINT "api_plans_streaming_connections_check" CHECK ("streaming_connections" >= 0),
        ADD CONSTRAINT "api_plans_streaming_addresses_check" CHECK ("streaming_addresses" >= 0)
    `);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "api_plans"
        DROP CONSTRAINT "api_plans_streaming_addresses_check",
        DROP CONSTRAINT "api_plans_streaming_connections_check",
        DROP COLUMN "streaming_addresses",
        DROP COLUMN "streaming_connections"
    `);
  }
}
