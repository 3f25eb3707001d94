import { createHash } from 'node:crypto';

import { type Cell, Cell as CellClass } from '@ton/core';

import { readFixture } from '@app/testing';

import { CellSet } from '../boc/cell-set';
import { hashmapPath } from '../boc/dict-path';
import { buildMerkleProof } from '../boc/merkle-proof';
import { loadShardAccountBlocks } from '../tlb/account-block';
import { type ProofBlockId } from './block-header.check';

/** A full mainnet block of fixtures/mainnet/blocks, with the id its bytes and root give. */
export function mainnetBlock(
  file: string,
  workchain: number,
  shard: bigint,
  seqno: number,
): { root: Cell; data: Buffer; id: ProofBlockId } {
  const data = readFixture('mainnet', 'blocks', file);
  const [root] = CellClass.fromBoc(data);
  if (!root) {
    throw new Error(`${file} has no root`);
  }
  const fileHash = createHash('sha256').update(data).digest();
  return { root, data, id: { workchain, shard, seqno, rootHash: root.hash(0), fileHash } };
}

function ref(cell: Cell, i: number): Cell {
  const r = cell.refs[i];
  if (!r) {
    throw new Error(`no ref ${i}`);
  }
  return r;
}

/** Proof keeping a block's root, BlockInfo and BlockInfo's refs (what a lookupBlock header keeps). */
export function headerProof(block: Cell): Cell {
  const info = ref(block, 0);
  return buildMerkleProof(block, CellSet.of(block, info).addAll(info.refs));
}

/**
 * The cells from a block's root to transaction (account, lt) in ShardAccountBlocks, and the
 * Transaction cell when the block holds it: what a liteserver keeps in a transaction proof.
 */
export function transactionPath(
  block: Cell,
  account: Buffer,
  lt: bigint,
): { cells: Cell[]; tx: Cell | null } {
  const extra = ref(block, 3);
  const accountBlocks = ref(extra, 2);
  const cells = [block, extra, accountBlocks];
  const byAccount = hashmapPath(ref(accountBlocks, 0), BigInt('0x' + account.toString('hex')), 256);
  cells.push(...byAccount.cells);
  if (!byAccount.leaf || !byAccount.value) {
    return { cells, tx: null };
  }
  const v = byAccount.value;
  v.loadCoins();
  v.loadMaybeRef();
  v.skip(4 + 256);
  const byLt = hashmapPath(byAccount.leaf, lt, 64, v);
  cells.push(...byLt.cells);
  if (!byLt.value) {
    return { cells, tx: null };
  }
  byLt.value.loadCoins();
  byLt.value.loadMaybeRef();
  return { cells, tx: byLt.value.loadRef() };
}

/** A Merkle proof of `block` keeping the paths to the given transactions (their cells pruned). */
export function transactionsProof(
  block: Cell,
  txs: readonly { account: Buffer; lt: bigint }[],
): Buffer {
  const keep = new CellSet();
  for (const t of txs) {
    keep.addAll(transactionPath(block, t.account, t.lt).cells);
  }
  keep.add(block);
  return buildMerkleProof(block, keep).toBoc({ idx: false, crc32: false });
}

/** The transactions of the account of `block` with the most of them, newest first (a list's order). */
export function busiestAccountTransactions(block: Cell): {
  accountId: Buffer;
  newestFirst: Cell[];
} {
  const entries = loadShardAccountBlocks(ref(ref(block, 3), 2));
  const busiest = entries.reduce((a, b) => (b.transactions.length > a.transactions.length ? b : a));
  return {
    accountId: Buffer.from(busiest.accountId.toString(16).padStart(64, '0'), 'hex'),
    newestFirst: [...busiest.transactions].reverse(),
  };
}
