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
  return spanLtRanges(await traceSpans(ds, traceIds));
}

/** A trace and its lt range, as a `traces` row (or a page of them) gives it (decimal strings). */
export interface TraceSpan {
  readonly trace_id: string;
  readonly start_lt: string;
  readonly end_lt: string;
}

/** The spans of the traces of these ids that exist. */
export function traceSpans(ds: Queryable, traceIds: readonly string[]): Promise<TraceSpan[]> {
  return ds.query<TraceSpan[]>(
    `SELECT trace_id, start_lt::text AS start_lt, end_lt::text AS end_lt FROM traces
     WHERE trace_id = ANY($1::char(44)[])`,
    [traceIds],
  );
}

/** The distinct lt ranges of `spans`. */
export function spanLtRanges(spans: readonly TraceSpan[]): LtRange[] {
  const ranges = new Map<string, LtRange>();
  for (const s of spans) {
    ranges.set(`${s.start_lt}:${s.end_lt}`, { start: s.start_lt, end: s.end_lt });
  }
  return [...ranges.values()];
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
  return merged(await mappedRanges(ds, table, accounts), true);
}

/**
 * The lt windows in which `accounts` have rows of `table`, ascending: one per partition width of
 * the map (overlapping ranges, of an older and a newer width, merged; adjacent ones kept apart), so
 * that a page can be read one window after another (lt-windows.ts).
 */
export async function accountLtWindows(
  ds: Queryable,
  table: AccountHistoryTable,
  accounts: readonly string[],
): Promise<LtRange[]> {
  return merged(await mappedRanges(ds, table, accounts), false);
}

/** The map's `[from, to)` ranges of `accounts` in `table`. */
async function mappedRanges(
  ds: Queryable,
  table: AccountHistoryTable,
  accounts: readonly string[],
): Promise<{ from: bigint; to: bigint }[]> {
  const rows = await ds.query<{ from: string; to: string }[]>(
    `SELECT DISTINCT lt_from::text AS "from", lt_to::text AS "to" FROM account_lt_ranges
     WHERE account = ANY($1::varchar[]) AND table_name = $2`,
    [accounts, table],
  );
  return rows.map((r) => ({ from: BigInt(r.from), to: BigInt(r.to) }));
}

/**
 * `[from, to)` ranges sorted and merged where they overlap (and where they touch, if `adjacent`),
 * as the inclusive ranges withinLtRanges takes.
 */
function merged(ranges: readonly { from: bigint; to: bigint }[], adjacent: boolean): LtRange[] {
  const sorted = [...ranges].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  const out: { from: bigint; to: bigint }[] = [];
  for (const range of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && (range.from < last.to || (adjacent && range.from === last.to))) {
      last.to = range.to > last.to ? range.to : last.to;
    } else {
      out.push({ ...range });
    }
  }
  return out.map((r) => ({ start: r.from.toString(), end: (r.to - 1n).toString() }));
}

/** Ranges a covering condition keeps at most: each is one pruning step of the planner. */
const COVERING_RANGES = 16;

/**
 * At most `max` ranges covering `ranges` (the whole of each), merged across the smallest gaps
 * first: a condition for pruning only (the statement keeps its exact bounds), so that a page of
 * many traces is not an OR of hundreds of ranges; a gap kept is one the partitions need not read.
 */
export function coveringLtRanges(ranges: readonly LtRange[], max = COVERING_RANGES): LtRange[] {
  const sorted = merged(
    ranges.map((r) => ({ from: BigInt(r.start), to: BigInt(r.end) + 1n })),
    true,
  );
  if (sorted.length <= max) {
    return sorted;
  }
  // Split only at the max - 1 widest gaps.
  const gaps = sorted
    .slice(1)
    .map((r, i) => ({ at: i + 1, width: BigInt(r.start) - BigInt(sorted[i]?.end ?? r.start) }))
    .sort((a, b) => (a.width > b.width ? -1 : a.width < b.width ? 1 : a.at - b.at))
    .slice(0, max - 1)
    .map((g) => g.at)
    .sort((a, b) => a - b);
  const out: LtRange[] = [];
  let from = 0;
  for (const at of [...gaps, sorted.length]) {
    const first = sorted[from];
    const last = sorted[at - 1];
    if (first !== undefined && last !== undefined) {
      out.push({ start: first.start, end: last.end });
    }
    from = at;
  }
  return out;
}
