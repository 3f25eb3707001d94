import { type V3TraceNode, type V3Transaction } from '@app/contracts';

/**
 * The `trace` tree of https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models
 * as ton-index-go assembles it: transactions in (lt, account) order; one
 * whose in-message was an out-message of an earlier one becomes its child; the first orphan is the
 * root and further orphans give the warning. `children` is [] for a transaction without out-messages
 * and null for one whose out-messages reached no transaction (Go's nil slice).
 */
export function assembleTraceTree(ordered: readonly V3Transaction[]): {
  root: V3TraceNode | undefined;
  warning: string | undefined;
} {
  const parents = new Map<string, V3TraceNode>();
  let root: V3TraceNode | undefined;
  let warning: string | undefined;
  for (const tx of ordered) {
    const inHash = tx.in_msg?.hash;
    const node: V3TraceNode = {
      tx_hash: tx.hash,
      ...(inHash === undefined ? {} : { in_msg_hash: inHash }),
      children: tx.out_msgs.length === 0 ? [] : null,
    };
    for (const m of tx.out_msgs) {
      parents.set(m.hash, node);
    }
    const parent = inHash === undefined ? undefined : parents.get(inHash);
    if (parent !== undefined && inHash !== undefined) {
      parents.delete(inHash);
      parent.children = [...(parent.children ?? []), node];
    } else if (root === undefined) {
      root = node;
    } else {
      warning = 'missing node in trace found';
    }
  }
  return { root, warning };
}
