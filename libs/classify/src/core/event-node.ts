import { inMessage, outMessages, type TraceMessage, type TraceTransaction } from '../trace-model';

/**
 * A node of the message tree (toncenter's EventNode): the message that started a transaction, with the
 * transaction it ran (`tx`). Tick-tock transactions get a synthetic message keyed by the tx hash; an
 * external-out (log) message is a leaf whose `tx` is the sending transaction; a ghost node stands for a
 * message a wallet meant to send but never did (decoded from a failed external, toncenter's
 * `init_from_external`).
 */
export class EventNode {
  parent: EventNode | null = null;
  readonly children: EventNode[] = [];
  failed: boolean;

  constructor(
    readonly message: TraceMessage,
    readonly tx: TraceTransaction,
    readonly isTickTock = false,
    readonly ghost = false,
  ) {
    this.failed = tx.aborted;
  }

  addChild(child: EventNode): void {
    this.children.push(child);
    child.parent = this;
  }

  /** The opcode as uint32 (stored signed), or null when the message has none. */
  get opcode(): number | null {
    return this.message.opcode === null ? null : this.message.opcode >>> 0;
  }

  /** toncenter `get_lt`: the message's created_lt, else the transaction's lt. */
  get lt(): bigint {
    if (this.isTickTock) {
      return this.tx.lt;
    }
    return this.message.created_lt ?? this.message.tx_lt;
  }

  /** toncenter `get_utime`: the message's created_at when created_lt is known, else tx.now. */
  get utime(): number {
    if (this.isTickTock) {
      return this.tx.now;
    }
    return this.message.created_lt !== null
      ? (this.message.created_at ?? this.tx.now)
      : this.tx.now;
  }

  get txHash(): string {
    return this.isTickTock ? this.tx.hash : this.message.tx_hash;
  }
}

export class NoMessageBodyError extends Error {
  constructor(message: TraceMessage) {
    super(`message content is missing for ${message.msg_hash} (tx ${message.tx_hash})`);
    this.name = 'NoMessageBodyError';
  }
}

function tickTockMessage(tx: TraceTransaction): TraceMessage {
  return {
    msg_hash: tx.hash,
    tx_hash: tx.hash,
    tx_lt: tx.lt,
    direction: 'in',
    source: null,
    destination: null,
    value: null,
    value_extra_currencies: null,
    fwd_fee: null,
    ihr_fee: null,
    created_lt: null,
    created_at: null,
    opcode: null,
    ihr_disabled: null,
    bounce: null,
    bounced: null,
    import_fee: null,
    body_hash: null,
    init_state_hash: null,
    body: null,
    init_state: null,
  };
}

/**
 * Builds the message tree of a trace (toncenter `to_tree`): transactions newest first, each node
 * adopting the nodes of the transactions its out-messages started and a leaf per external-out message.
 * Throws when an out-message's transaction is missing or a body is not stored.
 */
export function buildEventTree(transactions: readonly TraceTransaction[]): EventNode {
  const txs = [...transactions].sort((a, b) => (a.lt < b.lt ? 1 : a.lt > b.lt ? -1 : 0));
  const nodeByTx = new Map<string, EventNode>();
  const txByInMsg = new Map<string, string>();
  const create = (tx: TraceTransaction): EventNode => {
    const msg = inMessage(tx);
    if (msg) {
      txByInMsg.set(msg.msg_hash, tx.hash);
    }
    if (tx.descr === 'tick_tock') {
      return new EventNode(tickTockMessage(tx), tx, true);
    }
    if (!msg) {
      throw new Error(`transaction ${tx.hash} has no in-message`);
    }
    if (msg.body === null) {
      throw new NoMessageBodyError(msg);
    }
    return new EventNode(msg, tx);
  };
  for (const tx of txs) {
    if (nodeByTx.has(tx.hash)) {
      continue;
    }
    const node = create(tx);
    nodeByTx.set(tx.hash, node);
    for (const m of outMessages(tx)) {
      if (m.destination === null) {
        if (m.body === null) {
          throw new NoMessageBodyError(m);
        }
        node.addChild(new EventNode(m, tx));
        continue;
      }
      const childTx = txByInMsg.get(m.msg_hash);
      const child = childTx === undefined ? undefined : nodeByTx.get(childTx);
      if (!child) {
        throw new Error(`out-message ${m.msg_hash} of ${tx.hash} has no transaction in the trace`);
      }
      node.addChild(child);
    }
  }
  const last = txs[txs.length - 1];
  let root = last ? nodeByTx.get(last.hash) : undefined;
  if (!root) {
    throw new Error('trace has no transactions');
  }
  while (root.parent) {
    root = root.parent;
  }
  return root;
}
