import { readBoc } from '@app/ton';
import type { Cell } from '@ton/core';

import type { StoredBlock } from './chain-reader';

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

/**
 * The block with its `block` cell held only weakly, read again from `blockBoc` (the bytes its file
 * hash was computed over) when it has been collected. A 100-transaction block is ~3,000 @ton/core
 * cells — each with its own closures, ~1 KB apiece, the Merkle update's pruned copies most of them —
 * against ~100 KB of BoC; kept as cells, every block of a long-running network stayed in memory
 * (2.6 MB per masterchain block with its shard blocks, bench/reports/ingest-catchup.md). Only block
 * proofs read the cells; getBlock sends the bytes. Blocks without a BoC (zero states) are returned
 * as they are.
 */
export function withLazyBlock(
  stored: StoredBlock,
  hold: (cell: Cell) => { deref(): Cell | undefined } = (cell) => new WeakRef(cell),
): StoredBlock {
  const { block, blockBoc } = stored;
  if (block === null || blockBoc === undefined) {
    return stored;
  }
  let held = hold(keepRecent(block));
  return Object.defineProperty({ ...stored }, 'block', {
    enumerable: true,
    get(): Cell {
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
    },
  });
}
