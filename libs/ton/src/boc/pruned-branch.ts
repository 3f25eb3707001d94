import { beginCell, type Cell } from '@ton/core';

/**
 * The pruned-branch cell (exotic type 1) that stands for `cell` inside a Merkle proof, at `merkleDepth`
 * Merkle proof/update cells below the proof root (0 for the proof's own tree, 1 inside a MERKLE_UPDATE
 * kept in it, such as a block's state_update).
 *
 * Layout (crypto/vm/cells/CellBuilder create_pruned_branch; tvm.pdf 3.1.4):
 *   type:uint8 = 1, level_mask:uint8, then for every significant level i below the new top level the
 *   original cell's hash(i) (256 bits each), then the matching depth(i) (16 bits each).
 * A level-0 cell at depth 0 gets level mask 1 (one hash, one depth); at depth d the mask gains bit d, so
 * that the enclosing Merkle cell (which reads its children one level up) still sees the original hash.
 * A cell that already has a non-zero level mask keeps its levels, so its higher hashes survive.
 * (@ton/core 0.63 mis-reads masks with a gap, such as 2 = a level-0 cell pruned at depth 1; real block
 * state updates hold level-1 trees, whose pruned branches get mask 3 and parse fine.)
 */
export function prunedBranch(cell: Cell, merkleDepth = 0): Cell {
  if (merkleDepth < 0 || merkleDepth > 2) {
    throw new Error(`a pruned branch cannot sit at Merkle depth ${merkleDepth}`);
  }
  const mask = cell.mask.value | (1 << merkleDepth);
  const topLevel = 32 - Math.clz32(mask);
  const levels: number[] = [];
  for (let i = 0; i < topLevel; i++) {
    // level i is stored when it is 0 or bit (i-1) of the mask is set (LevelMask::is_significant).
    if (i === 0 || ((mask >> (i - 1)) & 1) === 1) {
      levels.push(i);
    }
  }
  const b = beginCell().storeUint(1, 8).storeUint(mask, 8);
  for (const level of levels) {
    b.storeBuffer(cell.hash(level));
  }
  for (const level of levels) {
    b.storeUint(cell.depth(level), 16);
  }
  return b.endCell({ exotic: true });
}
