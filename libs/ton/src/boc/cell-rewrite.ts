import { beginCell, type Cell, convertToMerkleProof } from '@ton/core';

/**
 * A copy of `root` where the cell of hash `target` (found anywhere below, by level-0 hash) is replaced by
 * `replacement`; every cell on the way is rebuilt, so hashes change up to the root as a forger's would.
 * Pruned branches and other exotic cells are rebuilt as they are. What tests feed a verifier as a
 * tampered copy of a real proof, and what the local network's lying liteserver forges with.
 */
export function replaceCell(root: Cell, target: Buffer, replacement: Cell): Cell {
  const memo = new Map<string, Cell>();
  const rebuild = (cell: Cell): Cell => {
    const key = cell.hash(0).toString('hex');
    const done = memo.get(key);
    if (done) {
      return done;
    }
    let out = cell;
    if (!cell.isExotic && cell.hash(0).equals(target)) {
      out = replacement;
    } else if (cell.refs.length > 0) {
      const refs = cell.refs.map(rebuild);
      if (refs.some((r, i) => r !== cell.refs[i])) {
        const b = beginCell().storeBits(cell.bits);
        refs.forEach((r) => b.storeRef(r));
        out = b.endCell({ exotic: cell.isExotic });
      }
    }
    memo.set(key, out);
    return out;
  };
  const result = rebuild(root);
  if (result === root) {
    throw new Error(`no cell ${target.toString('hex')} under the root`);
  }
  return result;
}

/** An ordinary cell's copy with data bit `bit` flipped (same refs). */
export function flipBit(cell: Cell, bit: number): Cell {
  const s = cell.beginParse();
  const b = beginCell();
  for (let i = 0; i < cell.bits.length; i++) {
    const v = s.loadBit();
    b.storeBit(i === bit ? !v : v);
  }
  cell.refs.forEach((r) => b.storeRef(r));
  return b.endCell();
}

/** A Merkle proof whose virtual root is `root`, as a forger re-wrapping a changed tree would send. */
export function rewrapProof(root: Cell): Cell {
  return convertToMerkleProof(root);
}
