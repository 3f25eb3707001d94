import type { Slice } from '@ton/core';

/**
 * The head of an edge's label (block.tlb `HmLabel ~n m`): `hml_short$0` (unary length),
 * `hml_long$10` (length in `#<= m`) or `hml_same$11 v:Bit` (length in `#<= m`). The bits of a
 * short or long label are left in the slice for the caller to read or compare; a same label's bit
 * is returned instead (`sameBit`, null for the other two).
 */
export function readLabelHead(
  s: Slice,
  remainingKeyBits: number,
): { readonly length: number; readonly sameBit: boolean | null } {
  if (!s.loadBit()) {
    let length = 0;
    while (s.loadBit()) {
      length++;
    }
    return { length, sameBit: null };
  }
  const lengthBits = bitsForLength(remainingKeyBits);
  if (!s.loadBit()) {
    return { length: s.loadUint(lengthBits), sameBit: null };
  }
  const sameBit = s.loadBit();
  return { length: s.loadUint(lengthBits), sameBit };
}

/** Width of n in `#<= m`: ceil(log2(m + 1)). */
function bitsForLength(m: number): number {
  return m === 0 ? 0 : 32 - Math.clz32(m);
}
