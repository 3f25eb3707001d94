import type { Cell } from '@ton/core';

/** serialized_boc#b5ee9c72 (crypto/tl/boc.tlb): the generic BoC magic. */
const BOC_MAGIC = Buffer.from('b5ee9c72', 'hex');

/**
 * Serialises several roots into one bag of cells, as vm::std_boc_serialize_multi does for liteserver
 * answers (proof pairs, transaction lists). @ton/core's toBoc writes a single root only.
 *
 *   serialized_boc#b5ee9c72 has_idx:(## 1) has_crc32c:(## 1) has_cache_bits:(## 1) flags:(## 2) { flags = 0 }
 *     size:(## 3) { size <= 4 } off_bytes:(## 8) { off_bytes <= 8 }
 *     cells:(##(size * 8)) roots:(##(size * 8)) { roots >= 1 } absent:(##(size * 8)) { roots + absent <= cells }
 *     tot_cells_size:(##(off_bytes * 8)) root_list:(roots * ##(size * 8))
 *     index:has_idx?(cells * ##(off_bytes * 8)) cell_data:(tot_cells_size * [ uint8 ])
 *     crc32c:has_crc32c?uint32 = BagOfCells;
 *
 * Written without index and CRC (mode 0, what the C++ liteserver sends). Identical cells (same
 * representation hash) are stored once; every parent precedes its children.
 */
export function serializeBocMultiRoot(roots: readonly Cell[]): Buffer {
  if (roots.length === 0) {
    throw new Error('a bag of cells needs at least one root');
  }
  const order = topologicalOrder(roots);
  const index = new Map<string, number>();
  order.forEach((c, i) => index.set(key(c), i));
  const sizeBytes = bytesFor(order.length);
  const cellBlobs = order.map((c) => serializeCell(c, index, sizeBytes));
  const totalSize = cellBlobs.reduce((sum, b) => sum + b.length, 0);
  const offBytes = bytesFor(totalSize);
  const header = Buffer.alloc(4 + 2 + sizeBytes * 3 + offBytes + sizeBytes * roots.length);
  let at = BOC_MAGIC.copy(header, 0);
  header[at++] = sizeBytes; // has_idx = 0, has_crc32c = 0, has_cache_bits = 0, flags = 0, size
  header[at++] = offBytes;
  at = header.writeUIntBE(order.length, at, sizeBytes);
  at = header.writeUIntBE(roots.length, at, sizeBytes);
  at = header.writeUIntBE(0, at, sizeBytes); // absent
  at = header.writeUIntBE(totalSize, at, offBytes);
  for (const r of roots) {
    at = header.writeUIntBE(indexOf(index, r), at, sizeBytes);
  }
  return Buffer.concat([header, ...cellBlobs]);
}

function key(c: Cell): string {
  return c.hash().toString('hex');
}

function indexOf(index: Map<string, number>, c: Cell): number {
  const i = index.get(key(c));
  if (i === undefined) {
    throw new Error('cell missing from the bag');
  }
  return i;
}

/** Reverse post-order of a DFS from the roots: parents before children, roots in their given order
 *  as far as the DAG allows. */
function topologicalOrder(roots: readonly Cell[]): Cell[] {
  const visited = new Set<string>();
  const post: Cell[] = [];
  // Iterative DFS so that deep chains (long dictionaries) cannot overflow the stack.
  for (let r = roots.length - 1; r >= 0; r--) {
    const root = roots[r];
    if (!root || visited.has(key(root))) {
      continue;
    }
    visited.add(key(root));
    const stack: { cell: Cell; next: number }[] = [{ cell: root, next: root.refs.length - 1 }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      if (!top) {
        break;
      }
      if (top.next < 0) {
        post.push(top.cell);
        stack.pop();
        continue;
      }
      const child = top.cell.refs[top.next];
      top.next--;
      if (child && !visited.has(key(child))) {
        visited.add(key(child));
        stack.push({ cell: child, next: child.refs.length - 1 });
      }
    }
  }
  return post.reverse();
}

function bytesFor(n: number): number {
  let bytes = 1;
  while (n >= 2 ** (8 * bytes)) {
    bytes++;
  }
  return bytes;
}

/** d1 = refs + 8*exotic + 32*level_mask, d2 = ceil(bits/8) + floor(bits/8), data padded with a
 *  completion tag, then the children's indexes (tvm.pdf 3.1.4, crypto/vm/boc.cpp). */
function serializeCell(c: Cell, index: Map<string, number>, sizeBytes: number): Buffer {
  const bitLength = c.bits.length;
  const dataBytes = Math.ceil(bitLength / 8);
  const out = Buffer.alloc(2 + dataBytes + c.refs.length * sizeBytes);
  out[0] = c.refs.length + (c.isExotic ? 8 : 0) + 32 * c.mask.value;
  out[1] = dataBytes + Math.floor(bitLength / 8);
  const full = bitLength - (bitLength % 8);
  if (full > 0) {
    c.bits.subbuffer(0, full)?.copy(out, 2);
  }
  if (bitLength % 8 !== 0) {
    let last = 0;
    for (let i = full; i < bitLength; i++) {
      last = (last << 1) | (c.bits.at(i) ? 1 : 0);
    }
    const used = bitLength - full;
    // completion tag: a 1 bit right after the data, then zeros
    last = ((last << 1) | 1) << (7 - used);
    out[2 + full / 8] = last;
  }
  let at = 2 + dataBytes;
  for (const r of c.refs) {
    at = out.writeUIntBE(indexOf(index, r), at, sizeBytes);
  }
  return out;
}
