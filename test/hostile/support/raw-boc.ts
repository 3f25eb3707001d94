/*
 * A bag of cells written byte by byte, so that the hostile corpus can say exactly what is wrong with
 * one (crypto/tl/boc.tlb):
 *   serialized_boc#b5ee9c72 has_idx:(## 1) has_crc32c:(## 1) has_cache_bits:(## 1) flags:(## 2)
 *     size:(## 3) off_bytes:(## 8) cells:(##(size * 8)) roots:(##(size * 8)) absent:(##(size * 8))
 *     tot_cells_size:(##(off_bytes * 8)) root_list:(roots * ##(size * 8))
 *     index:has_idx?(cells * ##(off_bytes * 8)) cell_data:(tot_cells_size * [ uint8 ])
 *     crc32c:has_crc32c?uint32 = BagOfCells;
 * Each cell is d1 (refs + 8·exotic), d2 (2 × whole data bytes), the data and its reference indexes.
 * No check is made: lying is the point.
 */

/** One serialised cell: whole data bytes and the indexes of its children. */
export interface RawCell {
  readonly data?: Buffer;
  readonly refs?: readonly number[];
  /** The exotic flag of d1 (the data must then start with a valid exotic type). */
  readonly exotic?: boolean;
  /** Overrides d1 (e.g. 7 references announced). */
  readonly d1?: number;
}

export interface RawBocOptions {
  readonly roots?: readonly number[];
  /** Bytes per cell index (1…4 valid); default: the fewest that hold the count. */
  readonly sizeBytes?: number;
  /** Bytes per offset (1…8 valid); default: the fewest that hold the data length. */
  readonly offBytes?: number;
  /** The `cells`, `roots` and `absent` header fields when they should lie. */
  readonly claimedCells?: number;
  readonly claimedRoots?: number;
  readonly absent?: number;
  /** The magic; default the generic serialized_boc. */
  readonly magic?: number;
  /** The flags byte's top bits (has_idx, has_crc32c, has_cache_bits, flags); default none. */
  readonly flagBits?: number;
}

function bytesFor(value: number): number {
  let bytes = 1;
  while (value >= 256 ** bytes) {
    bytes++;
  }
  return bytes;
}

function uint(value: number, width: number): Buffer {
  const out = Buffer.alloc(width);
  let rest = value;
  for (let i = width - 1; i >= 0; i--) {
    out[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  return out;
}

export function rawBoc(cells: readonly RawCell[], options: RawBocOptions = {}): Buffer {
  const roots = options.roots ?? [0];
  const sizeBytes = options.sizeBytes ?? bytesFor(Math.max(cells.length, 1));
  const data = Buffer.concat(
    cells.map((cell) => {
      const payload = cell.data ?? Buffer.alloc(0);
      const refs = cell.refs ?? [];
      const d1 = cell.d1 ?? refs.length + (cell.exotic === true ? 8 : 0);
      return Buffer.concat([
        Buffer.from([d1, payload.length * 2]),
        payload,
        ...refs.map((ref) => uint(ref, sizeBytes)),
      ]);
    }),
  );
  const offBytes = options.offBytes ?? bytesFor(Math.max(data.length, 1));
  return Buffer.concat([
    uint(options.magic ?? 0xb5ee9c72, 4),
    Buffer.from([(options.flagBits ?? 0) | (sizeBytes & 0x07), offBytes]),
    uint(options.claimedCells ?? cells.length, sizeBytes),
    uint(options.claimedRoots ?? roots.length, sizeBytes),
    uint(options.absent ?? 0, sizeBytes),
    uint(data.length, offBytes),
    ...roots.map((root) => uint(root, sizeBytes)),
    data,
  ]);
}

/** Cells 0…count-1 as a complete 4-ary tree (cell i refers to 4i+1…4i+4): valid, shallow, big. */
export function treeCells(count: number): RawCell[] {
  return Array.from({ length: count }, (_, i) => ({
    refs: [1, 2, 3, 4].map((k) => 4 * i + k).filter((child) => child < count),
  }));
}

/** Cells 0…length-1 as one chain (cell i refers to i+1): valid, depth length-1. */
export function chainCells(length: number): RawCell[] {
  return Array.from({ length }, (_, i) => ({
    data: Buffer.from([i & 0xff]),
    refs: i + 1 < length ? [i + 1] : [],
  }));
}
