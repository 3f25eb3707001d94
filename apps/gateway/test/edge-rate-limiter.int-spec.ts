import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { EdgeRateLimiter, type LimitVerdict } from '../src/edge/rate-limit/edge-rate-limiter';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function kinds(verdicts: LimitVerdict[]): string[] {
  return verdicts.map((v) => v.kind);
}

void describe('EdgeRateLimiter (real Redis)', () => {
  const clients: Redis[] = [];
  const keyPrefix = `test:rl:${randomUUID()}`;

  /** A limiter on a Redis client of its own, as each gateway replica has. */
  const replica = async (anonymousRps = 2): Promise<EdgeRateLimiter> => {
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 0 });
    clients.push(redis);
    await redis.ping();
    return new EdgeRateLimiter(redis, { network: 'local', anonymousRps, keyPrefix });
  };

  before(async () => {
    await replica();
  });

  after(async () => {
    const redis = clients[0];
    if (redis !== undefined) {
      const keys = await redis.keys(`${keyPrefix}:*`);
      if (keys.length > 0) {
        await redis.del(...keys);
      }
    }
    for (const client of clients) {
      client.disconnect();
    }
  });

  void it('two replicas share one bucket per plan', async () => {
    const [a, b] = await Promise.all([replica(), replica()]);
    const plan = { id: 1, rps: 5, burst: 0 };
    const verdicts: LimitVerdict[] = [];
    for (let i = 0; i < 8; i += 1) {
      verdicts.push(await (i % 2 === 0 ? a : b).consumePlan(plan, 1));
    }
    assert.deepEqual(kinds(verdicts), [
      'allowed',
      'allowed',
      'allowed',
      'allowed',
      'allowed',
      'refused',
      'refused',
      'refused',
    ]);
    const first = verdicts[0];
    assert.ok(first?.kind === 'allowed');
    assert.deepEqual([first.state.limit, first.state.remaining], [5, 4]);
    assert.ok(first.state.resetMs > 0 && first.state.resetMs <= 1000);
    const refused = verdicts[7];
    assert.ok(refused?.kind === 'refused');
    assert.equal(refused.state.remaining, 0);
  });

  void it('a JSON-RPC batch costs one call per element', async () => {
    const sut = await replica();
    const plan = { id: 2, rps: 5, burst: 0 };
    assert.deepEqual(kinds([await sut.consumePlan(plan, 4), await sut.consumePlan(plan, 2)]), [
      'allowed',
      'refused',
    ]);
  });

  void it('anonymous callers get a bucket per client IP', async () => {
    const sut = await replica(1);
    assert.deepEqual(
      kinds([
        await sut.consumeAnonymous('198.51.100.1', 1),
        await sut.consumeAnonymous('198.51.100.1', 1),
        await sut.consumeAnonymous('198.51.100.2', 1),
      ]),
      ['allowed', 'refused', 'allowed'],
    );
  });

  void it('a burst lets a plan go over its rate until the burst is spent', async () => {
    const sut = await replica();
    const plan = { id: 3, rps: 2, burst: 2 };
    const verdicts: LimitVerdict[] = [];
    for (let i = 0; i < 5; i += 1) {
      verdicts.push(await sut.consumePlan(plan, 1));
    }
    assert.deepEqual(kinds(verdicts), ['allowed', 'allowed', 'allowed', 'allowed', 'refused']);
  });

  void it('reports an unreachable store instead of deciding', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    clients.push(down);
    const sut = new EdgeRateLimiter(down, { network: 'local', anonymousRps: 1, keyPrefix });
    const verdict = await sut.consumePlan({ id: 4, rps: 1, burst: 0 }, 1);
    assert.equal(verdict.kind, 'store-unavailable');
  });
});
