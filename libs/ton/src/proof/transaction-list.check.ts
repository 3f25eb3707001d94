import { type Cell } from '@ton/core';

import { shardContainsAccount } from '../tlb/block-refs';
import { bocRoots } from './proof-boc';
import { ProofError, provenParse } from './proof-error';

/** The transaction a list starts from (getTransactions lt:long hash:int256) and whose account it is. */
export interface TransactionListRequest {
  readonly accountId: Buffer;
  readonly lt: bigint;
  readonly hash: Buffer;
}

/** The block a transactionList names for one of its transactions (liteServer.transactionList ids). */
export interface TransactionListBlock {
  readonly workchain: number;
  /** Unsigned 64-bit shard id. */
  readonly shard: bigint;
  readonly seqno: number;
}

/** A transaction of a checked list: its cell and the header fields the chain check read. */
export interface ChainedTransaction {
  readonly cell: Cell;
  readonly lt: bigint;
  readonly hash: Buffer;
  readonly prevTransHash: Buffer;
  readonly prevTransLt: bigint;
  /** `now`: the gen_utime of the block holding the transaction (the collator sets one for all). */
  readonly now: number;
}

/**
 * Checks a getTransactions answer (`transactions`: a BoC of Transaction roots, newest first):
 *   transaction$0111 account_addr:bits256 lt:uint64 prev_trans_hash:bits256 prev_trans_lt:uint64
 *     now:uint32 ...
 * The first transaction's hash and lt must be the requested ones, every transaction must be of the
 * account, and each next one must be the previous one's prev_trans_hash / prev_trans_lt. So if the
 * requested hash is proven (an account state's last_trans_hash, or a transaction already proven), the
 * whole list is: every hash in the chain is committed by the one before it.
 */
export function checkTransactionList(
  transactions: Buffer,
  request: TransactionListRequest,
  maxCount: number,
  blocks?: { readonly workchain: number; readonly ids: readonly TransactionListBlock[] },
): ChainedTransaction[] {
  const roots = bocRoots(transactions, 'transactions', 'transactions');
  if (roots.length === 0 || roots.length > maxCount) {
    throw new ProofError('transactions', `${roots.length} transactions, asked for 1..${maxCount}`);
  }
  if (blocks) {
    checkListBlocks(blocks.ids, roots.length, blocks.workchain, request.accountId);
  }
  const out: ChainedTransaction[] = [];
  let expectHash = request.hash;
  let expectLt = request.lt;
  for (const cell of roots) {
    const tx = provenParse('transactions', 'Transaction', () => {
      const s = cell.beginParse();
      if (s.loadUint(4) !== 0b0111) {
        throw new ProofError('transactions', 'not a Transaction');
      }
      const account = s.loadBuffer(32);
      const lt = s.loadUintBig(64);
      const prevTransHash = s.loadBuffer(32);
      const prevTransLt = s.loadUintBig(64);
      const now = s.loadUint(32);
      return { account, lt, prevTransHash, prevTransLt, now };
    });
    const hash = cell.hash();
    if (!hash.equals(expectHash) || tx.lt !== expectLt) {
      throw new ProofError(
        'transactions',
        `transaction ${out.length} is (${tx.lt}, ${hash.toString('hex')}), expected (${expectLt}, ${expectHash.toString('hex')})`,
      );
    }
    if (!tx.account.equals(request.accountId)) {
      throw new ProofError('transactions', `transaction ${out.length} is of another account`);
    }
    out.push({
      cell,
      lt: tx.lt,
      hash,
      prevTransHash: tx.prevTransHash,
      prevTransLt: tx.prevTransLt,
      now: tx.now,
    });
    expectHash = tx.prevTransHash;
    expectLt = tx.prevTransLt;
  }
  return out;
}

/**
 * The `ids` of a transactionList: one block per transaction (tonlib's TransactionList::validate
 * refuses any other count), each a block of the account's workchain whose shard holds the account,
 * and, the list being newest first, never a higher seqno after a lower one (an account's shard
 * blocks descend from each other through splits and merges, each seqno above its parents'). That
 * a transaction lies in the block named is checked against the block's proven header
 * (checkTransactionsInBlocks).
 */
function checkListBlocks(
  ids: readonly TransactionListBlock[],
  transactions: number,
  workchain: number,
  accountId: Buffer,
): void {
  if (ids.length !== transactions) {
    throw new ProofError(
      'transactions',
      `${ids.length} block ids for ${transactions} transactions`,
    );
  }
  const account = BigInt(`0x${accountId.toString('hex')}`);
  ids.forEach((id, i) => {
    if (id.workchain !== workchain || !shardContainsAccount(id.shard, account)) {
      throw new ProofError(
        'transactions',
        `transaction ${i} names block (${id.workchain},${id.shard.toString(16)},${id.seqno}), not of the account's shard`,
      );
    }
    const newer = ids[i - 1];
    if (newer !== undefined && id.seqno > newer.seqno) {
      throw new ProofError(
        'transactions',
        `transaction ${i} names block seqno ${id.seqno}, after the newer transaction's ${newer.seqno}`,
      );
    }
  });
}
