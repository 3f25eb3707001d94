import type { Builder } from '@ton/core';

/** Number of bits needed to write an integer in 0..max (C++ `32 - count_leading_zeroes32(max)`). */
export function lenBits(max: number): number {
  return max === 0 ? 0 : 32 - Math.clz32(max);
}

/** The `len` bits of a `n`-bit key starting at bit `start` (bit 0 = most significant). */
export function keySlice(key: bigint, n: number, start: number, len: number): bigint {
  if (len === 0) {
    return 0n;
  }
  return (key >> BigInt(n - start - len)) & ((1n << BigInt(len)) - 1n);
}

/** Bit `i` of a `n`-bit key (bit 0 = most significant). */
export function keyBit(key: bigint, n: number, i: number): 0 | 1 {
  return ((key >> BigInt(n - 1 - i)) & 1n) === 1n ? 1 : 0;
}

/*
 * hml_short$0 {m:#} {n:#} len:(Unary ~n) {n <= m} s:(n * Bit) = HmLabel ~n m;
 * hml_long$10 {m:#} n:(#<= m) s:(n * Bit) = HmLabel ~n m;
 * hml_same$11 {m:#} v:Bit n:(#<= m) = HmLabel ~n m;
 * unary_zero$0 = Unary ~0;  unary_succ$1 {n:#} x:(Unary ~n) = Unary ~(n + 1);
 *
 * The encoding is chosen exactly as the C++ node does (crypto/vm/dict.cpp append_dict_label), so
 * that dictionaries built here have the same cell hashes as the real ones: hml_same when the label
 * is constant and that is shorter than hml_short, else hml_long when strictly shorter, else hml_short.
 */
export function storeHmLabel(b: Builder, label: bigint, len: number, maxLen: number): void {
  const k = lenBits(maxLen);
  if (len === 0) {
    b.storeUint(0, 2);
    return;
  }
  const ones = (1n << BigInt(len)) - 1n;
  if (len > 1 && k < 2 * len - 1 && (label === 0n || label === ones)) {
    b.storeUint(label === 0n ? 0b110 : 0b111, 3);
    b.storeUint(len, k);
    return;
  }
  if (k < len) {
    b.storeUint(0b10, 2);
    b.storeUint(len, k);
    b.storeUint(label, len);
    return;
  }
  b.storeBit(0);
  for (let i = 0; i < len; i++) {
    b.storeBit(1);
  }
  b.storeBit(0);
  b.storeUint(label, len);
}
