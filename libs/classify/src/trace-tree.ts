import { inMessage, outMessages, type TraceTransaction } from './trace-model';

/** A transaction of the trace tree with the transactions its out-messages started. */
export interface TraceTreeNode {
  tx: TraceTransaction;
  children: TraceTreeNode[];
}

export interface TraceTree {
  root: TraceTreeNode;
  /** Transactions whose in-message no other transaction of the trace sent, besides the root. */
  orphans: TraceTreeNode[];
}

/**
 * Builds the parent → children tree over message edges (toncenter
 * https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models): a transaction
 * whose in-message was an out-message of another transaction of the trace is that transaction's child;
 * the earliest orphan is the root. Children are in out-message order.
 */
export function buildTraceTree(transactions: readonly TraceTransaction[]): TraceTree {
  if (transactions.length === 0) {
    throw new Error('trace has no transactions');
  }
  const sorted = [...transactions].sort((a, b) => (a.lt < b.lt ? -1 : a.lt > b.lt ? 1 : 0));
  const nodes = new Map<string, TraceTreeNode>();
  const byInMsg = new Map<string, TraceTreeNode>();
  for (const tx of sorted) {
    const node: TraceTreeNode = { tx, children: [] };
    nodes.set(tx.hash, node);
    const inMsg = inMessage(tx);
    if (inMsg) {
      byInMsg.set(inMsg.msg_hash, node);
    }
  }
  const hasParent = new Set<TraceTreeNode>();
  for (const node of nodes.values()) {
    for (const out of outMessages(node.tx)) {
      const child = byInMsg.get(out.msg_hash);
      if (child && child !== node) {
        node.children.push(child);
        hasParent.add(child);
      }
    }
  }
  const orphans = [...nodes.values()].filter((n) => !hasParent.has(n));
  const [root, ...rest] = orphans;
  if (!root) {
    throw new Error('trace has a message cycle');
  }
  return { root, orphans: rest };
}
