import type { Cell } from '@ton/core';

/**
 * A set of cells identified by representation hash. Merkle-proof builders collect the cells a proof must
 * keep unpruned here; identical subtrees (same hash) are one entry, as in the C++ MerkleProofBuilder.
 */
export class CellSet {
  private readonly hashes = new Set<string>();

  static of(...cells: Cell[]): CellSet {
    const set = new CellSet();
    for (const c of cells) {
      set.add(c);
    }
    return set;
  }

  add(cell: Cell): this {
    this.hashes.add(cellKey(cell));
    return this;
  }

  addAll(cells: Iterable<Cell>): this {
    for (const c of cells) {
      this.add(c);
    }
    return this;
  }

  /** Keeps `cell` and every cell below it. */
  addSubtree(cell: Cell): this {
    // A separate visited set: cells already in the set (say, the root itself) still need their children.
    const visited = new Set<string>();
    const stack: Cell[] = [cell];
    for (let c = stack.pop(); c !== undefined; c = stack.pop()) {
      const key = cellKey(c);
      if (visited.has(key)) {
        continue;
      }
      visited.add(key);
      this.hashes.add(key);
      stack.push(...c.refs);
    }
    return this;
  }

  has(cell: Cell): boolean {
    return this.hashes.has(cellKey(cell));
  }

  get size(): number {
    return this.hashes.size;
  }
}

/** Representation hash (the hash at the cell's own top level) as hex. */
export function cellKey(cell: Cell): string {
  return cell.hash().toString('hex');
}
