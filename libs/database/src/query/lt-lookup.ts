import { type DataSource } from 'typeorm';

/**
 * The lts of the rows a hash names, from the lookup tables the chain writer fills with them
 * (migration PartitionHistory). A read by hash asks these first and sends its statement with
 * `<lt column> = ANY($n::bigint[])` beside the hash condition: with the values known when the
 * statement is planned, PostgreSQL plans only the partitions of those lts (partition pruning,
 * https://www.postgresql.org/docs/current/ddl-partitioning.html#DDL-PARTITION-PRUNING) instead of
 * probing the hash index of every partition. (An `= ANY(ARRAY(SELECT …))` in the same statement is
 * not pruned: run-time pruning takes no array computed by a sub-query.)
 */

type Queryable = Pick<DataSource, 'query'>;

/** The lts of the transactions whose hashes are `hashes` (decimal strings). */
export async function transactionLts(ds: Queryable, hashes: readonly string[]): Promise<string[]> {
  const rows = await ds.query<{ lt: string }[]>(
    `SELECT DISTINCT lt::text AS lt FROM transaction_lts WHERE hash = ANY($1::char(44)[])`,
    [hashes],
  );
  return rows.map((r) => r.lt);
}

/** The lts of the transactions that have a message of these hashes (or normalized hashes). */
export async function messageTxLts(ds: Queryable, hashes: readonly string[]): Promise<string[]> {
  const rows = await ds.query<{ lt: string }[]>(
    `SELECT DISTINCT tx_lt::text AS lt FROM message_lts WHERE msg_hash = ANY($1::char(44)[])`,
    [hashes],
  );
  return rows.map((r) => r.lt);
}

/** The trace_end_lts of the actions whose ids are `actionIds` (migration ActionLts). */
export async function actionTraceEndLts(
  ds: Queryable,
  actionIds: readonly string[],
): Promise<string[]> {
  const rows = await ds.query<{ lt: string }[]>(
    `SELECT DISTINCT trace_end_lt::text AS lt FROM action_lts WHERE action_id = ANY($1::char(44)[])`,
    [actionIds],
  );
  return rows.map((r) => r.lt);
}

/** An inclusive lt range (decimal strings). */
export interface LtRange {
  readonly start: string;
  readonly end: string;
}

/**
 * The lt ranges of these traces (`start_lt`..`end_lt`): every row of a trace in a table partitioned by
 * a trace's lt lies in its trace's range (the end of a pending trace only grows).
 */
export async function traceLtRanges(
  ds: Queryable,
  traceIds: readonly string[],
): Promise<LtRange[]> {
  return ds.query<LtRange[]>(
    `SELECT DISTINCT start_lt::text AS start, end_lt::text AS "end" FROM traces
     WHERE trace_id = ANY($1::char(44)[])`,
    [traceIds],
  );
}

/**
 * The lt ranges of the traces of the messages of these hashes (or normalized hashes), their
 * transactions found through `message_lts` first (the messages' partitions only).
 */
export async function messageTraceLtRanges(
  ds: Queryable,
  hashes: readonly string[],
): Promise<LtRange[]> {
  const lts = await messageTxLts(ds, hashes);
  return ds.query<LtRange[]>(
    `SELECT DISTINCT E.start_lt::text AS start, E.end_lt::text AS "end"
     FROM messages M JOIN traces E ON E.trace_id = M.trace_id
     WHERE (M.msg_hash = ANY($1::char(44)[]) OR M.msg_hash_norm = ANY($1::char(44)[]))
       AND M.tx_lt = ANY($2::bigint[])`,
    [hashes, lts],
  );
}

/**
 * `column` within one of `ranges` (false for none), the bounds as parameters made by `param`: a
 * disjunction of ranges that plan-time pruning narrows to their partitions.
 */
export function withinLtRanges(
  column: string,
  ranges: readonly LtRange[],
  param: (value: string) => string,
): string {
  if (ranges.length === 0) {
    return 'false';
  }
  const each = ranges.map(
    (r) => `${column} BETWEEN ${param(r.start)}::bigint AND ${param(r.end)}::bigint`,
  );
  return `(${each.join(' OR ')})`;
}

/** A history table read by account, as `account_lt_ranges` names it (migration AccountLtRanges). */
export type AccountHistoryTable =
  | 'transactions'
  | 'messages'
  | 'jetton_transfers'
  | 'jetton_burns'
  | 'nft_transfers'
  | 'action_accounts'
  | 'trace_accounts';

/**
 * The lt ranges in which `accounts` have rows of `table` (from `account_lt_ranges`, written with
 * the rows), adjacent and overlapping ones merged: an account with rows in every partition gets one
 * range, and its statement one condition. None when the accounts have no row there.
 */
export async function accountLtRanges(
  ds: Queryable,
  table: AccountHistoryTable,
  accounts: readonly string[],
): Promise<LtRange[]> {
  const rows = await ds.query<{ from: string; to: string }[]>(
    `SELECT DISTINCT lt_from::text AS "from", lt_to::text AS "to" FROM account_lt_ranges
     WHERE account = ANY($1::varchar[]) AND table_name = $2`,
    [accounts, table],
  );
  const sorted = rows
    .map((r) => ({ from: BigInt(r.from), to: BigInt(r.to) }))
    .sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  const merged: { from: bigint; to: bigint }[] = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && range.from <= last.to) {
      last.to = range.to > last.to ? range.to : last.to;
    } else {
      merged.push({ ...range });
    }
  }
  // [from, to) as the inclusive ranges withinLtRanges takes.
  return merged.map((r) => ({ start: r.from.toString(), end: (r.to - 1n).toString() }));
}
