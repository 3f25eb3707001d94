/**
 * A small LZ4 frame decoder (the LZ4 Frame Format 1.6.x: magic 0x184D2204, FLG/BD descriptor,
 * blocks, optional block and content checksums) over the LZ4 block format. The trace files of
 * toncenter/ton-indexer's tests are written with python-lz4's `lz4.frame.compress`: one frame,
 * linked or independent blocks, content checksum on. No dictionary support (DictID frames are
 * rejected), as the writer never sets one.
 */
import { xxh32 } from './xxh32';

const FRAME_MAGIC = 0x184d2204;
const SKIPPABLE_MASK = 0xfffffff0;
const SKIPPABLE_MAGIC = 0x184d2a50;

export class Lz4FormatError extends Error {
  constructor(message: string) {
    super(`lz4: ${message}`);
    this.name = 'Lz4FormatError';
  }
}

/** A growable byte buffer, so linked blocks can refer back into earlier output. */
class Output {
  bytes: Uint8Array;
  length = 0;
  constructor(capacity: number) {
    this.bytes = new Uint8Array(Math.max(capacity, 1024));
  }
  reserve(extra: number): void {
    if (this.length + extra <= this.bytes.length) {
      return;
    }
    let size = this.bytes.length * 2;
    while (size < this.length + extra) {
      size *= 2;
    }
    const next = new Uint8Array(size);
    next.set(this.bytes.subarray(0, this.length));
    this.bytes = next;
  }
}

function readU32(buf: Uint8Array, pos: number): number {
  if (pos + 4 > buf.length) {
    throw new Lz4FormatError('truncated input');
  }
  return (
    ((buf[pos] ?? 0) |
      ((buf[pos + 1] ?? 0) << 8) |
      ((buf[pos + 2] ?? 0) << 16) |
      ((buf[pos + 3] ?? 0) << 24)) >>>
    0
  );
}

/** Decodes one LZ4 block (token, literals, 16-bit LE offset, match) appending to `out`. */
function decodeBlock(src: Uint8Array, out: Output, maxBlockSize: number): void {
  out.reserve(maxBlockSize);
  const blockStart = out.length;
  let pos = 0;
  while (pos < src.length) {
    const token = src[pos++] ?? 0;
    let literals = token >>> 4;
    if (literals === 15) {
      let b: number;
      do {
        if (pos >= src.length) {
          throw new Lz4FormatError('truncated literal length');
        }
        b = src[pos++] ?? 0;
        literals += b;
      } while (b === 255);
    }
    if (pos + literals > src.length) {
      throw new Lz4FormatError('literals past the end of the block');
    }
    if (out.length + literals - blockStart > maxBlockSize) {
      throw new Lz4FormatError('block larger than declared');
    }
    out.bytes.set(src.subarray(pos, pos + literals), out.length);
    out.length += literals;
    pos += literals;
    if (pos === src.length) {
      return;
    } // the last sequence has literals only
    if (pos + 2 > src.length) {
      throw new Lz4FormatError('truncated match offset');
    }
    const offset = (src[pos] ?? 0) | ((src[pos + 1] ?? 0) << 8);
    pos += 2;
    if (offset === 0 || offset > out.length) {
      throw new Lz4FormatError('bad match offset');
    }
    let matchLength = (token & 15) + 4;
    if ((token & 15) === 15) {
      let b: number;
      do {
        if (pos >= src.length) {
          throw new Lz4FormatError('truncated match length');
        }
        b = src[pos++] ?? 0;
        matchLength += b;
      } while (b === 255);
    }
    if (out.length + matchLength - blockStart > maxBlockSize) {
      throw new Lz4FormatError('block larger than declared');
    }
    const bytes = out.bytes;
    let from = out.length - offset;
    let to = out.length;
    const end = to + matchLength;
    while (to < end) {
      bytes[to++] = bytes[from++] ?? 0;
    } // may overlap: copy byte by byte
    out.length = end;
  }
}

const BLOCK_MAX_SIZES: Record<number, number> = {
  4: 64 << 10,
  5: 256 << 10,
  6: 1 << 20,
  7: 4 << 20,
};

/** Decompresses a buffer holding one or more LZ4 frames (skippable frames are skipped). */
export function decompressLz4Frames(input: Uint8Array): Uint8Array {
  const out = new Output(input.length * 4);
  let pos = 0;
  let frames = 0;
  while (pos < input.length) {
    const magic = readU32(input, pos);
    pos += 4;
    if ((magic & SKIPPABLE_MASK) >>> 0 === SKIPPABLE_MAGIC) {
      pos += 4 + readU32(input, pos);
      continue;
    }
    if (magic !== FRAME_MAGIC) {
      throw new Lz4FormatError(`not an LZ4 frame (magic 0x${magic.toString(16)})`);
    }
    pos = decodeFrame(input, pos, out);
    frames++;
  }
  if (frames === 0) {
    throw new Lz4FormatError('no LZ4 frame in input');
  }
  return out.bytes.slice(0, out.length);
}

function decodeFrame(input: Uint8Array, start: number, out: Output): number {
  let pos = start;
  if (pos + 3 > input.length) {
    throw new Lz4FormatError('truncated frame descriptor');
  }
  const flg = input[pos] ?? 0;
  const bd = input[pos + 1] ?? 0;
  if (flg >>> 6 !== 1) {
    throw new Lz4FormatError(`unsupported frame version ${flg >>> 6}`);
  }
  const blockChecksum = (flg & 0x10) !== 0;
  const contentSizeFlag = (flg & 0x08) !== 0;
  const contentChecksum = (flg & 0x04) !== 0;
  if (flg & 0x01) {
    throw new Lz4FormatError('dictionary frames are not supported');
  }
  const maxBlockSize = BLOCK_MAX_SIZES[(bd >>> 4) & 7];
  if (maxBlockSize === undefined) {
    throw new Lz4FormatError('bad block maximum size');
  }
  const descriptorEnd = pos + 2 + (contentSizeFlag ? 8 : 0);
  if (descriptorEnd + 1 > input.length) {
    throw new Lz4FormatError('truncated frame descriptor');
  }
  const headerChecksum = (xxh32(input.subarray(pos, descriptorEnd), 0) >>> 8) & 0xff;
  if (headerChecksum !== input[descriptorEnd]) {
    throw new Lz4FormatError('frame header checksum mismatch');
  }
  pos = descriptorEnd + 1;
  const frameStart = out.length;
  for (;;) {
    const word = readU32(input, pos);
    pos += 4;
    if (word === 0) {
      break;
    } // EndMark
    const size = word & 0x7fffffff;
    if (pos + size > input.length) {
      throw new Lz4FormatError('truncated block');
    }
    const data = input.subarray(pos, pos + size);
    if ((word & 0x80000000) !== 0) {
      out.reserve(size);
      out.bytes.set(data, out.length);
      out.length += size;
    } else {
      decodeBlock(data, out, maxBlockSize);
    }
    pos += size;
    if (blockChecksum) {
      if (readU32(input, pos) !== xxh32(data, 0)) {
        throw new Lz4FormatError('block checksum mismatch');
      }
      pos += 4;
    }
  }
  if (contentChecksum) {
    if (readU32(input, pos) !== xxh32(out.bytes.subarray(frameStart, out.length), 0)) {
      throw new Lz4FormatError('content checksum mismatch');
    }
    pos += 4;
  }
  return pos;
}
