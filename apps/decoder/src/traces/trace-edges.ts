/**
 * Trace assembly over the transactions of one masterchain block (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/tondb-scanner/src/TraceAssembler.cpp):
 * pure logic, the database lookups happen around it.
 *
 * - Transactions are taken in `(lt, workchain, account)` order.
 * - A transaction whose in-message is an out-message of a transaction already in a trace joins that
 *   trace; otherwise it starts one: trace_id = its own hash, external_hash = its in-message hash.
 * - Edges: an internal out-message is pending until its transaction is seen; an external-in, a system
 *   message (from -1:000…0), a log (external-out) or a consumed internal message is a completed edge.
 * - A trace started by an internal message whose sender was never seen is `broken`.
 */

export const SYSTEM_ADDRESS = '-1:0000000000000000000000000000000000000000000000000000000000000000';

export interface EdgeTx {
  readonly hash: string;
  readonly lt: bigint;
  readonly now: number;
  readonly workchain: number;
  readonly account: string;
  readonly inMsg: { readonly hash: string; readonly source: string | null } | null;
  /** Out messages: `external` when they have no destination (logs). */
  readonly outMsgs: readonly { readonly hash: string; readonly external: boolean }[];
}

/** What one block changes in one trace (new traces carry their start fields). */
export interface TraceDelta {
  readonly traceId: string;
  readonly isNew: boolean;
  externalHash: string | null;
  broken: boolean;
  startLt: bigint;
  startUtime: number;
  endLt: bigint;
  endUtime: number;
  nodes: number;
  edges: number;
  pendingEdges: number;
}

export interface AssembledBlock {
  /** trace_id of every transaction of the block. */
  readonly traceOf: Map<string, string>;
  readonly deltas: Map<string, TraceDelta>;
}

/**
 * Assigns the block's transactions to traces. `knownParents` maps a message hash to the trace of the
 * earlier transaction (previous blocks) that sent it.
 */
export function assembleBlock(
  txs: readonly EdgeTx[],
  knownParents: ReadonlyMap<string, string>,
): AssembledBlock {
  const ordered = [...txs].sort(
    (a, b) =>
      (a.lt < b.lt ? -1 : a.lt > b.lt ? 1 : 0) ||
      a.workchain - b.workchain ||
      (a.account < b.account ? -1 : a.account > b.account ? 1 : 0),
  );
  const sentIn = new Map<string, string>(); // message hash → trace, for messages sent in this block
  const traceOf = new Map<string, string>();
  const deltas = new Map<string, TraceDelta>();

  for (const tx of ordered) {
    const internal =
      tx.inMsg !== null && tx.inMsg.source !== null && tx.inMsg.source !== SYSTEM_ADDRESS;
    const parent =
      tx.inMsg === null
        ? undefined
        : (sentIn.get(tx.inMsg.hash) ?? knownParents.get(tx.inMsg.hash));
    let delta: TraceDelta;
    if (parent !== undefined && internal) {
      delta = deltaFor(deltas, parent, tx);
      delta.edges += 1;
      delta.pendingEdges -= 1;
    } else {
      delta = {
        traceId: tx.hash,
        isNew: true,
        externalHash: tx.inMsg?.hash ?? null,
        broken: internal,
        startLt: tx.lt,
        startUtime: tx.now,
        endLt: tx.lt,
        endUtime: tx.now,
        nodes: 0,
        // The starting edge (external, system or broken) is complete; tick-tock has none.
        edges: tx.inMsg === null ? 0 : 1,
        pendingEdges: 0,
      };
      deltas.set(tx.hash, delta);
    }
    delta.nodes += 1;
    if (tx.lt > delta.endLt) {
      delta.endLt = tx.lt;
      delta.endUtime = tx.now;
    }
    for (const out of tx.outMsgs) {
      if (out.external) {
        delta.edges += 1;
      } else {
        delta.pendingEdges += 1;
        sentIn.set(out.hash, delta.traceId);
      }
    }
    traceOf.set(tx.hash, delta.traceId);
  }
  return { traceOf, deltas };
}

function deltaFor(deltas: Map<string, TraceDelta>, traceId: string, tx: EdgeTx): TraceDelta {
  let delta = deltas.get(traceId);
  if (delta === undefined) {
    delta = {
      traceId,
      isNew: false,
      externalHash: null,
      broken: false,
      startLt: tx.lt,
      startUtime: tx.now,
      endLt: tx.lt,
      endUtime: tx.now,
      nodes: 0,
      edges: 0,
      pendingEdges: 0,
    };
    deltas.set(traceId, delta);
  }
  return delta;
}
