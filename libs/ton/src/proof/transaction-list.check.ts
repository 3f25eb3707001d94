import { type Cell } from '@ton/core';

import { bocRoots } from './proof-boc';
import { ProofError, provenParse } from './proof-error';

/** The transaction a list starts from (getTransactions lt:long hash:int256) and whose account it is. */
export interface TransactionListRequest {
  readonly accountId: Buffer;
  readonly lt: bigint;
  readonly hash: Buffer;
}

/** A transaction of a checked list: its cell and the header fields the chain check read. */
export interface ChainedTransaction {
  readonly cell: Cell;
  readonly lt: bigint;
  readonly hash: Buffer;
  readonly prevTransHash: Buffer;
  readonly prevTransLt: bigint;
}

/**
 * Checks a getTransactions answer (`transactions`: a BoC of Transaction roots, newest first):
 *   transaction$0111 account_addr:bits256 lt:uint64 prev_trans_hash:bits256 prev_trans_lt:uint64 ...
 * The first transaction's hash and lt must be the requested ones, every transaction must be of the
 * account, and each next one must be the previous one's prev_trans_hash / prev_trans_lt. So if the
 * requested hash is proven (an account state's last_trans_hash, or a transaction already proven), the
 * whole list is: every hash in the chain is committed by the one before it.
 */
export function checkTransactionList(
  transactions: Buffer,
  request: TransactionListRequest,
  maxCount: number,
): ChainedTransaction[] {
  const roots = bocRoots(transactions, 'transactions', 'transactions');
  if (roots.length === 0 || roots.length > maxCount) {
    throw new ProofError('transactions', `${roots.length} transactions, asked for 1..${maxCount}`);
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
      return { account, lt, prevTransHash, prevTransLt };
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
    });
    expectHash = tx.prevTransHash;
    expectLt = tx.prevTransLt;
  }
  return out;
}
