/**
 * Unit-test support: a trace written as a tree of hops (one message and the transaction it starts
 * each), with real message bodies built by the test, turned into the classifier's model. Transactions
 * get increasing lts in depth-first order; each out-message is created just after its transaction.
 */
import { beginCell, type Cell } from '@ton/core';
import { bocBase64 } from '../tlb/cells';
import type {
  AccountInterfaces,
  ClassifiableTrace,
  TraceMessage,
  TraceTransaction,
} from '../trace-model';

/** A message of the trace: sent by `from` (null: external-in) to `to`, and what it caused. */
export interface Hop {
  from: string | null;
  to: string;
  body?: Cell | null;
  /** Default 1 TON (externals carry none). */
  value?: bigint;
  bounce?: boolean;
  /** The transaction it starts failed (compute phase). */
  aborted?: boolean;
  /** The account was uninit before this transaction. */
  deploys?: boolean;
  children?: Hop[];
}

/** `wc:HEX` with one repeated hex digit: a readable test address. */
export const testAddress = (wc: number, digit: string): string =>
  `${wc}:${digit.repeat(64).toUpperCase()}`;

function opcodeOf(body: Cell | null | undefined): number | null {
  if (!body) {
    return null;
  }
  const s = body.beginParse();
  return s.remainingBits >= 32 ? s.loadInt(32) : null;
}

export function hopTrace(
  root: Hop,
  interfaces: Record<string, AccountInterfaces> = {},
): ClassifiableTrace {
  const txs: TraceTransaction[] = [];
  let lt = 1000n;
  let n = 0;
  const message = (
    h: Hop,
    direction: 'in' | 'out',
    hash: string,
    txHash: string,
    txLt: bigint,
  ): TraceMessage => {
    const body = h.body ?? beginCell().endCell();
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
      opcode: opcodeOf(h.body),
      ihr_disabled: true,
      bounce: h.bounce ?? false,
      bounced: false,
      import_fee: 0n,
      body_hash: `bh${hash}`,
      init_state_hash: null,
      body: bocBase64(body, false),
      init_state: null,
    };
  };
  const visit = (h: Hop, hash: string): void => {
    lt += 10n;
    const txLt = lt;
    const txHash = `tx${n++}`;
    const aborted = h.aborted ?? false;
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
      aborted,
      destroyed: false,
      is_tock: null,
      compute_skipped: false,
      skipped_reason: null,
      compute_success: !aborted,
      compute_exit_code: aborted ? 100 : 0,
      action_success: true,
      emulated: false,
      messages: [message(h, 'in', hash, txHash, txLt)],
    };
    txs.push(tx);
    for (const [i, c] of (h.children ?? []).entries()) {
      const childHash = `${hash}.${i}`;
      const out = message(c, 'out', childHash, txHash, txLt);
      out.created_lt = txLt + BigInt(i + 1);
      tx.messages.push(out);
      visit(c, childHash);
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

/** A text comment body (op 0, then the text). */
export const commentBody = (text: string): Cell =>
  beginCell().storeUint(0, 32).storeStringTail(text).endCell();
