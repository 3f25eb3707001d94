import { type Cell } from '@ton/core';

/**
 * A cell's data bits as bytes, the last one zero-padded (no completion tag): what Python's
 * `bitarray.tobytes()` gives, as toncenter's tvm_valuetypes and message renderers keep them.
 */
export function cellDataBytes(cell: Cell): Buffer {
  const bits = cell.bits;
  const out = Buffer.alloc(Math.ceil(bits.length / 8));
  for (let i = 0; i < bits.length; i++) {
    if (bits.at(i)) {
      out[i >> 3] = (out[i >> 3] ?? 0) | (0x80 >> (i & 7));
    }
  }
  return out;
}
