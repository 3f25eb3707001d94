import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type ActiveApiKey } from '@app/database';
import { ApiKeyCache } from './api-key.cache';

const LIVE: ActiveApiKey = {
  keyId: 7,
  plan: {
    id: 1,
    name: 'free',
    rps: 10,
    burst: 0,
    networks: ['mainnet'],
    streamingConnections: 2,
    streamingAddresses: 1000,
  },
};

/** A lookup over a mutable table that counts its calls and can be held open. */
function table(): {
  rows: Map<string, ActiveApiKey>;
  calls: string[];
  hold: () => () => void;
  lookup: (hash: string) => Promise<ActiveApiKey | null>;
} {
  const rows = new Map<string, ActiveApiKey>();
  const calls: string[] = [];
  let gate: Promise<void> | undefined;
  return {
    rows,
    calls,
    hold: () => {
      let open!: () => void;
      gate = new Promise((resolve) => {
        open = resolve;
      });
      return open;
    },
    lookup: async (hash) => {
      calls.push(hash);
      const answer = rows.get(hash) ?? null;
      await gate;
      return answer;
    },
  };
}

void describe(ApiKeyCache.name, () => {
  void it('remembers live and unknown keys until the TTL passes', async () => {
    let now = 1000;
    const db = table();
    db.rows.set('a', LIVE);
    const sut = new ApiKeyCache(db.lookup, { ttlMs: 500, maxEntries: 10, now: () => now });
    assert.deepEqual(await sut.get('a'), LIVE);
    assert.equal(await sut.get('b'), null);
    assert.deepEqual(await sut.get('a'), LIVE);
    assert.equal(await sut.get('b'), null);
    assert.deepEqual(db.calls, ['a', 'b']);
    db.rows.delete('a');
    now += 499;
    assert.deepEqual(await sut.get('a'), LIVE);
    now += 1;
    assert.equal(await sut.get('a'), null);
    assert.deepEqual(db.calls, ['a', 'b', 'a']);
  });

  void it('invalidateAll() makes the next request read the table again', async () => {
    const db = table();
    db.rows.set('a', LIVE);
    const sut = new ApiKeyCache(db.lookup, { ttlMs: 60_000, maxEntries: 10 });
    assert.deepEqual(await sut.get('a'), LIVE);
    db.rows.delete('a');
    sut.invalidateAll();
    assert.equal(await sut.get('a'), null);
    assert.deepEqual(db.calls, ['a', 'a']);
  });

  void it('shares one lookup between concurrent requests for the same key', async () => {
    const db = table();
    db.rows.set('a', LIVE);
    const open = db.hold();
    const sut = new ApiKeyCache(db.lookup, { ttlMs: 60_000, maxEntries: 10 });
    const both = Promise.all([sut.get('a'), sut.get('a')]);
    open();
    assert.deepEqual(await both, [LIVE, LIVE]);
    assert.deepEqual(db.calls, ['a']);
  });

  void it('does not remember an answer read before an invalidation', async () => {
    const db = table();
    db.rows.set('a', LIVE);
    const open = db.hold();
    const sut = new ApiKeyCache(db.lookup, { ttlMs: 60_000, maxEntries: 10 });
    const stale = sut.get('a');
    db.rows.delete('a');
    sut.invalidateAll();
    open();
    assert.deepEqual(await stale, LIVE);
    assert.equal(sut.size, 0);
    assert.equal(await sut.get('a'), null);
  });

  void it('evicts the oldest answer beyond maxEntries', async () => {
    const db = table();
    const sut = new ApiKeyCache(db.lookup, { ttlMs: 60_000, maxEntries: 2 });
    await sut.get('a');
    await sut.get('b');
    await sut.get('c');
    assert.equal(sut.size, 2);
    await sut.get('b');
    await sut.get('a');
    assert.deepEqual(db.calls, ['a', 'b', 'c', 'a']);
  });

  void it('keeps live keys apart from unknown ones: a flood of random keys evicts none', async () => {
    const db = table();
    db.rows.set('live', LIVE);
    const sut = new ApiKeyCache(db.lookup, { ttlMs: 60_000, maxEntries: 2 });
    await sut.get('live');
    for (const hash of ['x1', 'x2', 'x3', 'x4']) {
      assert.equal(await sut.get(hash), null);
    }
    assert.deepEqual(sut.peek('live'), LIVE);
    assert.equal(sut.peek('x4'), null);
    assert.equal(sut.peek('x1'), undefined);
    assert.equal(sut.size, 3);
    assert.equal(sut.storeReads, 5);
  });

  void it('does not remember failed lookups', async () => {
    let fail = true;
    const sut = new ApiKeyCache(
      (hash) =>
        fail ? Promise.reject(new Error('db down')) : Promise.resolve(hash === 'a' ? LIVE : null),
      { ttlMs: 60_000, maxEntries: 10 },
    );
    await assert.rejects(sut.get('a'), /db down/);
    fail = false;
    assert.deepEqual(await sut.get('a'), LIVE);
  });
});
