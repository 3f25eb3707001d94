import { type TransactionRow } from '@app/database';
import { type PendingTrace } from './pending-trace';

/** The indexed root as compared (a TransactionBundle of TransactionQueryRepository is one). */
export interface LandedRoot {
  readonly tx: Pick<TransactionRow, 'compute_success' | 'aborted'>;
  readonly outMsgs: readonly unknown[];
}

/** What the first transaction of a trace did, in the terms compared. */
interface RootShape {
  readonly computeSuccess: boolean;
  readonly aborted: boolean;
  readonly outMessages: number;
}

/**
 * Whether the indexed first transaction of a landed message did not do what the emulation predicted:
 * a different compute-phase outcome, an abort where none was predicted (or the reverse), or a different
 * number of out-messages (hence of child transactions). Only the root is compared: it is what the
 * landing watcher finds as soon as the ingestor commits it, before the rest of the trace (and its
 * `finalized` snapshot, which replaces the prediction anyway) is decoded. Undefined when the prediction
 * has no root transaction.
 */
export function rootDiverges(predicted: PendingTrace, landed: LandedRoot): boolean | undefined {
  const root = predicted.trace.transactions?.[predicted.trace.trace_id];
  if (root === undefined) {
    return undefined;
  }
  const expected: RootShape = {
    computeSuccess: root.description.compute_ph?.success === true,
    aborted: root.description.aborted === true,
    outMessages: root.out_msgs.length,
  };
  const actual: RootShape = {
    computeSuccess: landed.tx.compute_success === true,
    aborted: landed.tx.aborted === true,
    outMessages: landed.outMsgs.length,
  };
  return (
    expected.computeSuccess !== actual.computeSuccess ||
    expected.aborted !== actual.aborted ||
    expected.outMessages !== actual.outMessages
  );
}
