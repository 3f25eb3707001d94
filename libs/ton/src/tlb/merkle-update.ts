import { beginCell, type Cell, CellType } from '@ton/core';

/*
 * Exotic cells (tvm.pdf 3.1.2; crypto/vm/cells/MerkleUpdate.cpp):
 *   pruned branch:  type 1, level mask, hash(256), depth(16)
 *   !merkle_update#04 {X:Type} old_hash:bits256 new_hash:bits256 old_depth:uint16 new_depth:uint16
 *     old:^X new:^X = MERKLE_UPDATE X;
 * (block.tlb still shows the obsolete #02 form without the depths; nodes write #04.)
 */

const hex = (c: Cell): string => c.hash(0).toString('hex');

/** A pruned branch standing for the level-0 cell `c`. */
function prunedBranch(c: Cell): Cell {
  return beginCell()
    .storeUint(1, 8)
    .storeUint(1, 8)
    .storeBuffer(c.hash(0))
    .storeUint(c.depth(0), 16)
    .endCell({ exotic: true });
}

/** Cells that may not be pruned here: exotic cells and cells above level 0 are kept whole. */
function unprunable(c: Cell): boolean {
  return c.isExotic || c.level() > 0;
}

function rebuild(c: Cell, refs: Cell[]): Cell {
  // Unchanged children: the original cell is already the right one (saves re-hashing).
  if (refs.every((r, i) => r === c.refs[i])) {
    return c;
  }
  const b = beginCell().storeBits(c.bits);
  for (const r of refs) {
    b.storeRef(r);
  }
  return b.endCell();
}

/**
 * The old cells that differ from the new tree at the same position: walks both trees in step and keeps
 * every old cell whose hash differs, stopping where the hashes agree or at a cell in `stop`.
 */
export function collectChangedCells(
  oldRoot: Cell,
  newRoot: Cell,
  into: Set<string>,
  stop?: ReadonlySet<string>,
): void {
  const walk = (o: Cell, n: Cell): void => {
    const h = hex(o);
    if (h === hex(n) || into.has(h) || stop?.has(h)) {
      return;
    }
    into.add(h);
    const count = Math.min(o.refs.length, n.refs.length);
    for (let i = 0; i < count; i++) {
      const or = o.refs[i];
      const nr = n.refs[i];
      if (or && nr) {
        walk(or, nr);
      }
    }
  };
  walk(oldRoot, newRoot);
}

/**
 * MERKLE_UPDATE from `oldRoot` to `newRoot`. The old side keeps the cells whose hashes are in
 * `oldKeep` (the cells an update reads: changed paths) and prunes the rest; the new side prunes every
 * subtree already present on the old side (kept or pruned there) and keeps the rest. Such an update can
 * be applied to the old tree (see `applyMerkleUpdate`), which is what a validator checks.
 */
export function buildMerkleUpdate(
  oldRoot: Cell,
  newRoot: Cell,
  oldKeep: ReadonlySet<string>,
): Cell {
  const known = new Set<string>();
  // The subtrees beside the changed paths are the same on both sides: one pruned branch serves both.
  const pruned = new Map<string, Cell>();
  const prune = (c: Cell, h: string): Cell => {
    let p = pruned.get(h);
    if (p === undefined) {
      p = prunedBranch(c);
      pruned.set(h, p);
    }
    return p;
  };
  const memoOld = new Map<string, Cell>();
  const oldSide = (c: Cell, isRoot: boolean): Cell => {
    const h = hex(c);
    known.add(h);
    const done = memoOld.get(h);
    if (done) {
      return done;
    }
    let out: Cell;
    if (unprunable(c)) {
      out = c;
    } else if (isRoot || oldKeep.has(h)) {
      out = rebuild(
        c,
        c.refs.map((r) => oldSide(r, false)),
      );
    } else {
      out = prune(c, h);
    }
    memoOld.set(h, out);
    return out;
  };
  const oldRepr = oldSide(oldRoot, true);
  const memoNew = new Map<string, Cell>();
  const newSide = (c: Cell, isRoot: boolean): Cell => {
    const h = hex(c);
    const done = memoNew.get(h);
    if (done) {
      return done;
    }
    let out: Cell;
    if (unprunable(c)) {
      out = c;
    } else if (!isRoot && known.has(h)) {
      out = prune(c, h);
    } else {
      out = rebuild(
        c,
        c.refs.map((r) => newSide(r, false)),
      );
    }
    memoNew.set(h, out);
    return out;
  };
  const newRepr = newSide(newRoot, true);
  return beginCell()
    .storeUint(4, 8)
    .storeBuffer(oldRoot.hash(0))
    .storeBuffer(newRoot.hash(0))
    .storeUint(oldRoot.depth(0), 16)
    .storeUint(newRoot.depth(0), 16)
    .storeRef(oldRepr)
    .storeRef(newRepr)
    .endCell({ exotic: true });
}

/** Reads the hashes of a MERKLE_UPDATE cell. */
export function merkleUpdateHashes(update: Cell): { oldHash: Buffer; newHash: Buffer } {
  if (update.type !== CellType.MerkleUpdate) {
    throw new Error('not a Merkle update cell');
  }
  const s = update.beginParse(true);
  s.skip(8);
  return { oldHash: s.loadBuffer(32), newHash: s.loadBuffer(32) };
}

/**
 * Applies a MERKLE_UPDATE to the full old tree: checks that the old side is a pruning of `oldRoot`,
 * then rebuilds the new tree by replacing each pruned branch of the new side with the old cell it stands
 * for. Throws when the update does not fit the tree; the result's hash equals the update's new hash.
 */
export function applyMerkleUpdate(update: Cell, oldRoot: Cell): Cell {
  const { oldHash, newHash } = merkleUpdateHashes(update);
  const oldRepr = update.refs[0];
  const newRepr = update.refs[1];
  if (!oldRepr || !newRepr) {
    throw new Error('Merkle update without two references');
  }
  if (!oldHash.equals(oldRoot.hash(0))) {
    throw new Error('Merkle update does not start from this tree');
  }
  const available = new Map<string, Cell>();
  const index = (repr: Cell, full: Cell): void => {
    available.set(hex(full), full);
    if (repr.type === CellType.PrunedBranch) {
      return;
    }
    if (repr.refs.length !== full.refs.length) {
      throw new Error('Merkle update old side does not match the tree');
    }
    repr.refs.forEach((r, i) => {
      const f = full.refs[i];
      if (!f || !r.hash(0).equals(f.hash(0))) {
        throw new Error('Merkle update old side does not match the tree');
      }
      index(r, f);
    });
  };
  index(oldRepr, oldRoot);
  const restore = (c: Cell): Cell => {
    if (c.type === CellType.PrunedBranch) {
      const h = c.hash(0).toString('hex');
      const found = available.get(h);
      if (!found) {
        throw new Error(`Merkle update prunes ${h}, which the old tree does not hold`);
      }
      return found;
    }
    if (c.isExotic) {
      return c;
    }
    return rebuild(c, c.refs.map(restore));
  };
  const result = restore(newRepr);
  if (!result.hash(0).equals(newHash)) {
    throw new Error('Merkle update result hash mismatch');
  }
  return result;
}
