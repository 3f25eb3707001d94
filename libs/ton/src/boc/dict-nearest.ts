import type { Cell, Slice } from '@ton/core';
import { readLabelHead } from './hm-label';

/** The entry a nearest-key lookup found: its key, its leaf edge cell, the slice at its value. */
export interface NearestEntry {
  readonly key: bigint;
  readonly leaf: Cell;
  /** The leaf read up to its label: at `extra` for HashmapAug, at the value for Hashmap. */
  readonly value: Slice;
}

export interface NearestOptions {
  /** true: the smallest key above `key`; false: the largest below it. */
  readonly next: boolean;
  /** Whether `key` itself is an answer. */
  readonly allowEq: boolean;
  /** Told of every cell the lookup reads: what a Merkle proof of its answer must keep. */
  readonly visit?: (cell: Cell) => void;
}

/**
 * The entry of a Hashmap / HashmapAug (block.tlb, the same shapes as in dict-path.ts) nearest to
 * `key` in one direction, or null when there is none: the lookup `DictionaryFixed::lookup_nearest_key`
 * of ton-blockchain/ton crypto/vm/dict.cpp performs, and the cells it reads are the ones the C++
 * liteserver's proofs keep. Only the branches the answer depends on are read: on a Merkle proof, a
 * pruned branch among them throws (neither that entry nor its absence is shown).
 *
 * For an inline root (AccountBlock's transactions) pass the cell and `rootSlice` positioned at the
 * root edge; it is not consumed.
 */
export function hashmapNearest(
  root: Cell,
  key: bigint,
  keyBits: number,
  options: NearestOptions,
  rootSlice?: Slice,
): NearestEntry | null {
  if (key < 0n || key >= 1n << BigInt(keyBits)) {
    throw new Error(`key ${key} does not fit ${keyBits} bits`);
  }
  return search(root, rootSlice?.clone(), 0n, keyBits, key, options);
}

interface Edge {
  readonly cell: Cell;
  readonly slice: Slice;
  readonly labelLength: number;
  readonly label: bigint;
}

function openEdge(cell: Cell, slice: Slice | undefined, m: number, options: NearestOptions): Edge {
  if (cell.isExotic) {
    throw new Error('dictionary lookup runs into a pruned branch');
  }
  options.visit?.(cell);
  const s = slice ?? cell.beginParse();
  const head = readLabelHead(s, m);
  const labelLength = head.length;
  let label: bigint;
  if (head.sameBit === null) {
    label = labelLength === 0 ? 0n : s.loadUintBig(labelLength);
  } else {
    label = head.sameBit ? (1n << BigInt(labelLength)) - 1n : 0n;
  }
  if (labelLength > m) {
    throw new Error('malformed dictionary: label longer than the remaining key');
  }
  return { cell, slice: s, labelLength, label };
}

function child(edge: Edge, bit: number): Cell {
  // An inline root may follow fields that hold refs of their own: its fork refs come after them.
  const consumed = edge.cell.refs.length - edge.slice.remainingRefs;
  const next = edge.cell.refs[consumed + bit];
  if (!next) {
    throw new Error('malformed dictionary: fork without two refs');
  }
  return next;
}

function search(
  cell: Cell,
  slice: Slice | undefined,
  prefix: bigint,
  m: number,
  key: bigint,
  options: NearestOptions,
): NearestEntry | null {
  const edge = openEdge(cell, slice, m, options);
  const rest = m - edge.labelLength;
  const keyPart = (key >> BigInt(rest)) & ((1n << BigInt(edge.labelLength)) - 1n);
  const p = (prefix << BigInt(edge.labelLength)) | edge.label;
  if (edge.label !== keyPart) {
    // The whole subtree is on one side of the key.
    return edge.label > keyPart === options.next ? extreme(edge, p, rest, options) : null;
  }
  if (rest === 0) {
    return options.allowEq ? { key: p, leaf: cell, value: edge.slice } : null;
  }
  const bit = Number((key >> BigInt(rest - 1)) & 1n);
  const found = search(
    child(edge, bit),
    undefined,
    (p << 1n) | BigInt(bit),
    rest - 1,
    key,
    options,
  );
  if (found) {
    return found;
  }
  const other = options.next ? 1 : 0;
  if (bit === other) {
    return null;
  }
  return extremeOf(child(edge, other), (p << 1n) | BigInt(other), rest - 1, options);
}

/** The smallest (next) or largest key of an edge already opened. */
function extreme(edge: Edge, p: bigint, rest: number, options: NearestOptions): NearestEntry {
  if (rest === 0) {
    return { key: p, leaf: edge.cell, value: edge.slice };
  }
  const bit = options.next ? 0 : 1;
  return extremeOf(child(edge, bit), (p << 1n) | BigInt(bit), rest - 1, options);
}

function extremeOf(cell: Cell, prefix: bigint, m: number, options: NearestOptions): NearestEntry {
  const edge = openEdge(cell, undefined, m, options);
  return extreme(
    edge,
    (prefix << BigInt(edge.labelLength)) | edge.label,
    m - edge.labelLength,
    options,
  );
}
