import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryConnectionLimiter } from './memory-connection-limiter';

const LIMITS = { connections: 2, addresses: 5 };

void describe(MemoryConnectionLimiter.name, () => {
  void it('counts connections and addresses per caller', async () => {
    const sut = new MemoryConnectionLimiter();
    const admit = (connId: string, addresses: number, identity = 'key:1') =>
      sut.admit({ identity, connId, limits: LIMITS, addresses, replaceOldest: false });
    assert.deepEqual(await admit('c1', 3), { kind: 'admitted' });
    assert.deepEqual(await admit('c2', 3), {
      kind: 'address-limit',
      current: 3,
      requested: 3,
      max: 5,
    });
    assert.deepEqual(await admit('c2', 2), { kind: 'admitted' });
    assert.deepEqual(await admit('c3', 0), { kind: 'connection-limit', max: 2 });
    assert.deepEqual(await admit('c3', 1, 'key:2'), { kind: 'admitted' });
    assert.deepEqual(await sut.updateAddresses('key:1', 'c2', 3, LIMITS), {
      kind: 'address-limit',
      current: 3,
      requested: 3,
      max: 5,
    });
    assert.deepEqual(await sut.updateAddresses('key:1', 'c2', 1, LIMITS), { kind: 'ok' });
    await sut.release('key:1', 'c1');
    assert.deepEqual(await admit('c4', 4), { kind: 'admitted' });
  });

  void it('a resuming connection evicts the oldest instead of being refused', async () => {
    const sut = new MemoryConnectionLimiter();
    const evicted: string[] = [];
    sut.onEvicted((connId) => evicted.push(connId));
    for (const connId of ['002', '001']) {
      await sut.admit({
        identity: 'ip:a',
        connId,
        limits: LIMITS,
        addresses: 2,
        replaceOldest: false,
      });
    }
    // Its addresses are counted without the evicted connection's.
    assert.deepEqual(
      await sut.admit({
        identity: 'ip:a',
        connId: '003',
        limits: LIMITS,
        addresses: 3,
        replaceOldest: true,
      }),
      { kind: 'admitted' },
    );
    await Promise.resolve();
    assert.deepEqual(evicted, ['001']);
    const none = { connections: 0, addresses: 5 };
    assert.deepEqual(
      await sut.admit({
        identity: 'ip:b',
        connId: '004',
        limits: none,
        addresses: 0,
        replaceOldest: true,
      }),
      { kind: 'connection-limit', max: 0 },
    );
  });
});
