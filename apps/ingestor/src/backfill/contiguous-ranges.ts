/** A closed range of masterchain seqnos. */
export interface SeqnoRange {
  readonly from: number;
  readonly to: number;
}

/**
 * Sorted seqnos → contiguous ranges of at most `maxSize` (a backfill worker's unit of work: within a
 * range each batch's shard walk reuses the previous block's tops, so ranges should be long, but not so
 * long that one worker ends up with all the work).
 */
export function contiguousRanges(seqnos: readonly number[], maxSize: number): SeqnoRange[] {
  const ranges: SeqnoRange[] = [];
  let start: number | undefined;
  let previous = Number.NaN;
  for (const seqno of seqnos) {
    if (start !== undefined && seqno === previous + 1 && seqno - start < maxSize) {
      previous = seqno;
      continue;
    }
    if (start !== undefined) {
      ranges.push({ from: start, to: previous });
    }
    start = seqno;
    previous = seqno;
  }
  if (start !== undefined) {
    ranges.push({ from: start, to: previous });
  }
  return ranges;
}
