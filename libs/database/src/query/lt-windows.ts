import { type LtRange } from './lt-lookup';

/**
 * Rows of a page beyond which a page is not read window by window: each window's statement returns
 * every row up to the page's end (it cannot skip an offset whose rows lie in windows it has not
 * read), so a deep offset would bring them all to the client. One statement over every window skips
 * them in the server instead.
 */
export const WINDOWED_PAGE_MAX_ROWS = 2000;

/** One statement of a page: the rows of `windows` in the page's order, from `offset`, `limit` at most. */
export type WindowRead<T> = (
  windows: readonly LtRange[],
  limit: number,
  offset: number,
) => Promise<T[]>;

/**
 * The page `[offset, offset + limit)` of rows ordered first by the partition key (ascending or
 * descending), the key's windows given (disjoint, ascending: accountLtWindows). The windows are read
 * in the page's order, one statement after another, each with the lt bounds of its windows as
 * literal parameters, so PostgreSQL plans only those windows' partitions
 * (https://www.postgresql.org/docs/current/ddl-partitioning.html#DDL-PARTITION-PRUNING) instead of
 * every partition the account has rows in: the newest window first, then two more, then four, until
 * the page is full. A busy account's newest page costs one partition's plan; an account with fewer
 * rows than a page costs a few statements whose partitions add up to its own.
 *
 * The rows are those of one statement over all windows: windows are disjoint lt ranges read in the
 * page's order and each statement returns its rows in the page's order, so their concatenation is
 * that order, and its first `offset + limit` rows are that statement's. No window, no statement.
 */
export async function pageByLtWindows<T>(
  windows: readonly LtRange[],
  sort: 'asc' | 'desc',
  limit: number,
  offset: number,
  read: WindowRead<T>,
): Promise<T[]> {
  const wanted = offset + limit;
  if (wanted > WINDOWED_PAGE_MAX_ROWS) {
    return windows.length === 0 ? [] : read(joined(windows), limit, offset);
  }
  const ordered = sort === 'desc' ? [...windows].reverse() : [...windows];
  const rows: T[] = [];
  let next = 0;
  for (let size = 1; next < ordered.length && rows.length < wanted; size *= 2) {
    const batch = ordered.slice(next, next + size);
    next += batch.length;
    rows.push(...(await read(joined(batch), wanted - rows.length, 0)));
  }
  return rows.slice(offset, wanted);
}

/** Windows (in either order) as ascending ranges, touching ones joined: fewer conditions. */
function joined(windows: readonly LtRange[]): LtRange[] {
  const sorted = [...windows].sort((a, b) => compare(BigInt(a.start), BigInt(b.start)));
  const out: LtRange[] = [];
  for (const w of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && BigInt(last.end) + 1n === BigInt(w.start)) {
      out[out.length - 1] = { start: last.start, end: w.end };
    } else {
      out.push(w);
    }
  }
  return out;
}

function compare(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
