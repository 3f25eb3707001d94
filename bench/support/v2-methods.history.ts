/**
 * The history the v2-methods benchmark (bench/v2-methods.ts) starts its uncached getTransactions
 * reads from: every transaction of an account, and one fixed shuffle of the requests.
 */
import { type Address, Cell, loadTransaction } from '@ton/core';
import type { LiteClient } from 'ton-lite-client';

/** liteServer.getTransactions answers at most 16 per call; limits 1…16 give distinct requests. */
export const MAX_CHUNK = 16;

/**
 * Every transaction of `address`, newest first, as (lt, hash) pairs, and whether the list reaches
 * the account's first transaction (it does not when the history runs into the seed's zero state).
 */
export async function historyOf(
  client: LiteClient,
  address: Address,
): Promise<{ txs: { lt: string; hash: Buffer }[]; complete: boolean }> {
  const { last } = await client.getMasterchainInfo();
  const state = await client.getAccountState(address, last);
  const out: { lt: string; hash: Buffer }[] = [];
  let cursor = state.lastTx
    ? { lt: state.lastTx.lt, hash: hashBytes(state.lastTx.hash) }
    : { lt: 0n, hash: Buffer.alloc(32) };
  while (cursor.lt !== 0n) {
    // Transactions made before the first block (the seed's zero state) cannot be located.
    const chunk = await client
      .getAccountTransactions(address, cursor.lt.toString(), cursor.hash, MAX_CHUNK)
      .catch(() => undefined);
    if (!chunk) {
      return { txs: out, complete: false };
    }
    const cells = chunk.transactions.length === 0 ? [] : Cell.fromBoc(chunk.transactions);
    if (cells.length === 0) {
      break;
    }
    for (const cell of cells) {
      const tx = loadTransaction(cell.beginParse());
      out.push({ lt: tx.lt.toString(), hash: cell.hash() });
      cursor = { lt: tx.prevTransactionLt, hash: hashBytes(tx.prevTransactionHash) };
    }
  }
  return { txs: out, complete: true };
}

/** Fisher–Yates with a fixed-seed LCG: the same order on every run of the benchmark. */
export function shuffle(items: unknown[]): void {
  let state = 0x2545f491;
  const next = (): number => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    const a = items[i];
    const b = items[j];
    if (a !== undefined && b !== undefined) {
      items[i] = b;
      items[j] = a;
    }
  }
}

function hashBytes(hash: bigint): Buffer {
  return Buffer.from(hash.toString(16).padStart(64, '0'), 'hex');
}
