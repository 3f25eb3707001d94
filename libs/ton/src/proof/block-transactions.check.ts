import { type Cell } from '@ton/core';

import { hashmapPath } from '../boc/dict-path';
import { type ProofBlockId } from './block-header.check';
import { checkMerkleProof } from './merkle-proof.check';
import { keptRef } from './mc-state.reader';
import { bocRoots, proofRoot } from './proof-boc';
import { ProofError, provenParse } from './proof-error';

/** A transaction of a block as an answer names it: its account, lt and (when sent) its hash. */
export interface BlockTransactionRef {
  readonly account: Buffer;
  readonly lt: bigint;
  readonly hash: Buffer | null;
}

const BLOCK_TAG = 0x11ef55aa;

/** Where a transaction proof leads for one (account, lt): the Transaction ref, or proven absence. */
type TransactionLeaf = { readonly found: true; readonly hash: Buffer } | { readonly found: false };

/**
 * A block proof's ShardAccountBlocks, the dictionary under which its transactions are filed:
 *   block#11ef55aa global_id:int32 info:^BlockInfo value_flow:^ValueFlow state_update:^(...) extra:^BlockExtra
 *   block_extra in_msg_descr:^InMsgDescr out_msg_descr:^OutMsgDescr account_blocks:^ShardAccountBlocks ...
 *   _ (HashmapAugE 256 AccountBlock CurrencyCollection) = ShardAccountBlocks;
 */
function accountBlocksOf(proof: Buffer, block: ProofBlockId): Cell | null {
  const root = proofRoot(proof, 'block_transactions', 'transaction proof');
  // The C++ liteserver's proof keeps only Block -> extra -> account_blocks (BlockInfo pruned): the
  // root hash alone ties it to the block.
  const blockCell = checkMerkleProof(root, block.rootHash, 'block_transactions', 'block proof');
  return provenParse('block_transactions', 'BlockExtra', () => {
    if (blockCell.beginParse().loadUint(32) !== BLOCK_TAG) {
      throw new ProofError('block_transactions', 'proof root is not a Block');
    }
    const extra = keptRef(blockCell, 3, 'block_transactions', 'BlockExtra');
    const accountBlocks = keptRef(extra, 2, 'block_transactions', 'ShardAccountBlocks');
    return accountBlocks.beginParse().loadBit()
      ? keptRef(accountBlocks, 0, 'block_transactions', 'ShardAccountBlocks root')
      : null;
  });
}

/**
 * Follows (account, lt) through ShardAccountBlocks:
 *   acc_trans#5 account_addr:bits256 transactions:(HashmapAug 64 ^Transaction CurrencyCollection)
 *     state_update:^(HASH_UPDATE Account) = AccountBlock;
 *   currencies$_ grams:Grams other:ExtraCurrencyCollection = CurrencyCollection;  (the aug extras)
 * A pruned branch on the way refuses the proof: neither presence nor absence is then shown.
 */
function transactionLeaf(accounts: Cell | null, account: Buffer, lt: bigint): TransactionLeaf {
  if (!accounts) {
    return { found: false };
  }
  return provenParse('block_transactions', 'ShardAccountBlocks', () => {
    const byAccount = hashmapPath(accounts, BigInt('0x' + account.toString('hex')), 256);
    if (!byAccount.leaf || !byAccount.value) {
      return { found: false };
    }
    const v = byAccount.value;
    v.loadCoins();
    v.loadMaybeRef();
    if (v.loadUint(4) !== 0x5) {
      throw new ProofError('block_transactions', 'not an AccountBlock');
    }
    if (!v.loadBuffer(32).equals(account)) {
      throw new ProofError('block_transactions', 'AccountBlock of another account');
    }
    const byLt = hashmapPath(byAccount.leaf, lt, 64, v);
    if (!byLt.value) {
      return { found: false };
    }
    byLt.value.loadCoins();
    byLt.value.loadMaybeRef();
    return { found: true, hash: byLt.value.loadRef().hash(0) };
  });
}

/**
 * listBlockTransactions with want_proof (mode bit 5): `proof` is a Merkle proof of the block (its root
 * hash the block id's) keeping the path to every listed transaction, as the C++ liteserver builds it and
 * tonlib (check_block_transactions_proof) and tonutils-go (ton/proof.go) check it. Each listed
 * (account, lt) must be in the block, and a listed hash must be the hash filed there.
 */
export function checkBlockTransactionsProof(
  proof: Buffer,
  block: ProofBlockId,
  txs: readonly BlockTransactionRef[],
): void {
  if (txs.length === 0) {
    return;
  }
  const accounts = accountBlocksOf(proof, block);
  for (const tx of txs) {
    const leaf = transactionLeaf(accounts, tx.account, tx.lt);
    if (!leaf.found) {
      throw new ProofError(
        'block_transactions',
        `transaction ${tx.account.toString('hex')}:${tx.lt} is not in block ${block.seqno}`,
      );
    }
    if (tx.hash && !leaf.hash.equals(tx.hash)) {
      throw new ProofError(
        'block_transactions',
        `transaction ${tx.account.toString('hex')}:${tx.lt} has another hash in block ${block.seqno}`,
      );
    }
  }
}

const TRANSACTION_TAG = 0b0111;

/** account_addr and lt of a Transaction cell: `transaction$0111 account_addr:bits256 lt:uint64 ...`. */
export function transactionRef(tx: Cell): BlockTransactionRef {
  return provenParse('block_transactions', 'Transaction', () => {
    const s = tx.beginParse();
    if (s.loadUint(4) !== TRANSACTION_TAG) {
      throw new ProofError('block_transactions', 'not a Transaction');
    }
    return { account: s.loadBuffer(32), lt: s.loadUintBig(64), hash: tx.hash(0) };
  });
}

/** The Transaction cells of a listBlockTransactionsExt answer (one multi-root BoC, empty for none). */
export function blockTransactionCells(transactions: Buffer): Cell[] {
  return transactions.length === 0
    ? []
    : bocRoots(transactions, 'block_transactions', 'transactions');
}

/**
 * liteServer.transactionInfo id proof transaction (getOneTransaction): the proof is a Merkle proof of
 * block `block` keeping the path to (account, lt); a sent transaction must be the cell filed there (and
 * of that account and lt), an empty one must be proven absent.
 */
export function checkOneTransaction(
  answer: { readonly proof: Buffer; readonly transaction: Buffer },
  block: ProofBlockId,
  account: Buffer,
  lt: bigint,
): Cell | null {
  const accounts = accountBlocksOf(answer.proof, block);
  const leaf = transactionLeaf(accounts, account, lt);
  if (answer.transaction.length === 0) {
    if (leaf.found) {
      throw new ProofError('block_transactions', 'a transaction the block holds was withheld');
    }
    return null;
  }
  const tx = proofRoot(answer.transaction, 'block_transactions', 'transaction');
  const ref = transactionRef(tx);
  if (!leaf.found || !leaf.hash.equals(tx.hash(0))) {
    throw new ProofError(
      'block_transactions',
      `transaction is not the one of lt ${lt} in the block`,
    );
  }
  if (!ref.account.equals(account) || ref.lt !== lt) {
    throw new ProofError('block_transactions', 'transaction of another account or lt');
  }
  return tx;
}
