import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** A history table, its partition key and the columns naming the accounts its reads filter by. */
export interface AccountHistory {
  readonly table: string;
  readonly lt: string;
  readonly accounts: readonly string[];
}

/**
 * The lt-partitioned history tables read by account (migrations PartitionHistory,
 * PartitionTraceHistory): `account_lt_ranges` names, per table, the lt ranges each of these
 * columns' accounts has rows in.
 */
export const ACCOUNT_HISTORIES: readonly AccountHistory[] = [
  { table: 'transactions', lt: 'lt', accounts: ['account'] },
  { table: 'messages', lt: 'tx_lt', accounts: ['source', 'destination'] },
  { table: 'jetton_transfers', lt: 'tx_lt', accounts: ['source', 'destination'] },
  { table: 'jetton_burns', lt: 'tx_lt', accounts: ['owner'] },
  { table: 'nft_transfers', lt: 'tx_lt', accounts: ['old_owner', 'new_owner'] },
  { table: 'action_accounts', lt: 'trace_end_lt', accounts: ['account'] },
  { table: 'trace_accounts', lt: 'trace_end_lt', accounts: ['account'] },
];

/**
 * The distinct (account, table, lt range) of `rows` (an alias of `table`'s rows): each account of
 * the account columns, and the range of the partition width (history_partitioning) holding the
 * row's partition key.
 */
function rangesOf(h: AccountHistory, rows: string): string {
  const accounts = h.accounts.map((c) => `(R."${c}")`).join(', ');
  return `SELECT DISTINCT A.account, '${h.table}', R."${h.lt}" - R."${h.lt}" % W.lt_width,
      R."${h.lt}" - R."${h.lt}" % W.lt_width + W.lt_width
    FROM ${rows} R CROSS JOIN LATERAL (VALUES ${accounts}) AS A(account)
    CROSS JOIN history_partitioning W
    WHERE A.account IS NOT NULL`;
}

const INSERT = `INSERT INTO "account_lt_ranges" ("account", "table_name", "lt_from", "lt_to")`;

/**
 * `account_lt_ranges`: for each history table read by account, the lt ranges (one partition width
 * each, `[lt_from, lt_to)`) in which an account has rows. A read by account asks it first and sends
 * its statement with `<lt column> BETWEEN … OR …` over those ranges, which PostgreSQL prunes when it
 * plans the statement (https://www.postgresql.org/docs/current/ddl-partitioning.html#DDL-PARTITION-PRUNING):
 * an account with rows in few partitions is read in those only, not probed in every one.
 *
 * Kept by an AFTER INSERT statement trigger on each table, from its transition table
 * (https://www.postgresql.org/docs/current/sql-createtrigger.html): in the same transaction as the
 * rows, whichever writer inserts them (the ingestor's chain writer, the decoder, a replay). Rows
 * that already exist are not in the transition table (`ON CONFLICT DO NOTHING` skips them) and a
 * range already known is skipped the same way, so replays and re-decodes add nothing. These tables
 * are only inserted into and deleted from (the decoder's UPDATEs stamp trace ids, never an account
 * or a partition key), and a range is never removed: a range left by deleted rows (a pending trace's
 * `trace_accounts` moved to its new end) only adds a partition to read, never hides a row. Ranges
 * are in the width of the time they were written: after a change of `lt_width`, old and new ranges
 * both hold (each is keyed by its bounds), and a range may cover parts of two partitions.
 *
 * Each table's ranges are keys of their own (`table_name`), so the ingestor (transactions,
 * messages) and the decoder (the other tables) never wait on each other's keys; a trigger inserts its
 * ranges in key order.
 */
export class AccountLtRanges1796347120000 implements MigrationInterface {
  name = 'AccountLtRanges1796347120000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "account_lt_ranges" (
        "account" varchar NOT NULL,
        "table_name" varchar NOT NULL,
        "lt_from" bigint NOT NULL,
        "lt_to" bigint NOT NULL,
        CONSTRAINT "account_lt_ranges_pkey" PRIMARY KEY ("account", "table_name", "lt_from", "lt_to")
      )
    `);
    for (const h of ACCOUNT_HISTORIES) {
      await q.query(`
        CREATE FUNCTION "${h.table}_account_lt_ranges"() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          ${INSERT} ${rangesOf(h, 'new_rows')} ORDER BY 1, 3, 4 ON CONFLICT DO NOTHING;
          RETURN NULL;
        END $$
      `);
      await q.query(`
        CREATE TRIGGER "${h.table}_account_lt_ranges" AFTER INSERT ON "${h.table}"
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
        EXECUTE FUNCTION "${h.table}_account_lt_ranges"()
      `);
      // The rows already stored: one read of each table.
      await q.query(`${INSERT} ${rangesOf(h, `"${h.table}"`)} ON CONFLICT DO NOTHING`);
    }
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const h of ACCOUNT_HISTORIES) {
      await q.query(`DROP TRIGGER "${h.table}_account_lt_ranges" ON "${h.table}"`);
      await q.query(`DROP FUNCTION "${h.table}_account_lt_ranges"()`);
    }
    await q.query(`DROP TABLE "account_lt_ranges"`);
  }
}
