import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { type DecodedObject } from './body-decoder';
import { DecodedCache } from './decoded-cache';

/** A decoder that says what it decoded and counts its calls. */
function counting(): { decode: (boc: string) => DecodedObject | null; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    decode: (boc) => {
      calls.push(boc);
      return boc === 'bad' ? null : { '@type': 'x', boc, inner: { n: boc.length } };
    },
  };
}

void describe(DecodedCache.name, () => {
  void it('decodes a BoC once and answers the same frozen value after', () => {
    const d = counting();
    const sut = new DecodedCache(10, 1000, 100);
    const first = sut.decode('abc', d.decode);
    assert.deepEqual(first, { '@type': 'x', boc: 'abc', inner: { n: 3 } });
    assert.equal(sut.decode('abc', d.decode), first);
    assert.equal(sut.decode('bad', d.decode), null);
    assert.equal(sut.decode('bad', d.decode), null);
    assert.deepEqual(d.calls, ['abc', 'bad']);
    assert.ok(Object.isFrozen(first) && Object.isFrozen(first.inner));
    assert.throws(() => {
      (first as { boc: string }).boc = 'changed';
    }, TypeError);
  });

  void it('evicts the least recently used beyond its entries and its key characters', () => {
    const d = counting();
    const sut = new DecodedCache(2, 1000, 100);
    sut.decode('a', d.decode);
    sut.decode('b', d.decode);
    sut.decode('a', d.decode); // a is now the most recent
    sut.decode('c', d.decode); // evicts b
    assert.equal(sut.size, 2);
    sut.decode('a', d.decode);
    sut.decode('b', d.decode);
    assert.deepEqual(d.calls, ['a', 'b', 'c', 'b']);

    const bytes = counting();
    const small = new DecodedCache(100, 10, 100);
    small.decode('123456', bytes.decode);
    small.decode('abcdef', bytes.decode); // 12 characters > 10: the first goes
    small.decode('abcdef', bytes.decode);
    small.decode('123456', bytes.decode);
    assert.deepEqual(bytes.calls, ['123456', 'abcdef', '123456']);
  });

  void it('decodes a BoC longer than its key bound every time, without keeping it', () => {
    const d = counting();
    const sut = new DecodedCache(10, 1000, 4);
    sut.decode('12345', d.decode);
    sut.decode('12345', d.decode);
    assert.equal(sut.size, 0);
    assert.deepEqual(d.calls, ['12345', '12345']);
  });
});
