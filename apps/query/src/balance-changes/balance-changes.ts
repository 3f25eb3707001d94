import { type BalanceChangesRes } from '@app/contracts';
import {
  type JettonWalletOwnerRow,
  type TraceActionRow,
  type TraceMessageRow,
} from '@app/database';
import { Address, Cell } from '@ton/core';

/*
 * The balance changes of a trace and of each of its actions, as ton-index-go computes them
 * (CalculateBalanceChanges in
 * https://github.com/toncenter/ton-indexer/blob/master/ton-index-go/index/crud/balances.go): the
 * trace's transactions as a tree of message edges walked from its root; each incoming message moves
 * its value from source to destination and charges the receiving account its transaction's total
 * fees; each message charges its sender the forwarding fee; each Jetton transfer (0x0f8a7ea5) moves
 * its amount between the owners of the Jetton wallets involved. Written from that description; where
 * toncenter would dereference a missing value (an absent forwarding fee, an unknown Jetton wallet), the
 * value is taken as absent instead.
 */

const JETTON_TRANSFER = 0x0f8a7ea5;
const JETTON_INTERNAL_TRANSFER = 0x178d4519;

interface Message {
  readonly hash: string;
  readonly source: string | null;
  readonly destination: string | null;
  readonly opcode: number | null;
  readonly value: bigint | null;
  readonly direction: 'in' | 'out';
  readonly fwdFee: bigint | null;
  readonly body: string | null;
  readonly tx: Tx;
}

interface Tx {
  readonly hash: string;
  readonly account: string;
  readonly lt: bigint;
  readonly totalFees: bigint;
  inMsg: Message | null;
  readonly outMsgs: Message[];
}

/** One node of the walk: a transaction (its in-message), or an outgoing external message. */
interface Node {
  readonly txHash: string;
  readonly msg: Message | null;
  readonly next: Node[];
  previous: Node | null;
  changes: Changes | null;
}

class Changes {
  readonly value = new Map<string, bigint>();
  readonly fees = new Map<string, bigint>();
  /** owner → Jetton master → amount. */
  readonly jettons = new Map<string, Map<string, bigint>>();

  addValue(address: string, amount: bigint): void {
    this.value.set(address, (this.value.get(address) ?? 0n) + amount);
  }

  addFees(address: string, amount: bigint): void {
    this.fees.set(address, (this.fees.get(address) ?? 0n) + amount);
  }

  addJetton(owner: string, master: string, amount: bigint): void {
    const byMaster = this.jettons.get(owner) ?? new Map<string, bigint>();
    byMaster.set(master, (byMaster.get(master) ?? 0n) + amount);
    this.jettons.set(owner, byMaster);
  }

  merge(other: Changes): void {
    for (const [a, v] of other.value) {
      this.addValue(a, v);
    }
    for (const [a, v] of other.fees) {
      this.addFees(a, v);
    }
    for (const [owner, byMaster] of other.jettons) {
      for (const [master, v] of byMaster) {
        this.addJetton(owner, master, v);
      }
    }
  }

  /** The answer: `changes` is value minus fees by address. */
  toResult(): BalanceChangesRes {
    const changes = new Map(this.value);
    for (const [a, fee] of this.fees) {
      changes.set(a, (changes.get(a) ?? 0n) - fee);
    }
    return {
      changes: numbers(changes),
      fees: numbers(this.fees),
      jettons: Object.fromEntries(
        [...this.jettons].map(([owner, byMaster]) => [
          owner,
          Object.fromEntries([...byMaster].map(([m, v]) => [m, v.toString()])),
        ]),
      ),
    };
  }
}

/** nanotons as JSON numbers, as toncenter's int64 maps (exact up to 2^53, 9 million TON). */
function numbers(map: ReadonlyMap<string, bigint>): Record<string, number> {
  return Object.fromEntries([...map].map(([a, v]) => [a, Number(v)]));
}

const big = (v: string | null): bigint | null => (v === null ? null : BigInt(v));

/** The trace's transactions with their messages, from the joined rows. */
function transactionsOf(rows: readonly TraceMessageRow[]): Map<string, Tx> {
  const txs = new Map<string, Tx>();
  for (const r of rows) {
    let tx = txs.get(r.tx_hash);
    if (tx === undefined) {
      tx = {
        hash: r.tx_hash,
        account: r.account,
        lt: BigInt(r.tx_lt),
        totalFees: big(r.total_fees) ?? 0n,
        inMsg: null,
        outMsgs: [],
      };
      txs.set(r.tx_hash, tx);
    }
    if (r.msg_hash === null || r.direction === null) {
      continue;
    }
    const msg: Message = {
      hash: r.msg_hash,
      source: r.source,
      destination: r.destination,
      opcode: r.opcode,
      value: big(r.value),
      direction: r.direction,
      fwdFee: big(r.fwd_fee),
      body: r.body,
      tx,
    };
    if (msg.direction === 'in') {
      tx.inMsg = msg;
    } else {
      tx.outMsgs.push(msg);
    }
  }
  return txs;
}

/** Breadth-first from `root`. */
function* walk(root: Node): Generator<Node> {
  const queue = [root];
  for (let node = queue.shift(); node !== undefined; node = queue.shift()) {
    yield node;
    queue.push(...node.next);
  }
}

/** A Jetton transfer body's amount and destination (raw), or undefined when it does not parse. */
function jettonTransfer(body: string): { amount: bigint; destination: string } | undefined {
  try {
    const s = Cell.fromBase64(body).beginParse();
    s.loadUint(32); // op
    s.loadUintBig(64); // query_id
    const amount = s.loadCoins();
    const destination = s.loadMaybeAddress();
    return destination instanceof Address
      ? { amount, destination: destination.toRawString().toUpperCase() }
      : undefined;
  } catch {
    // A body that is not a well-formed transfer moves nothing (toncenter logs and skips it).
    return undefined;
  }
}

export interface TraceBalanceChanges {
  readonly trace: BalanceChangesRes;
  readonly actions: ReadonlyMap<string, BalanceChangesRes>;
}

/**
 * The balance changes of the trace of `rows` and of each of `actions` (contract deploys left out);
 * `wallets`: the owner and master of the Jetton wallets among `jettonWalletCandidates(rows)`.
 */
export function balanceChanges(
  rows: readonly TraceMessageRow[],
  actions: readonly TraceActionRow[],
  wallets: readonly JettonWalletOwnerRow[],
): TraceBalanceChanges | undefined {
  const txs = transactionsOf(rows);
  // Latest first, so each message's receiving transaction has its node when its sender is reached.
  const ordered = [...txs.values()].sort((a, b) => (a.lt < b.lt ? 1 : a.lt > b.lt ? -1 : 0));
  const earliest = ordered[ordered.length - 1];
  if (earliest === undefined) {
    return undefined;
  }
  const nodes = new Map<string, Node>();
  const receiverOf = new Map<string, string>();
  const link = (parent: Node, child: Node): void => {
    parent.next.push(child);
    child.previous = parent;
  };
  for (const tx of ordered) {
    const node: Node = { txHash: tx.hash, msg: tx.inMsg, next: [], previous: null, changes: null };
    nodes.set(tx.hash, node);
    if (tx.inMsg !== null) {
      receiverOf.set(tx.inMsg.hash, tx.hash);
    }
    for (const out of tx.outMsgs) {
      if (out.destination === null) {
        link(node, { txHash: tx.hash, msg: out, next: [], previous: null, changes: null });
        continue;
      }
      const child = nodes.get(receiverOf.get(out.hash) ?? '');
      if (child !== undefined) {
        link(node, child);
      }
    }
  }
  const root = nodes.get(earliest.hash);
  if (root === undefined) {
    return undefined;
  }
  for (const node of walk(root)) {
    const msg = node.msg;
    if (msg === null) {
      continue;
    }
    const changes = new Changes();
    node.changes = changes;
    const parentMsg = node.previous?.msg ?? null;
    if (parentMsg !== null && msg.source !== null) {
      const sent = parentMsg.tx.outMsgs.find((m) => m.hash === msg.hash);
      if (sent?.fwdFee !== null && sent?.fwdFee !== undefined) {
        changes.addFees(msg.source, sent.fwdFee);
      }
    }
    if (msg.direction === 'in' && msg.destination !== null) {
      changes.addFees(msg.destination, msg.tx.totalFees);
      if (msg.value !== null && msg.source !== null) {
        changes.addValue(msg.source, -msg.value);
        changes.addValue(msg.destination, msg.value);
      }
      for (const out of msg.tx.outMsgs) {
        if (out.fwdFee !== null && out.destination === null) {
          changes.addFees(msg.destination, out.fwdFee);
        }
      }
    }
  }
  const walletByAddress = new Map(wallets.map((w) => [w.address, w]));
  const walletOf = new Map(wallets.map((w) => [`${w.jetton} ${w.owner}`, w]));
  const trace = new Changes();
  for (const node of walk(root)) {
    const msg = node.msg;
    if (msg?.opcode === JETTON_TRANSFER && msg.body !== null && msg.source !== null) {
      const transfer = jettonTransfer(msg.body);
      const master = walletByAddress.get(msg.destination ?? '')?.jetton;
      if (transfer !== undefined && master !== undefined) {
        const sender = walletOf.get(`${master} ${msg.source}`);
        const receiver = walletOf.get(`${master} ${transfer.destination}`);
        if (sender !== undefined) {
          node.changes?.addJetton(sender.owner, master, -transfer.amount);
        }
        if (receiver !== undefined) {
          node.changes?.addJetton(receiver.owner, master, transfer.amount);
        }
      }
    }
    if (node.changes !== null) {
      trace.merge(node.changes);
    }
  }
  const byAction = new Map<string, BalanceChangesRes>();
  for (const action of actions) {
    if (action.type === 'contract_deploy') {
      continue;
    }
    const own = action.tx_hashes
      .flatMap((h) => {
        const tx = txs.get(h);
        return tx === undefined ? [] : [tx];
      })
      .sort((a, b) => (a.lt < b.lt ? 1 : a.lt > b.lt ? -1 : 0));
    // The action's first transaction counts only when an external message started it.
    const first = own[own.length - 1];
    const counted = first?.inMsg?.source !== null && first !== undefined ? own.slice(0, -1) : own;
    const changes = new Changes();
    for (const tx of counted) {
      const c = nodes.get(tx.hash)?.changes;
      if (c !== null && c !== undefined) {
        changes.merge(c);
      }
    }
    byAction.set(action.action_id, changes.toResult());
  }
  return { trace: trace.toResult(), actions: byAction };
}

/** The destinations of Jetton transfers and both ends of internal transfers: maybe Jetton wallets. */
export function jettonWalletCandidates(rows: readonly TraceMessageRow[]): string[] {
  const found = new Set<string>();
  for (const r of rows) {
    if (r.direction !== 'in') {
      continue;
    }
    if (r.opcode === JETTON_TRANSFER && r.destination !== null) {
      found.add(r.destination);
    }
    if (r.opcode === JETTON_INTERNAL_TRANSFER) {
      for (const a of [r.source, r.destination]) {
        if (a !== null) {
          found.add(a);
        }
      }
    }
  }
  return [...found];
}
