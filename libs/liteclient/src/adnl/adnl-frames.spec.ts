import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { AdnlFrameReader, encodeAdnlFrame } from './adnl-frames';

const MAX = 1 << 24;

function readAll(reader: AdnlFrameReader): Buffer[] {
  const out: Buffer[] = [];
  for (let p = reader.next(); p !== null; p = reader.next()) {
    out.push(Buffer.from(p));
  }
  return out;
}

describe(encodeAdnlFrame.name, () => {
  it('writes u32le size ‖ nonce ‖ payload ‖ sha256(nonce ‖ payload)', () => {
    const payload = Buffer.from('lite query');
    const frame = encodeAdnlFrame(payload);
    assert.equal(frame.length, 4 + 32 + payload.length + 32);
    assert.equal(frame.readUInt32LE(0), 32 + payload.length + 32);
    assert.deepEqual(frame.subarray(36, 36 + payload.length), payload);
    const digest = createHash('sha256')
      .update(frame.subarray(4, 36 + payload.length))
      .digest();
    assert.deepEqual(frame.subarray(36 + payload.length), digest);
  });
});

describe(AdnlFrameReader.name, () => {
  it('returns each payload once all of it arrived, however the stream is cut', () => {
    const payloads = [Buffer.alloc(0), Buffer.from('ab'), Buffer.alloc(70_000, 7)];
    const stream = Buffer.concat(payloads.map(encodeAdnlFrame));
    for (const cut of [1, 3, 5, 64, 1000, stream.length]) {
      const reader = new AdnlFrameReader(MAX);
      const got: Buffer[] = [];
      for (let at = 0; at < stream.length; at += cut) {
        reader.push(stream.subarray(at, at + cut));
        got.push(...readAll(reader));
      }
      assert.deepEqual(got, payloads, `chunks of ${String(cut)} bytes`);
      assert.equal(reader.next(), null);
    }
  });

  it('throws on a checksum mismatch', () => {
    const frame = encodeAdnlFrame(Buffer.from('payload'));
    frame[40] = (frame[40] ?? 0) ^ 1;
    const reader = new AdnlFrameReader(MAX);
    reader.push(frame);
    assert.throws(() => reader.next(), /^Error: frame checksum mismatch$/);
  });

  it('throws on a size below nonce and checksum or above the bound, before the frame arrives', () => {
    const tooSmall = Buffer.alloc(4);
    tooSmall.writeUInt32LE(63, 0);
    const small = new AdnlFrameReader(MAX);
    small.push(tooSmall);
    assert.throws(() => small.next(), /^Error: frame size 63 out of bounds$/);
    const big = new AdnlFrameReader(1000);
    big.push(encodeAdnlFrame(Buffer.alloc(1000)).subarray(0, 10));
    assert.throws(() => big.next(), /^Error: frame size 1064 out of bounds$/);
  });
});
