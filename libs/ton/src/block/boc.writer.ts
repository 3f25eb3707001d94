import { type Cell } from '@ton/core';

/*
 * serialized_boc#b5ee9c72 has_idx:(## 1) has_crc32c:(## 1) has_cache_bits:(## 1) flags:(## 2) { flags = 0 }
 *   size:(## 3) { size <= 4 } off_bytes:(## 8) { off_bytes <= 8 }
 *   cells:(##(size * 8)) roots:(##(size * 8)) { roots >= 1 } absent:(##(size * 8)) { roots + absent <= cells }
 *   tot_cells_size:(##(off_bytes * 8)) root_list:(roots * ##(size * 8))
 *   index:has_idx?(cells * ##(off_bytes * 8)) cell_data:(tot_cells_size * [ uint8 ])
 *   crc32c:has_crc32c?uint32 = BagOfCells;
 * (crypto/tl/boc.tlb)
 *
 * The bytes of @ton/core's `cell.toBoc({ idx: false, crc32 })`, written faster: @ton/core copies cell
 * data bit by bit, finds each next cell of its topological sort by copying a set into an array
 * (quadratic in the cell count) and computes the CRC32C bitwise. Here the cell order is the same (see
 * cellOrder), data is copied by bytes and the CRC uses a table, so that the output is byte-identical
 * (the spec checks it against @ton/core on every message of the fixture blocks).
 */

const MAGIC = 0xb5ee9c72;

/** A single-root BoC without index, with or without CRC32C, identical to @ton/core's toBoc. */
export function writeBoc(root: Cell, crc32: boolean): Buffer {
  const keys = new CellKeys();
  const order = root.refs.length === 0 ? [root] : cellOrder(root, keys);
  const index = new Map<string, number>();
  order.forEach((c, i) => index.set(keys.of(c), i));
  const count = order.length;
  const sizeBytes = Math.max(1, Math.ceil(bitLength(count) / 8));
  let totalCellSize = 0;
  for (const c of order) {
    totalCellSize += 2 + Math.ceil(c.bits.length / 8) + c.refs.length * sizeBytes;
  }
  const offsetBytes = Math.max(1, Math.ceil(bitLength(totalCellSize) / 8));
  const headerSize = 4 + 1 + 1 + 3 * sizeBytes + offsetBytes + sizeBytes;
  const out = Buffer.alloc(headerSize + totalCellSize + (crc32 ? 4 : 0));
  let at = out.writeUInt32BE(MAGIC, 0);
  // has_idx = 0, has_crc32c, has_cache_bits = 0, flags = 0, size
  out[at++] = (crc32 ? 0x40 : 0) | sizeBytes;
  out[at++] = offsetBytes;
  at = out.writeUIntBE(count, at, sizeBytes);
  at = out.writeUIntBE(1, at, sizeBytes); // roots
  at = out.writeUIntBE(0, at, sizeBytes); // absent
  at = out.writeUIntBE(totalCellSize, at, offsetBytes);
  at = out.writeUIntBE(0, at, sizeBytes); // root index
  for (const c of order) {
    at = writeCell(c, (r) => index.get(keys.of(r)), sizeBytes, out, at);
  }
  if (crc32) {
    out.writeUInt32LE(crc32c(out.subarray(0, at)), at);
  }
  return out;
}

/** Cells are told apart by their hash, as @ton/core does; each object's key is computed once. */
class CellKeys {
  private readonly keys = new Map<Cell, string>();

  of(c: Cell): string {
    let k = this.keys.get(c);
    if (k === undefined) {
      k = c.hash().toString('latin1');
      this.keys.set(c, k);
    }
    return k;
  }
}

function bitLength(n: number): number {
  return n === 0 ? 0 : 32 - Math.clz32(n);
}

/**
 * @ton/core's topologicalSort order: it discovers the distinct cells breadth-first, then runs a
 * depth-first post-order (children right to left) from each cell not yet placed, in discovery order,
 * and reverses it. Every cell is reachable from the root, the first cell discovered, so the first
 * search places them all: the order is the reversed post-order of one search from the root.
 */
function cellOrder(root: Cell, keys: CellKeys): Cell[] {
  const placed = new Set<string>();
  const post: Cell[] = [];
  // A cell tree is at most 1024 levels deep (a cell's depth is a uint16 capped by the VM at 1024),
  // well within the call stack.
  const visit = (c: Cell): void => {
    for (let i = c.refs.length - 1; i >= 0; i--) {
      const r = c.refs[i];
      if (r && !placed.has(keys.of(r))) {
        visit(r);
      }
    }
    placed.add(keys.of(c));
    post.push(c);
  };
  visit(root);
  return post.reverse();
}

/** d1 = refs + 8·exotic + 32·level mask, d2 = ⌈bits/8⌉ + ⌊bits/8⌋, data with its completion tag, refs. */
function writeCell(
  c: Cell,
  indexOf: (ref: Cell) => number | undefined,
  sizeBytes: number,
  out: Buffer,
  at: number,
): number {
  const len = c.bits.length;
  const full = len >> 3;
  const rest = len & 7;
  out[at++] = c.refs.length + (c.isExotic ? 8 : 0) + c.mask.value * 32;
  out[at++] = full + Math.ceil(len / 8);
  const aligned = c.bits.subbuffer(0, full * 8);
  if (aligned) {
    aligned.copy(out, at);
  } else {
    for (let i = 0; i < full; i++) {
      let byte = 0;
      for (let j = 0; j < 8; j++) {
        byte = (byte << 1) | (c.bits.at(i * 8 + j) ? 1 : 0);
      }
      out[at + i] = byte;
    }
  }
  at += full;
  if (rest > 0) {
    let byte = 0;
    for (let j = 0; j < rest; j++) {
      byte = (byte << 1) | (c.bits.at(full * 8 + j) ? 1 : 0);
    }
    // the completion tag: a 1 bit after the data, then zeros
    out[at++] = ((byte << 1) | 1) << (7 - rest);
  }
  for (const r of c.refs) {
    const i = indexOf(r);
    if (i === undefined) {
      throw new Error('cell missing from the bag');
    }
    at = out.writeUIntBE(i, at, sizeBytes);
  }
  return at;
}

/** CRC-32C (Castagnoli, reflected polynomial 0x82f63b78), table-driven. */
const CRC_TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) {
      c = c & 1 ? (c >>> 1) ^ 0x82f63b78 : c >>> 1;
    }
    t[n] = c;
  }
  return t;
})();

export function crc32c(data: Uint8Array): number {
  let crc = -1;
  for (const byte of data) {
    crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  }
  return (crc ^ -1) >>> 0;
}
