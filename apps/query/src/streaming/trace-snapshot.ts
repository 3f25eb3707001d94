import { type V3Action, type V3TraceNode, type V3Transaction } from '@app/contracts';
import { type ActionQueryRow, type TransactionBundle } from '@app/database';
import { assembleTraceTree } from '@app/v3-render';
import { actionAddresses, toV3Action } from '../actions/action.mapper';
import { toV3Transaction, transactionAddresses } from '../transactions/transaction.mapper';

/** A trace as it stood after one masterchain block, rendered once for every finality. */
export interface TraceSnapshot {
  readonly traceId: string;
  /** The trace key: the normalised hash of the root's external message. */
  readonly norm: string;
  /** In (lt, account) order, as /api/v3/traces renders them (finality still `finalized`). */
  readonly transactions: readonly V3Transaction[];
  readonly tree: V3TraceNode;
  readonly actions: readonly { readonly action: V3Action; readonly ancestorTypes: string[] }[];
  /** Every address of the trace: tx accounts, message ends, action addresses (toncenter's set). */
  readonly addresses: readonly string[];
}

export interface TraceSnapshotInput {
  readonly traceId: string;
  readonly norm: string;
  readonly mcSeqno: number;
  /** The trace's stored transactions in (lt, account) order (TransactionQueryRepository.ofTraces). */
  readonly bundles: readonly TransactionBundle[];
  /** The trace's stored actions (every type), in (start_lt, end_lt) order. */
  readonly actions: readonly ActionQueryRow[];
  /** `action_accounts` keyed `trace_id:action_id`. */
  readonly accounts: ReadonlyMap<string, string[]>;
}

/**
 * The trace as of block `mcSeqno`: its transactions committed up to that block and, when it was
 * complete by then, its actions (the decoder classifies a trace in the block that completes it:
 * `trace_mc_seqno_end`). Later rows are left out so that a publisher catching up renders each block as
 * it was; undefined when no transaction is that old.
 */
export function traceSnapshot(input: TraceSnapshotInput): TraceSnapshot | undefined {
  const transactions = input.bundles
    .filter((b) => b.tx.mc_block_seqno <= input.mcSeqno)
    .map(toV3Transaction);
  const { root } = assembleTraceTree(transactions);
  if (root === undefined) {
    return undefined;
  }
  const rows = input.actions.filter((a) => a.trace_mc_seqno_end <= input.mcSeqno);
  const actions = rows.map((row) => ({
    action: {
      ...toV3Action(row),
      accounts: input.accounts.get(`${row.trace_id}:${row.action_id}`) ?? [],
    },
    ancestorTypes: [...row.ancestor_type],
  }));
  const addresses = [
    ...new Set([...transactions.flatMap(transactionAddresses), ...rows.flatMap(actionAddresses)]),
  ];
  return {
    traceId: input.traceId,
    norm: input.norm,
    transactions,
    tree: root,
    actions,
    addresses,
  };
}
