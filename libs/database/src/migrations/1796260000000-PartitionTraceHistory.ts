import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { createPartition, partitionInPlace, unpartition } from '../partitions/partition-in-place';

/**
 * `actions` and `trace_accounts` become range-partitioned by the lt of their trace's last transaction
 * (`trace_end_lt`, which both carry), in place and on the same bounds as the other history tables
 * (migration PartitionHistory): partition `<table>_lt_<from>` of every table holds the same stretch
 * of the chain, and the ingestor's HistoryPartitions makes them all ahead of it.
 *
 * A partitioned table's unique keys must contain the partition key, and neither primary key does
 * ((trace_id, action_id) and (trace_id, account)), so each gets one more column. The new unique index
 * is built on the table as it is (an index build: one read of the table and a sort, under a SHARE lock
 * that lets reads go on), then the primary key is swapped onto it (`ADD PRIMARY KEY USING INDEX`: the
 * columns are already NOT NULL, nothing is scanned) and the old key index dropped. No row is
 * rewritten; the rest is PartitionHistory's (renamed, attached as `<table>_lt_min` behind a CHECK,
 * indexes adopted).
 */
export class PartitionTraceHistory1796260000000 implements MigrationInterface {
  name = 'PartitionTraceHistory1796260000000';

  public async up(q: QueryRunner): Promise<void> {
    const [newest] = (await q.query(
      `SELECT greatest((SELECT max(trace_end_lt) FROM actions),
                       (SELECT max(trace_end_lt) FROM trace_accounts))::text AS lt`,
    )) as { lt: string | null }[];
    const ranges = await partitionRanges(q, 'transactions');
    const newestLt = BigInt(newest?.lt ?? '-1');
    // The oldest partition ends at the first bound of the others above every row it holds.
    const first = ranges.find((range) => range.to > newestLt);
    if (first === undefined) {
      throw new Error(`no transactions partition covers trace_end_lt ${newestLt.toString()}`);
    }
    for (const [table, keyColumns] of TRACE_TABLES) {
      await swapPrimaryKey(q, table, [...keyColumns, 'trace_end_lt']);
      await partitionInPlace(q, table, 'trace_end_lt', first.to);
      for (const range of ranges) {
        if (range.from !== null && range.from >= first.to) {
          await createPartition(q, table, range.from, range.to);
        }
      }
    }
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const [table, keyColumns] of [...TRACE_TABLES].reverse()) {
      await unpartition(q, table);
      await swapPrimaryKey(q, table, keyColumns);
    }
  }
}

/** The tables and their primary key before it (the partition key is appended to it). */
const TRACE_TABLES: readonly (readonly [string, readonly string[]])[] = [
  ['actions', ['trace_id', 'action_id']],
  ['trace_accounts', ['trace_id', 'account']],
];

/** Builds a unique index on `columns` and makes it the table's primary key, in place of the old one. */
async function swapPrimaryKey(
  q: QueryRunner,
  table: string,
  columns: readonly string[],
): Promise<void> {
  const key = `${table}_pkey`;
  const next = `${key}_next`;
  const list = columns.map((column) => `"${column}"`).join(', ');
  await q.query(`CREATE UNIQUE INDEX "${next}" ON "${table}" (${list})`);
  await q.query(`ALTER TABLE "${table}" DROP CONSTRAINT "${key}"`);
  await q.query(`ALTER TABLE "${table}" ADD CONSTRAINT "${key}" PRIMARY KEY USING INDEX "${next}"`);
}

interface PartitionRange {
  /** null: the oldest partition (from MINVALUE). */
  readonly from: bigint | null;
  readonly to: bigint;
}

/** The ranges of `table`'s partitions, in lt order (bounds as pg_get_expr prints them). */
async function partitionRanges(q: QueryRunner, table: string): Promise<PartitionRange[]> {
  const rows = (await q.query(
    `SELECT pg_get_expr(c.relpartbound, c.oid) AS bound
     FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = $1::regclass`,
    [`public."${table}"`],
  )) as { bound: string }[];
  const ranges: PartitionRange[] = [];
  for (const { bound } of rows) {
    const match = /FROM \((MINVALUE|'?-?\d+'?)\) TO \('?(-?\d+)'?\)/.exec(bound);
    if (match?.[1] === undefined || match[2] === undefined) {
      continue;
    }
    const from = match[1] === 'MINVALUE' ? null : BigInt(match[1].replaceAll("'", ''));
    ranges.push({ from, to: BigInt(match[2]) });
  }
  return ranges.sort((a, b) => (a.to < b.to ? -1 : a.to > b.to ? 1 : 0));
}
