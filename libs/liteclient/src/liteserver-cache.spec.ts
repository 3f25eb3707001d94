import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LiteserverCache } from './liteserver-cache';

describe(LiteserverCache.name, () => {
  it('evicts the least recently used entry beyond its size', () => {
    const sut = new LiteserverCache<string>(2);
    sut.set('a', { value: 'A', server: 0 }, 1000);
    sut.set('b', { value: 'B', server: 1 }, 1000);
    assert.equal(sut.get('a')?.value, 'A'); // a is now the most recent
    sut.set('c', { value: 'C', server: 2 }, 1000);
    assert.equal(sut.size, 2);
    assert.equal(sut.get('b'), undefined);
    assert.deepEqual(sut.get('a'), { value: 'A', server: 0 });
    assert.deepEqual(sut.get('c'), { value: 'C', server: 2 });
  });

  it('expires an entry after its ttl', () => {
    let now = 1000;
    const sut = new LiteserverCache<number>(10, { now: () => now });
    sut.set('head', { value: 7, server: 0 }, 200);
    now = 1199;
    assert.equal(sut.get('head')?.value, 7);
    now = 1200;
    assert.equal(sut.get('head'), undefined);
    assert.equal(sut.size, 0);
  });

  it('loads once for concurrent lookups and never stores a failure', async () => {
    const sut = new LiteserverCache<{ n: number }>(10);
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { value: { n: loads }, server: 1 };
    };
    const [a, b] = await Promise.all([
      sut.getOrLoad('k', 1000, load),
      sut.getOrLoad('k', 1000, load),
    ]);
    assert.equal(loads, 1);
    assert.equal(a.answer.value, b.answer.value);
    assert.deepEqual([a.hit, b.hit], [false, true]);
    const c = await sut.getOrLoad('k', 1000, load);
    assert.deepEqual([c.hit, c.answer.value, loads], [true, a.answer.value, 1]);

    await assert.rejects(
      sut.getOrLoad('bad', 1000, () => Promise.reject(new Error('block not found'))),
      /block not found/,
    );
    const retried = await sut.getOrLoad('bad', 1000, load);
    assert.deepEqual([retried.hit, retried.answer.value.n, loads], [false, 2, 2]);
  });

  it('evicts the least recently used entries beyond its byte budget', () => {
    const sut = new LiteserverCache<string>(100, { maxBytes: 10, sizeOf: (v) => v.length });
    sut.set('a', { value: 'aaaa', server: 0 }, 1000);
    sut.set('b', { value: 'bbbb', server: 0 }, 1000);
    assert.equal(sut.bytes, 8);
    assert.equal(sut.get('a')?.value, 'aaaa'); // b is now the least recently used
    sut.set('c', { value: 'ccc', server: 0 }, 1000);
    assert.deepEqual(
      [sut.get('a')?.value, sut.get('b'), sut.get('c')?.value],
      ['aaaa', undefined, 'ccc'],
    );
    assert.equal(sut.bytes, 7);
    // replacing a key releases the old answer's bytes; one answer over the budget is not stored
    sut.set('a', { value: 'a', server: 0 }, 1000);
    assert.equal(sut.bytes, 4);
    sut.set('huge', { value: 'x'.repeat(11), server: 0 }, 1000);
    assert.deepEqual([sut.get('huge'), sut.size, sut.bytes], [undefined, 2, 4]);
  });

  it('releases the bytes of an expired entry', () => {
    let now = 0;
    const sut = new LiteserverCache<string>(10, {
      maxBytes: 100,
      sizeOf: (v) => v.length,
      now: () => now,
    });
    sut.set('k', { value: 'abc', server: 0 }, 10);
    now = 10;
    assert.equal(sut.get('k'), undefined);
    assert.deepEqual([sut.size, sut.bytes], [0, 0]);
  });

  it('stores a loaded answer only when storeIf accepts it', async () => {
    const sut = new LiteserverCache<number | null>(10);
    let loads = 0;
    const load = () => {
      loads++;
      return Promise.resolve({ value: loads === 1 ? null : loads, server: 0 });
    };
    const notNull = (v: number | null) => v !== null;
    assert.equal((await sut.getOrLoad('k', 1000, load, notNull)).answer.value, null);
    assert.deepEqual(await sut.getOrLoad('k', 1000, load, notNull), {
      answer: { value: 2, server: 0 },
      hit: false,
    });
    assert.equal((await sut.getOrLoad('k', 1000, load, notNull)).hit, true);
    assert.equal(loads, 2);
  });

  it('refuses a size that is not a positive integer, and a byte budget without sizeOf', () => {
    assert.throws(() => new LiteserverCache(0), /cache size must be a positive integer, got 0/);
    assert.throws(() => new LiteserverCache(1, { maxBytes: 0 }), /byte budget must be positive/);
    assert.throws(() => new LiteserverCache(1, { maxBytes: 10 }), /needs sizeOf/);
  });
});
