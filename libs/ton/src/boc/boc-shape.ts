/*
 * crypto/tl/boc.tlb:
 *   serialized_boc#b5ee9c72 has_idx:(## 1) has_crc32c:(## 1) has_cache_bits:(## 1) flags:(## 2) { flags = 0 }
 *     size:(## 3) { size <= 4 } off_bytes:(## 8) { off_bytes <= 8 }
 *     cells:(##(size * 8)) roots:(##(size * 8)) { roots >= 1 } absent:(##(size * 8)) { roots + absent <= cells }
 *     tot_cells_size:(##(off_bytes * 8)) root_list:(roots * ##(size * 8))
 *     index:has_idx?(cells * ##(off_bytes * 8)) cell_data:(tot_cells_size * [ uint8 ])
 *     crc32c:has_crc32c?uint32 = BagOfCells;
 *   serialized_boc_idx#68ff65f3 size:(## 8) { size <= 4 } off_bytes:(## 8) { off_bytes <= 8 }
 *     cells:(##(size * 8)) roots:(##(size * 8)) { roots = 1 } absent:(##(size * 8)) { roots + absent <= cells }
 *     tot_cells_size:(##(off_bytes * 8)) index:(cells * ##(off_bytes * 8))
 *     cell_data:(tot_cells_size * [ uint8 ]) = BagOfCells;
 *   serialized_boc_idx_crc32c#acc3a728 (same as serialized_boc_idx) crc32c:uint32 = BagOfCells;
 * A cell: d1 = refs + 8·exotic + 16·with_hashes + 32·level, d2 = ⌈bits/8⌉ + ⌊bits/8⌋, then the
 * hashes and depths when with_hashes, the data bytes, and `refs` indexes of `size` bytes each.
 */

/** What a BoC holds, read from its serialisation alone (no cell is built, no hash computed). */
export interface BocShape {
  /** Cells as serialised (duplicates included, as the file stores them). */
  readonly cells: number;
  readonly roots: number;
  /** Depth of the first root: 0 for a cell without references. */
  readonly rootDepth: number;
}

/** Thrown with a reason a client can read (`too many cells`, `truncated`, …). */
export class BocShapeError extends Error {
  override readonly name = 'BocShapeError';
}

interface Header {
  readonly size: number;
  readonly cells: number;
  readonly roots: number;
  readonly absent: number;
  readonly rootIndexes: readonly number[];
  /** Offset of cell_data and its length. */
  readonly dataStart: number;
  readonly dataLength: number;
}

function readUint(bytes: Buffer, offset: number, width: number): number {
  if (offset + width > bytes.length) {
    throw new BocShapeError('truncated');
  }
  let value = 0;
  for (let i = 0; i < width; i++) {
    value = value * 256 + (bytes[offset + i] ?? 0);
  }
  return value;
}

function readHeader(bytes: Buffer): Header {
  const magic = readUint(bytes, 0, 4);
  let pos = 4;
  let hasIdx = true;
  let hasCrc: boolean;
  let size: number;
  if (magic === 0xb5ee9c72) {
    const flags = readUint(bytes, pos, 1);
    pos += 1;
    hasIdx = (flags & 0x80) !== 0;
    hasCrc = (flags & 0x40) !== 0;
    if ((flags & 0x18) !== 0) {
      throw new BocShapeError('unknown flags');
    }
    size = flags & 0x07;
  } else if (magic === 0x68ff65f3 || magic === 0xacc3a728) {
    hasCrc = magic === 0xacc3a728;
    size = readUint(bytes, pos, 1);
    pos += 1;
  } else {
    throw new BocShapeError('bad magic');
  }
  const offBytes = readUint(bytes, pos, 1);
  pos += 1;
  if (size < 1 || size > 4 || offBytes < 1 || offBytes > 8) {
    throw new BocShapeError('bad header');
  }
  const cells = readUint(bytes, pos, size);
  const roots = readUint(bytes, pos + size, size);
  const absent = readUint(bytes, pos + 2 * size, size);
  pos += 3 * size;
  const dataLength = readUint(bytes, pos, offBytes);
  pos += offBytes;
  if (roots < 1 || roots + absent > cells) {
    throw new BocShapeError('bad header');
  }
  const rootIndexes: number[] = [];
  if (magic === 0xb5ee9c72) {
    // Only the first root is needed; the others are counted, not read (a count can be huge).
    rootIndexes.push(readUint(bytes, pos, size));
    pos += roots * size;
  } else {
    rootIndexes.push(0);
  }
  if (hasIdx) {
    pos += cells * offBytes;
  }
  const expected = pos + dataLength + (hasCrc ? 4 : 0);
  if (expected > bytes.length) {
    throw new BocShapeError('truncated');
  }
  if (expected < bytes.length) {
    throw new BocShapeError('trailing bytes');
  }
  return { size, cells, roots, absent, rootIndexes, dataStart: pos, dataLength };
}

/**
 * Reads the shape of a serialised BoC in one pass over its bytes, refusing more than `maxCells` cells
 * before looking at any of them, so a hostile BoC costs at most its own length. References must point
 * forward (a parent precedes its children, as the standard serialisation writes them): this also
 * rules out cycles. The CRC is not checked here; the full parser does.
 */
export function inspectBocShape(bytes: Buffer, limits: { readonly maxCells: number }): BocShape {
  const header = readHeader(bytes);
  if (header.cells > limits.maxCells) {
    throw new BocShapeError(`more than ${String(limits.maxCells)} cells`);
  }
  if (header.absent !== 0) {
    throw new BocShapeError('absent cells');
  }
  const refs: number[][] = [];
  const end = header.dataStart + header.dataLength;
  let pos = header.dataStart;
  for (let i = 0; i < header.cells; i++) {
    const d1 = readUint(bytes, pos, 1);
    const d2 = readUint(bytes, pos + 1, 1);
    pos += 2;
    const refCount = d1 & 7;
    if (refCount > 4) {
      throw new BocShapeError('bad cell descriptor');
    }
    if ((d1 & 16) !== 0) {
      const levels = ((d1 >> 5) & 1) + ((d1 >> 6) & 1) + ((d1 >> 7) & 1) + 1;
      pos += levels * (32 + 2);
    }
    pos += Math.ceil(d2 / 2);
    const children: number[] = [];
    for (let r = 0; r < refCount; r++) {
      const child = readUint(bytes, pos, header.size);
      pos += header.size;
      if (child <= i || child >= header.cells) {
        throw new BocShapeError('references must point forward');
      }
      children.push(child);
    }
    if (pos > end) {
      throw new BocShapeError('truncated');
    }
    refs.push(children);
  }
  if (pos !== end) {
    throw new BocShapeError('cell data size mismatch');
  }
  // Children come after parents: one backward pass gives every depth.
  const depth = new Array<number>(header.cells).fill(0);
  for (let i = header.cells - 1; i >= 0; i--) {
    for (const child of refs[i] ?? []) {
      depth[i] = Math.max(depth[i] ?? 0, (depth[child] ?? 0) + 1);
    }
  }
  const root = header.rootIndexes[0] ?? 0;
  if (root >= header.cells) {
    throw new BocShapeError('bad root index');
  }
  return { cells: header.cells, roots: header.roots, rootDepth: depth[root] ?? 0 };
}
