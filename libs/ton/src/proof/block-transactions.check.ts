import { type Cell, type Slice } from '@ton/core';

import { hashmapNearest } from '../boc/dict-nearest';
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
export function accountBlocksOf(proof: Buffer, block: ProofBlockId): Cell | null {
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
 * Reads a ShardAccountBlocks leaf up to its AccountBlock's transactions, checking it is `account`'s:
 * the CurrencyCollection augmentation, then `acc_trans#5 account_addr:bits256 transactions:(HashmapAug
 * 64 ^Transaction CurrencyCollection) ... = AccountBlock`
 * (https://github.com/ton-blockchain/ton/blob/master/crypto/block/block.tlb).
 */
function openAccountBlock(v: Slice, account: Buffer): void {
  v.loadCoins();
  v.loadMaybeRef();
  if (v.loadUint(4) !== 0x5) {
    throw new ProofError('block_transactions', 'not an AccountBlock');
  }
  if (!v.loadBuffer(32).equals(account)) {
    throw new ProofError('block_transactions', 'AccountBlock of another account');
  }
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
    openAccountBlock(v, account);
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

/** Where a listBlockTransactions(Ext) request starts and how far it goes. */
export interface BlockTransactionsCursor {
  /** mode bit 7: list strictly after (before, reversed) this transaction; null: from the start. */
  readonly after: { readonly account: Buffer; readonly lt: bigint } | null;
  /** mode bit 6: descending (account, lt) order. */
  readonly reverse: boolean;
}

/** perform_listBlockTransactions answers at most this many (validator/impl/liteserver.cpp). */
export const MAX_BLOCK_TRANSACTIONS = 256;

const ONES_256 = (1n << 256n) - 1n;
const ONES_64 = (1n << 64n) - 1n;

function hex256(key: bigint): Buffer {
  return Buffer.from(key.toString(16).padStart(64, '0'), 'hex');
}

/**
 * The first `limit` transactions of a block's ShardAccountBlocks from `cursor`, in the order the C++
 * liteserver lists them (finish_listBlockTransactions of ton-blockchain/ton validator/impl/liteserver.cpp,
 * re-walked the same way by tonlib's BlockTransactionList::validate): the account nearest the cursor's
 * (itself included), its transactions after the cursor's lt, then each next account from its first
 * transaction. `eof` says the walk ran out of transactions before `limit`. `visit` is told of each
 * dictionary cell read (what a proof of the list keeps); on a Merkle proof a pruned cell the walk
 * needs refuses it.
 */
export function walkBlockTransactions(
  accounts: Cell | null,
  cursor: BlockTransactionsCursor,
  limit: number,
  visit?: (cell: Cell) => void,
): { txs: BlockTransactionRef[]; eof: boolean } {
  const next = !cursor.reverse;
  const startAddr = cursor.after
    ? BigInt(`0x${cursor.after.account.toString('hex')}`)
    : next
      ? 0n
      : ONES_256;
  let lt = cursor.after ? cursor.after.lt : next ? 0n : ONES_64;
  let addr = startAddr;
  let allowSame = true;
  const txs: BlockTransactionRef[] = [];
  return provenParse('block_transactions', 'ShardAccountBlocks', () => {
    while (txs.length < limit) {
      const found = accounts
        ? hashmapNearest(accounts, addr, 256, { next, allowEq: allowSame, ...(visit && { visit }) })
        : null;
      if (!found) {
        return { txs, eof: true };
      }
      allowSame = false;
      addr = found.key;
      if (addr !== startAddr) {
        lt = next ? 0n : ONES_64;
      }
      const account = hex256(addr);
      const v = found.value;
      openAccountBlock(v, account);
      while (txs.length < limit) {
        const tx = hashmapNearest(
          found.leaf,
          lt,
          64,
          { next, allowEq: false, ...(visit && { visit }) },
          v,
        );
        if (!tx) {
          break;
        }
        tx.value.loadCoins();
        tx.value.loadMaybeRef();
        txs.push({ account, lt: tx.key, hash: tx.value.loadRef().hash(0) });
        lt = tx.key;
      }
    }
    return { txs, eof: false };
  });
}

/**
 * A listBlockTransactions(Ext) answer against its block proof: the listed transactions must be
 * exactly the ones the block files from the request's cursor, in the liteserver's order (none skipped,
 * none reordered, hashes equal where sent); at most `count` (and 256); fewer than that only when the
 * block has no more, and then `incomplete` must be false; `incomplete` false only when the proof shows
 * that no transaction follows the last one listed.
 */
export function checkBlockTransactionsList(
  proof: Buffer,
  block: ProofBlockId,
  request: BlockTransactionsCursor & { readonly count: number },
  answer: { readonly txs: readonly BlockTransactionRef[]; readonly incomplete: boolean },
): void {
  const listed = answer.txs;
  const cap = Math.min(request.count, MAX_BLOCK_TRANSACTIONS);
  if (listed.length > cap) {
    throw new ProofError(
      'block_transactions',
      `${listed.length} transactions, at most ${cap} asked`,
    );
  }
  if (answer.incomplete && listed.length < cap) {
    throw new ProofError(
      'block_transactions',
      `${listed.length} transactions of ${cap} asked, yet incomplete`,
    );
  }
  if (listed.length === 0 && answer.incomplete) {
    return; // count 0 asked: nothing listed, nothing to prove
  }
  const accounts = accountBlocksOf(proof, block);
  // One more than listed when the answer says it is complete: the proof must show nothing follows.
  const walked = walkBlockTransactions(
    accounts,
    request,
    answer.incomplete ? listed.length : listed.length + 1,
  );
  listed.forEach((tx, i) => {
    const filed = walked.txs[i];
    const name = `${tx.account.toString('hex')}:${tx.lt}`;
    if (!filed) {
      throw new ProofError(
        'block_transactions',
        `transaction ${i} (${name}) is not in block ${block.seqno} after the ones before it`,
      );
    }
    if (!filed.account.equals(tx.account) || filed.lt !== tx.lt) {
      throw new ProofError(
        'block_transactions',
        `transaction ${i} (${name}) is not the block's next one (${filed.account.toString('hex')}:${filed.lt})`,
      );
    }
    if (tx.hash && filed.hash && !tx.hash.equals(filed.hash)) {
      throw new ProofError(
        'block_transactions',
        `transaction ${name} has another hash in block ${block.seqno}`,
      );
    }
  });
  const following = walked.txs[listed.length];
  if (!answer.incomplete && following) {
    throw new ProofError(
      'block_transactions',
      `complete, yet block ${block.seqno} has ${following.account.toString('hex')}:${following.lt} next`,
    );
  }
}
