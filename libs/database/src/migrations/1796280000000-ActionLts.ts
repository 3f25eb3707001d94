import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * `action_lts`: an action's id → the trace_end_lt of its rows, the partition key of `actions` and
 * `action_accounts` (migration PartitionTraceHistory). A read of /actions by action_id asks it first
 * and sends its statement with `trace_end_lt = ANY(…)`, so only the partitions of those lts are
 * planned and read (plan-time pruning,
 * https://www.postgresql.org/docs/current/ddl-partitioning.html#DDL-PARTITION-PRUNING) instead of
 * probing the action_id index of every partition. An action is stored once, when its trace is
 * complete and classified, so its trace_end_lt never changes after it is written. The key holds
 * both columns: an id is a hash of the action's content and may in principle repeat in another
 * trace.
 */
export class ActionLts1796280000000 implements MigrationInterface {
  name = 'ActionLts1796280000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "action_lts" (
        "action_id" char(44) NOT NULL,
        "trace_end_lt" bigint NOT NULL,
        CONSTRAINT "action_lts_pkey" PRIMARY KEY ("action_id", "trace_end_lt")
      )
    `);
    await q.query(`
      INSERT INTO "action_lts" ("action_id", "trace_end_lt")
      SELECT DISTINCT "action_id", "trace_end_lt" FROM "actions"
    `);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "action_lts"`);
  }
}
