import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell } from '@ton/core';
import { approximateBytes } from './approximate-bytes';

describe(approximateBytes.name, () => {
  it('grows with the strings and buffers an answer holds', () => {
    const small = approximateBytes({ data: 'x'.repeat(10) });
    const large = approximateBytes({ data: 'x'.repeat(10_010) });
    assert.equal(large - small, 10_000);
    assert.ok(approximateBytes(Buffer.alloc(5000)) >= 5000);
    assert.ok(approximateBytes([1n, 2, true, null, undefined, 'ab']) > 0);
    assert.ok(approximateBytes(new Map([['k', 'v'.repeat(100)]])) > 100);
    assert.ok(approximateBytes(new Address(0, Buffer.alloc(32))) >= 32);
  });

  it('counts a cell shared by several parents once, and survives cycles', () => {
    const leaf = beginCell().storeBuffer(Buffer.alloc(100, 1)).endCell();
    const one = approximateBytes(beginCell().storeRef(leaf).endCell());
    const twice = approximateBytes(beginCell().storeRef(leaf).storeRef(leaf).endCell());
    assert.ok(one > 100);
    assert.ok(twice - one < 100, `${String(twice)} - ${String(one)}: the leaf counted once`);
    const cyclic: { self?: unknown; s: string } = { s: 'abc' };
    cyclic.self = cyclic;
    assert.ok(approximateBytes(cyclic) > 3);
  });
});
