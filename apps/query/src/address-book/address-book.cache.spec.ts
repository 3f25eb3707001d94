import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AddressBookCache } from './address-book.cache';

const entry = (user_friendly: string) => ({ user_friendly, domain: null, interfaces: [] });

/** A cache and an epoch source that counts its reads. */
function setup(budgetBytes = 1 << 20) {
  const state = { epoch: 'masterchain=1', reads: 0 };
  const cache = new AddressBookCache(budgetBytes);
  const readEpoch = () => {
    state.reads += 1;
    return Promise.resolve(state.epoch);
  };
  return { state, cache, current: () => cache.current(readEpoch) };
}

void describe(AddressBookCache.name, () => {
  void it('keeps entries while the epoch stays, reading it for each caller', async () => {
    const { state, cache, current } = setup();
    const generation = await current();
    cache.keep(generation, 'A', entry('a'));
    assert.equal(await current(), generation);
    assert.equal(state.reads, 2);
    assert.deepEqual(cache.get('A'), entry('a'));
  });

  void it('drops everything once the epoch moves, and refuses what was read before', async () => {
    const { state, cache, current } = setup();
    const before = await current();
    cache.keep(before, 'A', entry('a'));
    state.epoch = 'masterchain=2';
    const after = await current();
    assert.notEqual(after, before);
    assert.equal(cache.get('A'), undefined);
    // A read begun in the old epoch ends after the new one was seen: it may be stale.
    cache.keep(before, 'B', entry('b'));
    assert.equal(cache.size, 0);
    cache.keep(after, 'B', entry('b'));
    assert.deepEqual(cache.get('B'), entry('b'));
  });

  void it('reads the epoch once for concurrent callers', async () => {
    const { state, current } = setup();
    const generations = await Promise.all([current(), current(), current()]);
    assert.equal(state.reads, 1);
    assert.equal(new Set(generations).size, 1);
  });

  void it('with a budget of 0 keeps nothing and never reads the epoch', async () => {
    const { state, cache, current } = setup(0);
    const generation = await current();
    assert.equal(generation, undefined);
    cache.keep(generation, 'A', entry('a'));
    assert.equal(cache.size, 0);
    assert.equal(state.reads, 0);
  });
});
