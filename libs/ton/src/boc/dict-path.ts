import type { Cell, Slice } from '@ton/core';
import { readLabelHead } from './hm-label';

/** Result of following a key through a Hashmap / HashmapAug(E) root. */
export interface DictPath {
  /** Every cell visited from the root edge to the last one (inclusive): what a Merkle proof of the
   *  key's presence or absence must keep. */
  readonly cells: Cell[];
  /** The leaf edge cell when the key is present, else null. */
  readonly leaf: Cell | null;
  /** A slice of the leaf positioned right after its label (at `extra` for HashmapAug, at the value for
   *  Hashmap), or null when the key is absent. */
  readonly value: Slice | null;
}

/**
 * Follows `key` (an n-bit unsigned key) from the root edge cell of a Hashmap n X or HashmapAug n X Y
 * (block.tlb):
 *
 *   hm_edge#_ {n:#} {X:Type} {l:#} {m:#} label:(HmLabel ~l n) {n = (~m) + l} node:(HashmapNode m X) = Hashmap n X;
 *   hmn_leaf#_ {X:Type} value:X = HashmapNode 0 X;
 *   hmn_fork#_ {n:#} {X:Type} left:^(Hashmap n X) right:^(Hashmap n X) = HashmapNode (n + 1) X;
 *   ahm_edge / ahmn_leaf (extra:Y value:X) / ahmn_fork (left right extra:Y) have the same shape.
 *   hml_short$0 {m:#} {n:#} len:(Unary ~n) {n <= m} s:(n * Bit) = HmLabel ~n m;
 *   hml_long$10 {m:#} n:(#<= m) s:(n * Bit) = HmLabel ~n m;
 *   hml_same$11 {m:#} v:Bit n:(#<= m) = HmLabel ~n m;
 *
 * For a HashmapE / HashmapAugE pass the root ref (refs[0] of the `hme_root$1` cell). A dictionary stored
 * inline (its root edge in the middle of a cell, as AccountBlock's transactions) is read from `rootSlice`,
 * a slice of `root` positioned at the edge. Throws when the path runs into a pruned branch, since the
 * key's presence cannot be decided there.
 */
export function hashmapPath(root: Cell, key: bigint, keyBits: number, rootSlice?: Slice): DictPath {
  if (key < 0n || key >= 1n << BigInt(keyBits)) {
    throw new Error(`key ${key} does not fit ${keyBits} bits`);
  }
  const cells: Cell[] = [];
  let cell = root;
  let remaining = keyBits; // m: key bits not consumed yet
  for (;;) {
    if (cell.isExotic) {
      throw new Error('dictionary path runs into a pruned branch');
    }
    cells.push(cell);
    const s = cell === root && rootSlice ? rootSlice : cell.beginParse();
    const head = readLabelHead(s, remaining);
    const labelLength = head.length;
    let matches = true;
    if (head.sameBit === null) {
      matches = compareLabel(s, key, keyBits - remaining, labelLength, keyBits);
    } else {
      const v = head.sameBit ? 1n : 0n;
      for (let i = 0; i < labelLength; i++) {
        if (keyBit(key, keyBits, keyBits - remaining + i) !== v) {
          matches = false;
          break;
        }
      }
    }
    if (labelLength > remaining) {
      throw new Error('malformed dictionary: label longer than the remaining key');
    }
    if (!matches) {
      return { cells, leaf: null, value: null };
    }
    remaining -= labelLength;
    if (remaining === 0) {
      return { cells, leaf: cell, value: s };
    }
    // fork: the next key bit chooses the branch, and is consumed by it
    const branch = keyBit(key, keyBits, keyBits - remaining) === 1n ? 1 : 0;
    // An inline root may follow fields that hold refs of their own: its fork refs come after them.
    const consumed = cell.refs.length - s.remainingRefs;
    const next = cell.refs[consumed + branch];
    if (!next) {
      throw new Error('malformed dictionary: fork without two refs');
    }
    cell = next;
    remaining -= 1;
  }
}

/** Reads `length` label bits from `s` and compares them with the key bits starting at `offset`. */
function compareLabel(
  s: Slice,
  key: bigint,
  offset: number,
  length: number,
  keyBits: number,
): boolean {
  let same = true;
  for (let i = 0; i < length; i++) {
    const bit = s.loadBit() ? 1n : 0n;
    if (bit !== keyBit(key, keyBits, offset + i)) {
      same = false;
    }
  }
  return same;
}

/** Bit `i` (0 = most significant) of an n-bit key. */
function keyBit(key: bigint, keyBits: number, i: number): bigint {
  return (key >> BigInt(keyBits - 1 - i)) & 1n;
}

/** A signed 32-bit dictionary key (config params, workchain ids) as the unsigned key bits. */
export function int32Key(value: number): bigint {
  return BigInt.asUintN(32, BigInt(value));
}
