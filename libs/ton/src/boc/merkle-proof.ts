import { beginCell, type Cell, CellType, convertToMerkleProof } from '@ton/core';
import { type CellSet } from './cell-set';
import { prunedBranch } from './pruned-branch';

/**
 * Copies the tree under `root` keeping every cell in `keep` (and the root itself) and replacing every
 * other cell whose parent is kept by its pruned branch, then wraps it in a MERKLE_PROOF cell:
 *
 *   !merkle_proof#03 {X:Type} virtual_hash:bits256 depth:uint16 virtual_root:^X = MERKLE_PROOF X;
 *
 * The proof's `refs[0].hash(0)` equals `root.hash()` for a level-0 root (the virtual hash), which is what
 * a verifier compares with a block's state hash. Kept subtrees whose cells are all kept are reused as is.
 */
export function buildMerkleProof(root: Cell, keep: CellSet): Cell {
  return convertToMerkleProof(pruneTree(root, keep));
}

/**
 * The pruned copy of `root` itself (no MERKLE_PROOF wrapper): the root is always kept. Children of kept
 * MERKLE_PROOF / MERKLE_UPDATE cells are one Merkle level deeper, so their pruned branches carry the
 * matching level. Existing pruned branches are kept as they are.
 */
export function pruneTree(root: Cell, keep: CellSet): Cell {
  const memo = new Map<string, Cell>();
  const rebuild = (cell: Cell, depth: number): Cell => {
    const key = `${depth}:${cell.hash().toString('hex')}`;
    const done = memo.get(key);
    if (done) {
      return done;
    }
    let out: Cell;
    if (cell.type === CellType.PrunedBranch) {
      out = cell;
    } else if (cell !== root && !keep.has(cell)) {
      out = prunedBranch(cell, depth);
    } else {
      const childDepth =
        cell.type === CellType.MerkleProof || cell.type === CellType.MerkleUpdate
          ? depth + 1
          : depth;
      const refs = cell.refs.map((r) => rebuild(r, childDepth));
      if (refs.every((r, i) => r === cell.refs[i])) {
        out = cell;
      } else {
        const b = beginCell().storeBits(cell.bits);
        for (const r of refs) {
          b.storeRef(r);
        }
        out = b.endCell({ exotic: cell.isExotic });
      }
    }
    memo.set(key, out);
    return out;
  };
  return rebuild(root, 0);
}
