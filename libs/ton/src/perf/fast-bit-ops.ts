import { BitBuilder, BitReader } from '@ton/core';

type PreloadUint = (this: BitReader, bits: number, offset: number) => bigint;

interface BitStringInternals {
  readonly _data: Uint8Array;
  readonly _offset: number;
  readonly _length: number;
}

type WriteBits = (this: BitBuilder, src: unknown) => void;

interface BitBuilderInternals {
  writeBits: WriteBits;
  _buffer: Uint8Array;
  _length: number;
}

interface BitReaderInternals {
  _preloadUint: PreloadUint;
  readonly _bits: unknown;
}

/** Bits read into a JavaScript number at once (exact below 2^53). */
const NUMBER_BITS = 48;

function internalsOf(bits: unknown): BitStringInternals | undefined {
  if (typeof bits !== 'object' || bits === null) {
    return undefined;
  }
  const b = bits as Partial<BitStringInternals>;
  return b._data instanceof Uint8Array &&
    typeof b._offset === 'number' &&
    typeof b._length === 'number'
    ? (b as BitStringInternals)
    : undefined;
}

/** Up to NUMBER_BITS bits from absolute bit position `pos` of `data`, a byte (or less) at a time. */
function readNumber(data: Uint8Array, pos: number, bits: number): number {
  let value = 0;
  let left = bits;
  let at = pos;
  while (left > 0) {
    const used = at & 7;
    const take = Math.min(8 - used, left);
    const chunk = ((data[at >> 3] ?? 0) >> (8 - used - take)) & ((1 << take) - 1);
    value = value * (1 << take) + chunk;
    left -= take;
    at += take;
  }
  return value;
}

/**
 * Appends `bits` at bit `n` of `dst` (zeros there, as a BitBuilder's unwritten bytes are), a byte or
 * less at a time; returns the new length.
 */
function copyBits(dst: Uint8Array, n: number, s: BitStringInternals): number {
  let at = n;
  let pos = s._offset;
  let left = s._length;
  while (left > 0) {
    const room = 8 - (at & 7);
    const take = Math.min(room, left);
    const index = at >> 3;
    dst[index] = (dst[index] ?? 0) | (readNumber(s._data, pos, take) << (room - take));
    at += take;
    pos += take;
    left -= take;
  }
  return at;
}

/**
 * Replaces two of @ton/core's bit-at-a-time loops (BitReader's unsigned reads, BitBuilder's bit
 * copies) with byte-at-a-time ones giving the same results, for every process that parses or builds
 * many cells: the ingestor's parse threads, the decoder, the local network. Like installNativeSha256,
 * it patches the classes every caller shares. Returns false if a class's layout is not the expected
 * one (an @ton/core upgrade); what was not recognised is left as it was.
 *
 * Being process-wide, it is installed once, first thing in a process's entry point (each app's main,
 * runMeshService, the localnet CLI, the decode worker thread), never by a library or a constructor:
 * a library installing it would change every other module's cells in the process, and only in the
 * processes that happen to construct it. Installing again changes nothing.
 */
export function installFastBitOps(): boolean {
  const reads = installFastPreloadUint();
  const copies = installFastWriteBits();
  return reads && copies;
}

/**
 * @ton/core's BitReader reads every unsigned integer one bit at a time, each bit a BigInt addition
 * (`_preloadUint`): parsing a block spends a third of its time there, on lts, coins, hashmap labels
 * and addresses. This replaces that method with one reading whole bytes — the same value for every
 * read in range; a read past the end still goes to the original, which throws its own error.
 */
function installFastPreloadUint(): boolean {
  const proto = BitReader.prototype as unknown as BitReaderInternals;
  return replaceOnce(proto._preloadUint, fastPreloadUint, (fast) => {
    proto._preloadUint = fast;
  });
}

function fastPreloadUint(original: PreloadUint): PreloadUint {
  return function (this: BitReader, bits, offset) {
    const s = internalsOf((this as unknown as BitReaderInternals)._bits);
    if (s === undefined || offset < 0 || bits < 0 || offset + bits > s._length) {
      return original.call(this, bits, offset);
    }
    const pos = s._offset + offset;
    if (bits <= NUMBER_BITS) {
      return BigInt(readNumber(s._data, pos, bits));
    }
    let value = 0n;
    let done = 0;
    while (done < bits) {
      const take = Math.min(NUMBER_BITS, bits - done);
      value = (value << BigInt(take)) | BigInt(readNumber(s._data, pos + done, take));
      done += take;
    }
    return value;
  };
}

/**
 * BitBuilder.writeBits copies a BitString one bit at a time, each through a bounds-checked `at()`; it
 * runs for every cell hashed (the padded data of its representation) and serialised, and for every
 * slice stored into a builder. This copies a byte or less at a time — the same bits; a copy that
 * would overflow the builder still goes to the original, which throws its own error.
 */
function installFastWriteBits(): boolean {
  const proto = BitBuilder.prototype as unknown as BitBuilderInternals;
  return replaceOnce(proto.writeBits, fastWriteBits, (fast) => {
    proto.writeBits = fast;
  });
}

function fastWriteBits(original: WriteBits): WriteBits {
  return function (this: BitBuilder, src) {
    const self = this as unknown as BitBuilderInternals;
    const s = internalsOf(src);
    if (
      s === undefined ||
      !(self._buffer instanceof Uint8Array) ||
      self._length + s._length > self._buffer.length * 8
    ) {
      original.call(this, src);
      return;
    }
    self._length = copyBits(self._buffer, self._length, s);
  };
}

/** Marks the replacements, so that installing twice wraps nothing twice. */
const REPLACED = new WeakSet<object>();

/**
 * Puts `make(current)` in place with `put` unless `current` is missing (an unexpected layout: false)
 * or already one of ours (true, nothing done).
 */
function replaceOnce<F extends object>(
  current: F | undefined,
  make: (original: F) => F,
  put: (replacement: F) => void,
): boolean {
  if (typeof current !== 'function') {
    return false;
  }
  if (!REPLACED.has(current)) {
    const replacement = make(current);
    REPLACED.add(replacement);
    put(replacement);
  }
  return true;
}
