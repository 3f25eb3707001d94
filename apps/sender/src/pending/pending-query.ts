import {
  type PendingActionsReq,
  type PendingActionsRes,
  type PendingTracesReq,
  type PendingTracesRes,
  type PendingTransactionsReq,
  type PendingTransactionsRes,
  type V3Action,
} from '@app/contracts';
import { type PendingAction, type PendingTrace } from './pending-trace';

/**
 * The action-type filter of
 * https://github.com/toncenter/ton-indexer/blob/HEAD/indexer/indexer/events/blocks/utils/block_tree_serializer.py
 * on pending actions: an action is shown when its type is supported and none of its ancestors'
 * types is (each client sees the highest-level actions it understands).
 */
export function visibleActions(
  actions: readonly PendingAction[],
  supported: readonly string[],
): PendingAction[] {
  const types = new Set(supported);
  return actions.filter((a) => types.has(a.type) && !a.ancestorType.some((t) => types.has(t)));
}

/** Newest emulation first (a client polling an account sees its latest send on top). */
function newestFirst(traces: readonly PendingTrace[]): PendingTrace[] {
  return [...traces].sort((a, b) => b.emulatedAt - a.emulatedAt);
}

/** pendingTraces (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): each trace with its visible actions. */
export function pendingTracesAnswer(
  traces: readonly PendingTrace[],
  req: PendingTracesReq,
): PendingTracesRes {
  return {
    traces: newestFirst(traces).map((t) => ({
      ...t.trace,
      actions: visibleActions(t.actions, req.supported_action_types).map((a) => a.action),
    })),
  };
}

/**
 * pendingActions
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): the visible
 * actions of the traces, those involving `account` when it is given; `include_transactions` adds
 * `transactions_full` from the trace's emulated transactions.
 */
export function pendingActionsAnswer(
  traces: readonly PendingTrace[],
  req: PendingActionsReq,
): PendingActionsRes {
  const actions: V3Action[] = [];
  for (const trace of newestFirst(traces)) {
    for (const a of visibleActions(trace.actions, req.supported_action_types)) {
      if (req.account !== undefined && !a.accounts.includes(req.account)) {
        continue;
      }
      if (!req.include_transactions) {
        actions.push(a.action);
        continue;
      }
      const txs = trace.trace.transactions ?? {};
      actions.push({
        ...a.action,
        transactions_full: a.action.transactions.flatMap((h) => {
          const tx = txs[h];
          return tx === undefined ? [] : [tx];
        }),
      });
    }
  }
  return { actions };
}

/**
 * pendingTransactions
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): the emulated
 * transactions of `account[]` (optionally of `trace_id[]`), by lt. Nothing pending is an empty
 * list, as pendingTraces and pendingActions answer it (toncenter answers this one alone with a 404
 * `emulated traces not found`; docs/toncenter-differences.md).
 */
export function pendingTransactionsAnswer(
  traces: readonly PendingTrace[],
  req: PendingTransactionsReq,
): PendingTransactionsRes {
  const accounts = new Set(req.account);
  const traceIds = req.trace_id === undefined ? undefined : new Set(req.trace_id);
  const selected = traces.filter((t) => traceIds === undefined || traceIds.has(t.trace.trace_id));
  const transactions = selected
    .flatMap((t) => Object.values(t.trace.transactions ?? {}))
    .filter((tx) => accounts.has(tx.account))
    .sort((a, b) => {
      const [x, y] = [BigInt(a.lt), BigInt(b.lt)];
      return x === y ? a.account.localeCompare(b.account) : x < y ? -1 : 1;
    });
  return { transactions };
}
