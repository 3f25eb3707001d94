import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { beginCell, BitBuilder, BitReader, BitString } from '@ton/core';
import { installFastBitOps } from './fast-bit-ops';

type PreloadUint = (this: BitReader, bits: number, offset: number) => bigint;
const proto = BitReader.prototype as unknown as { _preloadUint: PreloadUint };
const original = proto._preloadUint;
type WriteBits = (this: BitBuilder, src: BitString) => void;
const builderProto = BitBuilder.prototype as unknown as { writeBits: WriteBits };
const originalWriteBits = builderProto.writeBits;

/** Deterministic bytes (the test is the same on every run). */
function bytes(seed: number, length: number): Buffer {
  const out = Buffer.alloc(length);
  for (let i = 0; i < length; i += 32) {
    createHash('sha256')
      .update(`fast-bit-ops ${String(seed)} ${String(i)}`)
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

void describe(installFastBitOps.name, () => {
  assert.equal(installFastBitOps(), true);
  const fast = proto._preloadUint;
  const fastWriteBits = builderProto.writeBits;
  assert.equal(installFastBitOps(), true);
  assert.equal(proto._preloadUint, fast, 'a second install wraps nothing twice');
  assert.equal(builderProto.writeBits, fastWriteBits, 'a second install wraps nothing twice');
  assert.notEqual(fast, original);

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

  void it('copies bit strings into builders as the bit-by-bit original, at every alignment, and overflows alike', () => {
    let compared = 0;
    for (let seed = 0; seed < 30; seed += 1) {
      const data = bytes(seed, 48);
      for (const start of [0, 1, 3, 8, 13]) {
        for (const length of [0, 1, 7, 8, 9, 63, 64, 65, 200]) {
          const src = new BitString(data, start, length);
          for (const before of [0, 1, 5, 8, 12]) {
            for (const capacity of [before + length, before + length + 9, before + length - 1]) {
              const run = (write: WriteBits): string => {
                const builder = new BitBuilder(Math.max(before, capacity));
                builder.writeUint(seed & ((1 << before) - 1), before);
                try {
                  write.call(builder, src);
                } catch (error) {
                  return `throws ${error instanceof Error ? error.message : ''}`;
                }
                return `${String(builder.length)} ${builder.build().toString()}`;
              };
              assert.equal(run(fastWriteBits), run(originalWriteBits));
              compared += 1;
            }
          }
        }
      }
    }
    assert.ok(compared > 6000);
  });

  void it('hashes and serialises cells as before: a cell of unaligned slices round-trips', () => {
    const inner = beginCell().storeUint(5, 3).storeBuffer(bytes(2, 20)).endCell();
    const cell = beginCell()
      .storeBit(true)
      .storeSlice(inner.beginParse())
      .storeRef(inner)
      .storeBits(new BitString(bytes(3, 8), 5, 37))
      .endCell();
    const again = beginCell()
      .storeBit(true)
      .storeUint(5, 3)
      .storeBuffer(bytes(2, 20))
      .storeRef(inner)
      .storeBits(new BitString(bytes(3, 8), 5, 37))
      .endCell();
    assert.deepEqual(cell.hash(), again.hash());
    assert.equal(cell.bits.length, 1 + 3 + 160 + 37);
  });
});
