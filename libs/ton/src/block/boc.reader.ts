import { createHash } from 'node:crypto';
import { BitReader, BitString, Cell, CellType, Slice } from '@ton/core';

/*
 * serialized_boc#b5ee9c72 has_idx:(## 1) has_crc32c:(## 1) has_cache_bits:(## 1) flags:(## 2) { flags = 0 }
 *   size:(## 3) { size <= 4 } off_bytes:(## 8) { off_bytes <= 8 } cells:(##(size * 8))
 *   roots:(##(size * 8)) { roots >= 1 } absent:(##(size * 8)) { roots + absent <= cells }
 *   tot_cells_size:(##(off_bytes * 8)) root_list:(roots * ##(size * 8))
 *   index:has_idx?(cells * ##(off_bytes * 8)) cell_data:(tot_cells_size * [ uint8 ])
 *   crc32c:has_crc32c?uint32 = BagOfCells;
 * (crypto/tl/boc.tlb)
 */
const GENERIC_MAGIC = 0xb5ee9c72;

/** What a real Cell carries as own properties; checked once so a changed @ton/core falls back. */
const EXPECTED_OWN_KEYS = [
  '_depths',
  '_hashes',
  'beginParse',
  'bits',
  'depth',
  'equals',
  'hash',
  'level',
  'mask',
  'refs',
  'type',
];
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

interface RawCell {
  /** Offset of d1 in the BoC; the representation starts with d1 d2 and the padded data. */
  readonly start: number;
  /** Bytes of stored hashes and depths between d2 and the data. */
  readonly stored: number;
  readonly dataBytes: number;
  readonly d1: number;
  readonly d2: number;
  readonly refs: number[];
}

let layoutChecked: boolean | undefined;
let zeroMask: Cell['mask'] | undefined;

/** Whether Cell instances still have the layout this reader reproduces (checked on first use). */
function layoutMatches(): boolean {
  if (layoutChecked === undefined) {
    const sample = new Cell();
    const keys = Object.getOwnPropertyNames(sample).sort();
    const symbols = Object.getOwnPropertySymbols(sample);
    layoutChecked =
      keys.length === EXPECTED_OWN_KEYS.length &&
      keys.every((k, i) => k === EXPECTED_OWN_KEYS[i]) &&
      symbols.length === 1 &&
      symbols[0] === INSPECT &&
      Object.isFrozen(sample) &&
      sample.mask.value === 0 &&
      sample.mask.level === 0;
    zeroMask = sample.mask;
  }
  return layoutChecked;
}

/**
 * An ordinary level-0 cell with its representation hash and depth already known: the same own fields,
 * instance methods and frozenness as a Cell constructor gives, assigned in one constructor so that
 * every instance shares one shape; its prototype chain leads to Cell.prototype (instanceof Cell,
 * toBoc, asSlice …).
 */
class PlainCell {
  readonly _hashes: readonly Buffer[];
  readonly _depths: readonly number[];
  readonly beginParse: () => Slice;
  readonly hash: () => Buffer;
  readonly depth: () => number;
  readonly level: () => number;
  readonly equals: (other: Cell) => boolean;
  readonly [INSPECT]: () => string;
  readonly type = CellType.Ordinary;
  readonly mask: Cell['mask'];

  constructor(
    readonly bits: BitString,
    readonly refs: Cell[],
    hash: Buffer,
    depth: number,
    mask: Cell['mask'],
  ) {
    this._hashes = Object.freeze([hash]);
    this._depths = Object.freeze([depth]);
    // Never exotic, so beginParse's allowExotic changes nothing.
    this.beginParse = () => new Slice(new BitReader(bits), refs);
    this.hash = () => hash;
    this.depth = () => depth;
    this.level = () => 0;
    this.equals = (other) => hash.equals(other.hash());
    this[INSPECT] = () => (this as unknown as Cell).toString();
    this.mask = mask;
    Object.freeze(refs);
    Object.freeze(this);
  }
}
Object.setPrototypeOf(PlainCell.prototype, Cell.prototype);

function ordinaryCell(bits: BitString, refs: Cell[], hash: Buffer, depth: number): Cell {
  if (zeroMask === undefined) {
    throw new Error('readBoc: layout not checked');
  }
  return new PlainCell(bits, refs, hash, depth, zeroMask) as unknown as Cell;
}

/**
 * Cell.fromBoc for large BoCs such as full blocks, giving the same cells with the same hashes. For an
 * ordinary cell whose subtree has level 0 (every cell of a block except the Merkle update's pruned
 * branches and the cells above them), the representation hash is SHA-256 over the cell's serialised
 * bytes as they already stand in the BoC (d1, d2, padded data) followed by the children's depths and
 * hashes, so it is computed straight from the buffer; @ton/core would rebuild each representation
 * bit by bit. Every other cell (exotic, non-zero level, stored hashes) is built by the Cell
 * constructor. Anything unusual about the BoC itself (another magic, absent cells, several roots)
 * goes to Cell.fromBoc.
 */
export function readBoc(boc: Buffer): Cell[] {
  if (!layoutMatches() || boc.length < 6 || boc.readUInt32BE(0) !== GENERIC_MAGIC) {
    return Cell.fromBoc(boc);
  }
  const flags = boc[4] ?? 0;
  const hasIdx = (flags & 0x80) !== 0;
  const hasCrc = (flags & 0x40) !== 0;
  const size = flags & 0x07;
  const offBytes = boc[5] ?? 0;
  if ((flags & 0x18) !== 0 || size < 1 || size > 4 || offBytes < 1 || offBytes > 8) {
    return Cell.fromBoc(boc);
  }
  let p = 6;
  const uint = (bytes: number): number => {
    let v = 0;
    for (let i = 0; i < bytes; i += 1) {
      v = v * 256 + (boc[p + i] ?? 0);
    }
    p += bytes;
    return v;
  };
  const cellCount = uint(size);
  const rootCount = uint(size);
  const absent = uint(size);
  const totalSize = uint(offBytes);
  const roots: number[] = [];
  for (let i = 0; i < rootCount; i += 1) {
    roots.push(uint(size));
  }
  if (hasIdx) {
    p += cellCount * offBytes;
  }
  const dataStart = p;
  const dataEnd = dataStart + totalSize;
  if (absent !== 0 || rootCount < 1 || dataEnd + (hasCrc ? 4 : 0) !== boc.length) {
    return Cell.fromBoc(boc);
  }
  if (hasCrc && crc32c(boc.subarray(0, dataEnd)) !== boc.readUInt32LE(dataEnd)) {
    throw new Error('Invalid CRC32C');
  }
  const raw: RawCell[] = new Array<RawCell>(cellCount);
  for (let i = 0; i < cellCount; i += 1) {
    const start = p;
    const d1 = boc[p] ?? 0;
    const d2 = boc[p + 1] ?? 0;
    if ((d1 & 7) > 4) {
      // An absent cell or an invalid reference count: not this reader's business.
      return Cell.fromBoc(boc);
    }
    // Hashes and depths stored in the BoC (with_hashes) are skipped: they are recomputed, as
    // Cell.fromBoc does, since a root hash proves the tree only when computed.
    const stored = (d1 & 0x10) === 0 ? 0 : hashCount(d1 >> 5) * (32 + 2);
    const dataBytes = Math.ceil(d2 / 2);
    p += 2 + stored + dataBytes;
    const refs: number[] = [];
    for (let r = 0; r < (d1 & 7); r += 1) {
      refs.push(uint(size));
    }
    if (p > dataEnd) {
      throw new Error('Invalid BOC file');
    }
    raw[i] = { start, stored, dataBytes, d1, d2, refs };
  }
  const cells: Cell[] = new Array<Cell>(cellCount);
  for (let i = cellCount - 1; i >= 0; i -= 1) {
    const c = raw[i];
    if (c === undefined) {
      throw new Error('Invalid BOC file');
    }
    const refs: Cell[] = [];
    let plain = (c.d1 & 0xe8) === 0;
    const dataAt = c.start + 2 + c.stored;
    for (const r of c.refs) {
      const child = r > i ? cells[r] : undefined;
      if (child === undefined) {
        throw new Error('Invalid BOC file');
      }
      refs.push(child);
      plain = plain && child.mask.value === 0;
    }
    const bits = bitsOf(boc, dataAt, c.dataBytes, c.d2);
    if (!plain) {
      cells[i] = new Cell({ bits, refs, exotic: (c.d1 & 8) !== 0 });
      continue;
    }
    const h = createHash('sha256');
    if (c.stored === 0) {
      h.update(boc.subarray(c.start, dataAt + c.dataBytes));
    } else {
      h.update(Buffer.from([c.d1 & ~0x10, c.d2])).update(
        boc.subarray(dataAt, dataAt + c.dataBytes),
      );
    }
    let depth = 0;
    if (refs.length > 0) {
      const tail = Buffer.allocUnsafe(refs.length * 34);
      refs.forEach((ref, k) => {
        const d = ref.depth(0);
        depth = Math.max(depth, d + 1);
        tail.writeUInt16BE(d, k * 2);
        ref.hash(0).copy(tail, refs.length * 2 + k * 32);
      });
      h.update(tail);
    }
    cells[i] = ordinaryCell(bits, refs, h.digest(), depth);
  }
  return roots.map((r) => {
    const root = cells[r];
    if (root === undefined) {
      throw new Error('Invalid BOC file');
    }
    return root;
  });
}

/** Number of hashes a cell of this level mask has (1 + the bits set in the mask). */
function hashCount(levelMask: number): number {
  return 1 + (levelMask & 1) + ((levelMask >> 1) & 1) + ((levelMask >> 2) & 1);
}

/** The cell's data bits: d2 even means whole bytes; odd means the last byte carries a 1-bit pad. */
function bitsOf(boc: Buffer, offset: number, bytes: number, d2: number): BitString {
  if (bytes === 0) {
    return BitString.EMPTY;
  }
  const data = boc.subarray(offset, offset + bytes);
  if ((d2 & 1) === 0) {
    return new BitString(data, 0, bytes * 8);
  }
  const last = data[bytes - 1] ?? 0;
  if (last === 0) {
    throw new Error('Invalid BOC file: bad padding');
  }
  // The padding is the lowest set bit and the zeros after it.
  const trailing = 31 - Math.clz32(last & -last);
  return new BitString(data, 0, bytes * 8 - trailing - 1);
}

let crcTable: Uint32Array | undefined;

/** CRC-32C (Castagnoli, reflected polynomial 0x82f63b78), as BoC files carry it. */
function crc32c(data: Buffer): number {
  if (crcTable === undefined) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n += 1) {
      let c = n;
      for (let k = 0; k < 8; k += 1) {
        c = c & 1 ? (c >>> 1) ^ 0x82f63b78 : c >>> 1;
      }
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of data) {
    crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}
