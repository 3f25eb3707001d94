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
    const sut = new LiteserverCache<number>(10, () => now);
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

  it('refuses a size that is not a positive integer', () => {
    assert.throws(() => new LiteserverCache(0), /cache size must be a positive integer, got 0/);
  });
});
