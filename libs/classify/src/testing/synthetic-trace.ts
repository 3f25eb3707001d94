/**
 * Synthetic traces for matcher unit tests: a tree of messages (real TL-B bodies built with @ton/core)
 * becomes a classifiable trace with one transaction per message, lts in depth-first order. Not part
 * of the library's barrel; only specs import it.
 */
import { beginCell, type Cell } from '@ton/core';
import type {
  AccountInterfaces,
  ClassifiableTrace,
  TraceMessage,
  TraceTransaction,
} from '../trace-model';
import { bocBase64 } from '../tlb/cells';

/** A message of the synthetic trace: sent by `from` (null = external-in) to `to`. */
export interface Hop {
  from: string | null;
  to: string;
  body?: Cell | null;
  value?: bigint;
  bounce?: boolean;
  /** The message is a bounce: its sender returns a message it could not process. */
  bounced?: boolean;
  /** The receiving transaction was aborted (its compute phase failed, exit code 100). */
  aborted?: boolean;
  /** The message deploys its destination (uninit → active). */
  deploys?: boolean;
  /** The message's state init (a StateInit cell). */
  init?: Cell;
  children?: Hop[];
  /** External-out (log) messages the receiving transaction emits after its children, in order. */
  logs?: Cell[];
}

/** An external message to `wallet`, whose transaction sends `message` on: a wallet's one transfer. */
export function walletSends(wallet: string, message: Omit<Hop, 'from'>): Hop {
  return { from: null, to: wallet, children: [{ from: wallet, ...message }] };
}

/** A line of messages: each hop the last child of the one before (the first is the root). */
export function chain(first: Hop, ...rest: Hop[]): Hop {
  const [next, ...after] = rest;
  return next === undefined
    ? first
    : { ...first, children: [...(first.children ?? []), chain(next, ...after)] };
}

/** `wc:HEX` with one repeated hex digit: a readable test address. */
export const testAddress = (wc: number, digit: string): string =>
  `${wc}:${digit.repeat(64).toUpperCase()}`;

/** A text comment body (op 0, then the text). */
export const commentBody = (text: string): Cell =>
  beginCell().storeUint(0, 32).storeStringTail(text).endCell();

function opcodeOf(body: Cell | null | undefined): number | null {
  if (!body) {
    return null;
  }
  const s = body.beginParse();
  return s.remainingBits >= 32 ? s.loadInt(32) : null;
}

/** The hop tree → a classifiable trace; `interfaces` keyed by raw upper-case address. */
export function syntheticTrace(
  root: Hop,
  interfaces: Record<string, AccountInterfaces> = {},
): ClassifiableTrace {
  const txs: TraceTransaction[] = [];
  let lt = 1000n;
  let n = 0;
  const msg = (
    h: Hop,
    direction: 'in' | 'out',
    hash: string,
    txHash: string,
    txLt: bigint,
  ): TraceMessage => {
    const body = h.body ?? null;
    return {
      msg_hash: hash,
      tx_hash: txHash,
      tx_lt: txLt,
      direction,
      source: h.from,
      destination: h.to,
      value: h.from === null ? null : (h.value ?? 1_000_000_000n),
      value_extra_currencies: null,
      fwd_fee: 0n,
      ihr_fee: 0n,
      created_lt: h.from === null ? null : txLt - 1n,
      created_at: h.from === null ? null : 1_700_000_000,
      opcode: opcodeOf(body),
      ihr_disabled: true,
      bounce: h.bounce ?? false,
      bounced: h.bounced ?? false,
      import_fee: 0n,
      body_hash: `bh${hash}`,
      init_state_hash: h.init ? `ih${hash}` : null,
      body: body ? bocBase64(body, false) : bocBase64(beginCell().endCell(), false),
      init_state: h.init ? bocBase64(h.init, false) : null,
    };
  };
  const visit = (h: Hop, hash: string): void => {
    lt += 10n;
    const txLt = lt;
    const txHash = `tx${n++}`;
    const tx: TraceTransaction = {
      hash: txHash,
      lt: txLt,
      account: h.to,
      now: 1_700_000_000,
      mc_block_seqno: 10,
      block_seqno: 10,
      trace_id: 'tx0',
      orig_status: h.deploys ? 'uninit' : 'active',
      end_status: 'active',
      total_fees: 0n,
      descr: 'ord',
      aborted: h.aborted ?? false,
      destroyed: false,
      is_tock: null,
      compute_skipped: false,
      skipped_reason: null,
      compute_success: !(h.aborted ?? false),
      compute_exit_code: (h.aborted ?? false) ? 100 : 0,
      action_success: true,
      emulated: false,
      messages: [msg(h, 'in', hash, txHash, txLt)],
    };
    txs.push(tx);
    for (const [i, c] of (h.children ?? []).entries()) {
      const childHash = `${hash}.${i}`;
      const out = msg(c, 'out', childHash, txHash, txLt);
      out.created_lt = txLt + BigInt(i + 1);
      tx.messages.push(out);
      visit(c, childHash);
    }
    for (const [i, body] of (h.logs ?? []).entries()) {
      const log = msg({ from: h.to, to: '', body }, 'out', `${hash}.log${i}`, txHash, txLt);
      log.destination = null;
      log.value = null;
      log.created_lt = txLt + BigInt((h.children ?? []).length + i + 1);
      tx.messages.push(log);
    }
  };
  visit(root, 'm');
  return {
    trace: {
      trace_id: 'tx0',
      external_hash: 'm',
      external_hash_norm: null,
      mc_seqno_start: 10,
      mc_seqno_end: 10,
      start_lt: 1010n,
      start_utime: 1_700_000_000,
      end_lt: lt,
      end_utime: 1_700_000_000,
      state: 'complete',
      pending_edges_: 0,
      edges_: txs.length,
      nodes_: txs.length,
      classification_state: 'unclassified',
    },
    transactions: txs,
    interfaces: new Map(Object.entries(interfaces)),
  };
}
