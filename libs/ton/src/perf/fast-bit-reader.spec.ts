import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { beginCell, BitReader, BitString } from '@ton/core';
import { installFastBitReader } from './fast-bit-reader';

type PreloadUint = (this: BitReader, bits: number, offset: number) => bigint;
const proto = BitReader.prototype as unknown as { _preloadUint: PreloadUint };
const original = proto._preloadUint;

/** Deterministic bytes (the test is the same on every run). */
function bytes(seed: number, length: number): Buffer {
  const out = Buffer.alloc(length);
  for (let i = 0; i < length; i += 32) {
    createHash('sha256')
      .update(`fast-bit-reader ${String(seed)} ${String(i)}`)
      .digest()
      .copy(out, i);
  }
  return out;
}

function outcome(f: () => bigint): bigint | string {
  try {
    return f();
  } catch (error) {
    return error instanceof Error ? `throws ${error.message}` : 'throws';
  }
}

void describe(installFastBitReader.name, () => {
  assert.equal(installFastBitReader(), true);
  assert.equal(installFastBitReader(), true, 'a second install changes nothing');
  const fast = proto._preloadUint;

  void it('reads every width at every alignment as the bit-by-bit original, and fails past the end alike', () => {
    let compared = 0;
    for (let seed = 0; seed < 40; seed += 1) {
      const data = bytes(seed, 48);
      const start = seed % 13;
      const length = 300 - seed * 3;
      const reader = new BitReader(new BitString(data, start, length));
      for (const bits of [
        0, 1, 2, 5, 7, 8, 9, 15, 16, 31, 32, 33, 47, 48, 49, 53, 64, 100, 256, 257,
      ]) {
        for (const offset of [0, 1, 3, 7, 8, 11, length - bits, length - bits + 1, length]) {
          const want = outcome(() => original.call(reader, bits, offset));
          const got = outcome(() => fast.call(reader, bits, offset));
          assert.equal(
            got,
            want,
            `seed ${String(seed)}, ${String(bits)} bits at ${String(offset)}`,
          );
          compared += 1;
        }
      }
    }
    assert.ok(compared > 7000);
  });

  void it('serves the slice API: loads of uints, ints, coins and addresses round-trip', () => {
    const cell = beginCell()
      .storeUint(0x1234_5678_9abc_def0n, 64)
      .storeInt(-5, 7)
      .storeCoins(123_456_789_012n)
      .storeUint(1, 1)
      .storeBuffer(bytes(1, 32))
      .endCell();
    const s = cell.beginParse();
    assert.equal(s.loadUintBig(64), 0x1234_5678_9abc_def0n);
    assert.equal(s.loadInt(7), -5);
    assert.equal(s.loadCoins(), 123_456_789_012n);
    assert.equal(s.loadBit(), true);
    assert.deepEqual(s.loadBuffer(32), bytes(1, 32));
    assert.equal(s.remainingBits, 0);
  });
});
