/**
 * The first index whose item satisfies `pred`, for a predicate that is false and then true along the
 * array (a chain's blocks ordered by seqno have non-decreasing lt, gen_utime and mc seqno); the array's
 * length when no item does. O(log n): lookups on a long-running network must not walk every block.
 */
export function firstIndexWhere<T>(items: readonly T[], pred: (item: T) => boolean): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const item = items[mid] as T;
    if (pred(item)) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return lo;
}
