/**
 * Readers of the mainnet block fixtures (`fixtures/mainnet/blocks`) for the TL-B builder specs: each
 * spec reads a real block's part with these, rebuilds it with the library and compares hashes.
 * Only specs import this module.
 */
import assert from 'node:assert/strict';
import {
  type Builder,
  Cell,
  type CurrencyCollection,
  loadCurrencyCollection,
  type Slice,
} from '@ton/core';
import { readFixture } from '@app/testing';

export const BLOCKS = ['block-1.bin', 'block-2.bin', 'block-5.bin', 'block-6.bin', 'block-7.bin'];

export function loadBlock(name: string): Cell {
  const [root] = Cell.fromBoc(readFixture('mainnet', 'blocks', name));
  assert.ok(root);
  return root;
}

export function ref(c: Cell, i: number): Cell {
  const r = c.refs[i];
  assert.ok(r, `missing ref ${i}`);
  return r;
}

export const grams = (s: Slice): bigint => loadCurrencyCollection(s).coins;
export const currency = (s: Slice): CurrencyCollection => loadCurrencyCollection(s);

/** Reads one HmLabel; returns its length and bits. */
function readLabel(s: Slice, m: number): { len: number; bits: bigint } {
  const k = m === 0 ? 0 : 32 - Math.clz32(m);
  if (!s.loadBit()) {
    let len = 0;
    while (s.loadBit()) {
      len++;
    }
    return { len, bits: len ? s.loadUintBig(len) : 0n };
  }
  if (!s.loadBit()) {
    const len = s.loadUint(k);
    return { len, bits: len ? s.loadUintBig(len) : 0n };
  }
  const v = s.loadBit();
  const len = s.loadUint(k);
  return { len, bits: v ? (1n << BigInt(len)) - 1n : 0n };
}

/** The leaves of a HashmapAug root edge: key and the slice positioned at the extra. */
export function augLeaves(root: Cell, n: number): { key: bigint; s: Slice }[] {
  const out: { key: bigint; s: Slice }[] = [];
  const walk = (c: Cell, m: number, prefix: bigint): void => {
    const s = c.beginParse();
    const { len, bits } = readLabel(s, m);
    const p = (prefix << BigInt(len)) | bits;
    if (m - len === 0) {
      out.push({ key: p, s });
      return;
    }
    walk(ref(c, 0), m - len - 1, p << 1n);
    walk(ref(c, 1), m - len - 1, (p << 1n) | 1n);
  };
  walk(root, n, 0n);
  return out;
}

/** The rest of a slice as a builder writer (bits and refs). */
export function rest(s: Slice): (b: Builder) => void {
  const bits = s.loadBits(s.remainingBits);
  const refs: Cell[] = [];
  while (s.remainingRefs > 0) {
    refs.push(s.loadRef());
  }
  return (b) => {
    b.storeBits(bits);
    refs.forEach((r) => b.storeRef(r));
  };
}
