import { BitReader } from '@ton/core';

type PreloadUint = (this: BitReader, bits: number, offset: number) => bigint;

interface BitStringInternals {
  readonly _data: Uint8Array;
  readonly _offset: number;
  readonly _length: number;
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
 * @ton/core's BitReader reads every unsigned integer one bit at a time, each bit a BigInt addition
 * (`_preloadUint`): parsing a block spends a third of its time there, on lts, coins, hashmap labels
 * and addresses. This replaces that method with one reading whole bytes — the same value for every
 * read in range; a read past the end still goes to the original, which throws its own error. Returns
 * false, changing nothing, if the class's layout is not the expected one.
 */
export function installFastBitReader(): boolean {
  const proto = BitReader.prototype as unknown as BitReaderInternals;
  const original = proto._preloadUint;
  if (typeof original !== 'function') {
    return false;
  }
  if ((original as { fast?: boolean }).fast === true) {
    return true;
  }
  const fast: PreloadUint & { fast?: boolean } = function (this: BitReader, bits, offset) {
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
  fast.fast = true;
  proto._preloadUint = fast;
  return true;
}
