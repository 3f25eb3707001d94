import { type Cell, type Slice } from '@ton/core';

/*
 * hm_edge#_ {n:#} {X:Type} {l:#} {m:#} label:(HmLabel ~l n) {n = (~m) + l} node:(HashmapNode m X)
 *   = Hashmap n X;
 * hmn_leaf#_ {X:Type} value:X = HashmapNode 0 X;
 * hmn_fork#_ {n:#} {X:Type} left:^(Hashmap n X) right:^(Hashmap n X) = HashmapNode (n + 1) X;
 * ahm_edge#_ … label:(HmLabel ~l n) node:(HashmapAugNode m X Y) = HashmapAug n X Y;
 * ahmn_leaf#_ extra:Y value:X = HashmapAugNode 0 X Y;
 * ahmn_fork#_ left:^(HashmapAug n X Y) right:^(HashmapAug n X Y) extra:Y = HashmapAugNode (n + 1) X Y;
 * hml_short$0 {m:#} {n:#} len:(Unary ~n) {n <= m} s:(n * Bit) = HmLabel ~n m;
 * hml_long$10 {m:#} n:(#<= m) s:(n * Bit) = HmLabel ~n m;
 * hml_same$11 {m:#} v:Bit n:(#<= m) = HmLabel ~n m;
 * (crypto/block/block.tlb, ton-blockchain/ton)
 *
 * @ton/core's Dictionary reads plain Hashmaps only: it cannot skip the extra of an augmented fork, and a
 * HashmapAug's leaf starts with its extra. This walker reads both, in key order (left before right).
 */

/** What the walker does at each node. */
export interface HashmapVisitor {
  /** Reads a leaf's content (`extra` then `value` for a HashmapAug) from `s`, positioned after the label. */
  leaf(key: bigint, s: Slice): void;
  /** HashmapAug only: skips a fork's `extra:Y`, which follows its two references. */
  forkExtra?(s: Slice): void;
  /** A child that is a pruned branch (Merkle proofs and updates): its keys are not present. */
  pruned?(cell: Cell): void;
}

/** Width of `n:(#<= m)`: the bits needed to write 0..m. */
function lengthBits(m: number): number {
  return m === 0 ? 0 : 32 - Math.clz32(m);
}

/**
 * Walks the Hashmap (or HashmapAug) edge that starts at `s` for `keyBits`-bit keys. `s` is consumed up
 * to the end of the root node, so that a map stored inline (AccountBlock.transactions) leaves the slice
 * on the field after it. Child nodes are separate cells.
 */
export function walkHashmap(s: Slice, keyBits: number, visitor: HashmapVisitor): void {
  walkEdge(s, 0n, keyBits, visitor);
}

/** The same for a map held in its own cell (the root of a HashmapE or a ^Hashmap reference). */
export function walkHashmapCell(root: Cell, keyBits: number, visitor: HashmapVisitor): void {
  if (root.isExotic) {
    visitor.pruned?.(root);
    return;
  }
  walkEdge(root.beginParse(), 0n, keyBits, visitor);
}

function walkEdge(s: Slice, prefix: bigint, remaining: number, visitor: HashmapVisitor): void {
  let length: number;
  let label: bigint;
  if (!s.loadBit()) {
    // hml_short$0: the length in unary, then the bits
    length = 0;
    while (s.loadBit()) {
      length++;
    }
    label = length === 0 ? 0n : s.loadUintBig(length);
  } else {
    const same = s.loadBit();
    if (same) {
      // hml_same$11
      const bit = s.loadBit();
      length = s.loadUint(lengthBits(remaining));
      label = bit ? (1n << BigInt(length)) - 1n : 0n;
    } else {
      // hml_long$10
      length = s.loadUint(lengthBits(remaining));
      label = length === 0 ? 0n : s.loadUintBig(length);
    }
  }
  if (length > remaining) {
    throw new Error('malformed dictionary: label longer than the remaining key');
  }
  const key = (prefix << BigInt(length)) | label;
  const left = remaining - length;
  if (left === 0) {
    visitor.leaf(key, s);
    return;
  }
  const l = s.loadRef();
  const r = s.loadRef();
  visitor.forkExtra?.(s);
  walkChild(l, key << 1n, left - 1, visitor);
  walkChild(r, (key << 1n) | 1n, left - 1, visitor);
}

function walkChild(cell: Cell, prefix: bigint, remaining: number, visitor: HashmapVisitor): void {
  if (cell.isExotic) {
    visitor.pruned?.(cell);
    return;
  }
  walkEdge(cell.beginParse(), prefix, remaining, visitor);
}

/**
 * Number of leaves of a HashmapE / HashmapAugE stored as `e` (its own cell: the bit, the root ref, then
 * for an augmented map the root extra, which is not read).
 */
export function countHashmapELeaves(e: Cell, keyBits: number): number {
  const s = e.beginParse();
  if (!s.loadBit()) {
    return 0;
  }
  let count = 0;
  walkHashmapCell(s.loadRef(), keyBits, {
    leaf: () => {
      count++;
    },
    pruned: () => {
      throw new Error('cannot count the leaves of a pruned dictionary branch');
    },
  });
  return count;
}
