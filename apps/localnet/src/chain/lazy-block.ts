import { readBoc } from '@app/ton';
import type { Cell } from '@ton/core';

import type { StoredBlock, StoredTransaction } from './chain-reader';

/** Blocks whose cells stay held whatever the garbage collector does: the newest ones, the ones read. */
const RECENT_BLOCKS = 16;
const recent: Cell[] = [];

function keepRecent(cell: Cell): Cell {
  recent.push(cell);
  if (recent.length > RECENT_BLOCKS) {
    recent.shift();
  }
  return cell;
}

type Hold = (cell: Cell) => { deref(): Cell | undefined };

/** Transaction cells of a block read back from its BoC, by hash (one walk per re-read block). */
const transactionCellsOf = new WeakMap<Cell, Map<string, Cell>>();

function transactionCell(block: Cell, wanted: readonly StoredTransaction[], hash: Buffer): Cell {
  let byHash = transactionCellsOf.get(block);
  if (byHash === undefined) {
    const hashes = new Set(wanted.map((t) => t.hash.toString('hex')));
    byHash = new Map();
    const seen = new Set<Cell>();
    const walk = (c: Cell): void => {
      if (seen.has(c)) {
        return;
      }
      seen.add(c);
      const h = c.hash().toString('hex');
      if (hashes.has(h)) {
        byHash?.set(h, c);
      }
      c.refs.forEach(walk);
    };
    walk(block);
    transactionCellsOf.set(block, byHash);
  }
  const found = byHash.get(hash.toString('hex'));
  if (found === undefined) {
    throw new Error(`transaction ${hash.toString('hex')} is not in its block`);
  }
  return found;
}

/**
 * The block with its `block` cell held only weakly, read again from `blockBoc` (the bytes its file
 * hash was computed over) when it has been collected. A 100-transaction block is ~3,000 @ton/core
 * cells — each with its own closures, ~1 KB apiece, the Merkle update's pruned copies most of them —
 * against ~100 KB of BoC; kept as cells, every block of a long-running network stayed in memory
 * (2.6 MB per masterchain block with its shard blocks, bench/reports/ingest-catchup.md). Only block
 * proofs read the cells; getBlock sends the bytes. Each transaction's `cell` (a subtree of the block)
 * is held the same way and found again in the re-read block by its hash: kept as cells, the
 * transactions alone were ~1 MB of a 100-transaction block. Blocks without a BoC (zero states) are
 * returned as they are.
 */
export function withLazyBlock(
  stored: StoredBlock,
  hold: Hold = (cell) => new WeakRef(cell),
): StoredBlock {
  const { block, blockBoc } = stored;
  if (block === null || blockBoc === undefined) {
    return stored;
  }
  let held = hold(keepRecent(block));
  const blockCell = (): Cell => {
    let cell = held.deref();
    if (cell === undefined) {
      const [root] = readBoc(blockBoc);
      if (root === undefined) {
        throw new Error('a stored block BoC without a root');
      }
      cell = root;
      held = hold(keepRecent(cell));
    }
    return cell;
  };
  const transactions = stored.transactions.map((tx) => {
    // The getter must not reach `tx`: that object holds the cell strongly.
    const { hash } = tx;
    let heldTx = hold(tx.cell);
    return Object.defineProperty({ ...tx }, 'cell', {
      enumerable: true,
      configurable: true,
      get(): Cell {
        let cell = heldTx.deref();
        if (cell === undefined) {
          cell = transactionCell(blockCell(), transactions, hash);
          heldTx = hold(cell);
        }
        return cell;
      },
    });
  });
  // Configurable: a block dropped from the history later replaces these accessors (state-retention.ts).
  return Object.defineProperty({ ...stored, transactions }, 'block', {
    enumerable: true,
    configurable: true,
    get: blockCell,
  });
}
