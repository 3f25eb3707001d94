import assert from 'node:assert/strict';
import { type Closable } from '../support/boot-once';
import { startV3Harness, type JsonReply, type V3Harness } from '../support/v3-harness';

export function record(value: unknown): Record<string, unknown> {
  assert.ok(typeof value === 'object' && value !== null && !Array.isArray(value), 'an object');
  return Object.fromEntries(Object.entries(value));
}

export function ok(reply: JsonReply): Record<string, unknown> {
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return record(reply.body);
}

export function hexOf(b64: string): string {
  return Buffer.from(b64, 'base64').toString('hex');
}

export interface TxRow {
  hash: string;
  lt: string;
  now: number;
  account: string;
  total_fees: string;
  mc_block_seqno: number;
  trace_id: string;
}

/** The indexed localnet of the blockchain spec and the traffic wallet its cases follow. */
export interface IndexedWallet extends Closable {
  readonly h: V3Harness;
  /** The first traffic wallet's raw address. */
  readonly wallet: string;
  /** Its transactions, newest first. */
  readonly walletTxs: readonly TxRow[];
  /** The wallet's latest outgoing transfer: a trace root with an external in-message. */
  readonly sendTx: TxRow;
}

/** A v3 harness with wallet traffic, and the first traffic wallet's transactions as indexed. */
export async function startIndexedWallet(): Promise<IndexedWallet> {
  const h = await startV3Harness();
  try {
    const wallet = h.wallets[0] ?? '';
    const walletTxs = await h.ds.query<TxRow[]>(
      `SELECT hash, lt::text AS lt, now, account, total_fees::text AS total_fees, mc_block_seqno, trace_id
       FROM transactions T WHERE account = $1 ORDER BY T.lt DESC`, // the bigint, not the text alias
      [wallet],
    );
    assert.ok(walletTxs.length >= 4, `${String(walletTxs.length)} wallet transactions`);
    const root = walletTxs.find((t) => t.trace_id === t.hash);
    assert.ok(root);
    return { h, wallet, walletTxs, sendTx: root, close: () => h.close() };
  } catch (error: unknown) {
    await h.close();
    throw error;
  }
}
