import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * `trace_accounts`: the traces each account takes part in, by the trace's end_lt, which the decoder
 * keeps with the traces it writes. /traces?account= was an EXISTS probe of transactions(account,
 * trace_id) for every trace in end_lt order (as toncenter's query is): for a busy account, ~600–1,900
 * probes per 100 traces, 3.5–9.6 ms on the 10M-transaction bench database; this index reads the same
 * page in ~1 ms. The rows of existing traces are filled here.
 */
export class TraceAccounts1796000000000 implements MigrationInterface {
  name = 'TraceAccounts1796000000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "trace_accounts" (
        "trace_id" char(44) NOT NULL,
        "account" varchar NOT NULL,
        "trace_end_lt" bigint NOT NULL,
        CONSTRAINT "trace_accounts_pkey" PRIMARY KEY ("trace_id", "account")
      )
    `);
    await q.query(`
      INSERT INTO "trace_accounts" ("trace_id", "account", "trace_end_lt")
      SELECT DISTINCT T.trace_id, T.account, E.end_lt
      FROM "transactions" T JOIN "traces" E ON E.trace_id = T.trace_id
    `);
    await q.query(
      `CREATE INDEX "trace_accounts_account_end_lt_idx" ON "trace_accounts" ("account", "trace_end_lt", "trace_id")`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "trace_accounts"`);
  }
}
