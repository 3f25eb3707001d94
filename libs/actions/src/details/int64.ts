/**
 * ton-index-go's `*int64` detail fields (a Cocoon worker state, an unregister seqno, DNS record flags)
 * print as JSON numbers, unlike its `*string` amounts. The classifier hands them over as numbers, a
 * stored row may carry them as text.
 */
import type { ActionValue } from './types';

export function int64(v: ActionValue | undefined): number | null {
  if (typeof v === 'number') {
    return v;
  }
  if (typeof v === 'bigint' || (typeof v === 'string' && /^-?\d+$/.test(v))) {
    return Number(v);
  }
  return null;
}
