import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answerCache, atSeqno, CACHE_BUDGETS, masterchainSeqnoOf } from './answer-cache';

describe('answer caches of the v2 readers', () => {
  it('bound all the caches together to about 200 MiB', () => {
    const total = Object.values(CACHE_BUDGETS).reduce((sum, b) => sum + b.bytes, 0);
    assert.ok(total <= 256 * 2 ** 20, `${String(total)} bytes`);
  });

  it('evict by approximate bytes, not only by count', () => {
    const sut = answerCache<string>({ entries: 1000, bytes: 10_000 });
    for (let i = 0; i < 10; i++) {
      sut.set(String(i), { value: 'x'.repeat(2_000), server: 0 }, 60_000);
    }
    assert.ok(sut.size < 10 && sut.size >= 4, `${String(sut.size)} answers kept`);
    assert.ok(sut.bytes <= 10_000);
    assert.equal(sut.get('9')?.value.length, 2_000, 'the newest is kept');
  });

  it('pin and cache a read at a seqno; leave a head read to the head-ready liteservers', () => {
    const cache = answerCache<number>({ entries: 10, bytes: 1_000 });
    assert.deepEqual(atSeqno(undefined, cache, '0:ab'), {});
    assert.deepEqual(atSeqno(42, cache, '0:ab'), { seqno: 42, cache, cacheKey: '0:ab@42' });
    assert.equal(masterchainSeqnoOf(-1, 7), 7);
    assert.equal(masterchainSeqnoOf(0, 7), undefined, 'a shard seqno counts another chain');
  });
});
