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
    assert.deepEqual(cache.get('A', generation), entry('a'));
  });

  void it('drops everything once the epoch moves, and refuses what was read before', async () => {
    const { state, cache, current } = setup();
    const before = await current();
    cache.keep(before, 'A', entry('a'));
    state.epoch = 'masterchain=2';
    const after = await current();
    assert.notEqual(after, before);
    assert.equal(cache.get('A', after), undefined);
    // A read begun in the old epoch ends after the new one was seen: it may be stale.
    cache.keep(before, 'B', entry('b'));
    assert.equal(cache.size, 0);
    cache.keep(after, 'B', entry('b'));
    assert.deepEqual(cache.get('B', after), entry('b'));
  });

  void it('keeps each server to its own epoch: a replica behind never gets what the primary read ahead of it', async () => {
    const cache = new AddressBookCache(1 << 20);
    const epochs = new Map([
      ['primary', 'masterchain=5'],
      ['replica', 'masterchain=4'],
    ]);
    const reads: string[] = [];
    const current = (server: string) =>
      cache.current(() => {
        reads.push(server);
        return Promise.resolve(epochs.get(server) ?? '');
      }, server);
    // Concurrent callers on two servers read two epochs, not one shared read.
    const [onPrimary, onReplica] = await Promise.all([current('primary'), current('replica')]);
    assert.deepEqual(reads.sort(), ['primary', 'replica']);
    assert.notEqual(onPrimary, onReplica);
    cache.keep(onPrimary, 'A', entry('a@5'));
    assert.equal(cache.get('A', onReplica), undefined);
    assert.deepEqual(cache.get('A', onPrimary), entry('a@5'));
    // The replica catches up: the same epoch, the same generation, the entry is shared.
    epochs.set('replica', 'masterchain=5');
    const caughtUp = await current('replica');
    assert.equal(caughtUp, onPrimary);
    assert.deepEqual(cache.get('A', caughtUp), entry('a@5'));
    // Epoch 4 is no server's any more: what a late read of it brings is not kept.
    cache.keep(onReplica, 'B', entry('b@4'));
    assert.equal(cache.size, 1);
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
