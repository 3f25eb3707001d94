import { type MeasuredTable } from './scale-out.extrapolation';
import { type PgQueryable } from './pg';

/** The tables whose size the scale-out report carries to mainnet (history, lookups, per account). */
export const MEASURED_TABLES = [
  'transactions',
  'messages',
  'message_contents',
  'account_states',
  'traces',
  'actions',
  'action_accounts',
  'trace_accounts',
  'jetton_transfers',
  'transaction_lts',
  'message_lts',
  'latest_account_states',
  'jetton_wallets',
] as const;

/**
 * Rows (the planner's count after VACUUM ANALYZE), heap + TOAST bytes and each index's bytes of every
 * table, summed over its partitions.
 */
export async function measureTables(db: PgQueryable): Promise<MeasuredTable[]> {
  const out: MeasuredTable[] = [];
  for (const table of MEASURED_TABLES) {
    // pg_partition_tree of a plain table is empty: the table itself is added (a parent adds 0).
    const { rows } = await db.query(
      `WITH rels AS (SELECT relid FROM pg_partition_tree($1::regclass) UNION SELECT $1::regclass)
       SELECT (SELECT relkind = 'p' FROM pg_class WHERE oid = $1::regclass) AS partitioned,
         (SELECT coalesce(sum(greatest(c.reltuples, 0)), 0)::float8 FROM rels JOIN pg_class c
          ON c.oid = rels.relid WHERE c.relkind = 'r') AS rows,
         (SELECT coalesce(sum(pg_table_size(relid)), 0)::float8 FROM rels) AS bytes`,
      [table],
    );
    const head = rows[0] as { partitioned: boolean; rows: number; bytes: number };
    const indexes = await db.query(
      `SELECT x.indexrelid::regclass::text AS name,
         (SELECT coalesce(sum(pg_relation_size(r.relid)), 0)::float8 FROM
           (SELECT relid FROM pg_partition_tree(x.indexrelid) UNION SELECT x.indexrelid) r) AS bytes
       FROM pg_index x WHERE x.indrelid = $1::regclass ORDER BY 1`,
      [table],
    );
    out.push({
      table,
      partitioned: head.partitioned,
      rows: Math.round(head.rows),
      tableBytes: head.bytes,
      indexes: indexes.rows as { name: string; bytes: number }[],
    });
  }
  return out;
}

/** Partitions of `transactions` that hold rows, and all of them (the width spreads the rows). */
export async function partitionCounts(
  db: PgQueryable,
): Promise<{ total: number; withRows: number }> {
  const { rows } = await db.query(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE c.reltuples > 0)::int AS with_rows
     FROM pg_partition_tree('transactions'::regclass) t JOIN pg_class c ON c.oid = t.relid
     WHERE t.isleaf`,
  );
  const row = rows[0] as { total: number; with_rows: number };
  return { total: row.total, withRows: row.with_rows };
}
