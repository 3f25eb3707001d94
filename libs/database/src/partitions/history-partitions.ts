import { type DataSource, type EntityManager } from 'typeorm';

/** A partition this process created: its table, name and lt range [from, to). */
export interface CreatedPartition {
  readonly table: string;
  readonly name: string;
  readonly from: bigint;
  readonly to: bigint;
}

export interface HistoryPartitionsOptions {
  /** Called for every partition created (the ingestor counts them). */
  readonly onCreated?: (partition: CreatedPartition) => void;
  /** Called after every check with the lt still free of partitions beyond the batch's (headroom). */
  readonly onHeadroom?: (lt: bigint) => void;
}

/** A range-partitioned table and the upper bound of its newest partition. */
interface PartitionedTable {
  readonly table: string;
  readonly upper: bigint;
}

/** Serializes the writers that extend the partitions (any constant: one lock of this kind). */
const PARTITION_LOCK = 7_304_113_001;

/**
 * A gap larger than this many widths between the newest partition and the lt written is covered by
 * one partition (an index started at a late block, whose older history backfill may add later),
 * not by thousands of empty ones.
 */
const MAX_GAP_PARTITIONS = 16n;

/**
 * Keeps the lt-partitioned history tables (migration PartitionHistory) ahead of the chain: before a
 * batch whose newest lt is `lt` is written, every partitioned table has partitions covering at least
 * one partition width beyond it, so rows never find no partition and a new partition is made while
 * the previous one still takes the writes. The newest bound is kept in memory: a batch that fits
 * asks the database nothing.
 *
 * A partition is created as a plain table and then attached: ATTACH PARTITION takes SHARE UPDATE
 * EXCLUSIVE on the parent, so reads and writes of the table go on while it runs
 * (https://www.postgresql.org/docs/current/sql-altertable.html), where CREATE TABLE … PARTITION OF
 * would take ACCESS EXCLUSIVE. Each extension runs in its own short transaction, before the batch's,
 * under an advisory lock, so two writers never create the same partition.
 */
export class HistoryPartitions {
  private covered: bigint | null = null;
  private width: bigint | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: HistoryPartitionsOptions = {},
  ) {}

  /** The lt below which every partitioned table has a partition, as last read or made (null before). */
  coveredUpTo(): bigint | null {
    return this.covered;
  }

  /** Makes sure every partitioned table takes rows up to `lt + width`; returns the partitions made. */
  async ensureCovers(lt: bigint): Promise<CreatedPartition[]> {
    if (this.covered !== null && this.width !== null && lt + this.width < this.covered) {
      this.options.onHeadroom?.(this.covered - lt);
      return [];
    }
    const created: CreatedPartition[] = [];
    await this.dataSource.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock($1)', [PARTITION_LOCK]);
      const width = await partitionWidth(m);
      const target = lt + width;
      let covered: bigint | null = null;
      for (const { table, upper } of await partitionedTables(m)) {
        let from = upper;
        while (from <= target) {
          const alignedBelow = (lt / width) * width;
          const to = alignedBelow - from > width * MAX_GAP_PARTITIONS ? alignedBelow : from + width;
          created.push(await attachPartition(m, table, from, to));
          from = to;
        }
        covered = covered === null || from < covered ? from : covered;
      }
      this.width = width;
      this.covered = covered;
    });
    for (const partition of created) {
      this.options.onCreated?.(partition);
    }
    if (this.covered !== null) {
      this.options.onHeadroom?.(this.covered - lt);
    }
    return created;
  }
}

async function partitionWidth(m: EntityManager): Promise<bigint> {
  const [row] = await m.query<{ width: string }[]>(
    `SELECT lt_width::text AS width FROM history_partitioning`,
  );
  if (row === undefined) {
    throw new Error('history_partitioning has no row: run the migrations');
  }
  return BigInt(row.width);
}

/**
 * Every range-partitioned table of the schema with the upper bound of its newest partition
 * (`FOR VALUES FROM (…) TO ('<n>')` as pg_get_expr prints a bound).
 */
async function partitionedTables(m: EntityManager): Promise<PartitionedTable[]> {
  const rows = await m.query<{ table: string; bound: string }[]>(
    `SELECT p.relname AS table, pg_get_expr(c.relpartbound, c.oid) AS bound
     FROM pg_partitioned_table pt
     JOIN pg_class p ON p.oid = pt.partrelid
     JOIN pg_namespace n ON n.oid = p.relnamespace AND n.nspname = current_schema()
     JOIN pg_inherits i ON i.inhparent = p.oid
     JOIN pg_class c ON c.oid = i.inhrelid
     WHERE pt.partstrat = 'r'`,
  );
  const upper = new Map<string, bigint>();
  for (const row of rows) {
    const match = /TO \('?(-?\d+)'?\)/.exec(row.bound);
    if (match?.[1] === undefined) {
      continue;
    }
    const to = BigInt(match[1]);
    const known = upper.get(row.table);
    if (known === undefined || to > known) {
      upper.set(row.table, to);
    }
  }
  return [...upper].map(([table, to]) => ({ table, upper: to })).sort(byName);
}

function byName(a: PartitionedTable, b: PartitionedTable): number {
  return a.table < b.table ? -1 : a.table > b.table ? 1 : 0;
}

async function attachPartition(
  m: EntityManager,
  table: string,
  from: bigint,
  to: bigint,
): Promise<CreatedPartition> {
  const name = `${table}_lt_${from.toString()}`;
  await m.query(
    `CREATE TABLE "${name}" (LIKE "${table}" INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING STORAGE)`,
  );
  await m.query(
    `ALTER TABLE "${table}" ATTACH PARTITION "${name}" FOR VALUES FROM (${from.toString()}) TO (${to.toString()})`,
  );
  return { table, name, from, to };
}
