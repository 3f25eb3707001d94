import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Subjects } from '@app/contracts';
import { type ApiKeyStore, openApiKeyStore } from '@app/database';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { Redis } from 'ioredis';
import { generateApiKey, hashApiKey } from '../src/edge/auth/api-key-secret';
import { type EdgeAccessOptions } from '../src/edge/auth/edge-access.options';
import { accountStateChange, addressOf } from '../src/streaming/derivation/stream-payloads.testing';
import { openSse, type StreamingGateway, startStreamingGateway } from './streaming.support';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const A = addressOf('a');
const B = addressOf('b');
const C = addressOf('c');

/**
 * Two gateway replicas over one stream log, one Redis and one key store: a key's streaming limits
 * (its plan's columns) hold across both, and a resume on one replica evicts the connection held
 * by the other.
 */
void describe('Streaming API v2: plan limits across replicas (PostgreSQL keys, Redis counts)', () => {
  let db: TestDatabase;
  let store: ApiKeyStore;
  let one: StreamingGateway;
  let two: StreamingGateway;
  let key: string;
  const prefix = `test:stream:${randomUUID()}`;

  before(async () => {
    db = await createTestDatabase({ prefix: 'streaming_limits' });
    store = await openApiKeyStore(db.url, 'streaming-limits-int-spec');
    await store.keys.createPlan({
      name: 'streamer',
      rps: 1000,
      burst: 0,
      networks: ['local'],
      streamingConnections: 2,
      streamingAddresses: 3,
    });
    key = generateApiKey();
    await store.keys.createKey({ keyHash: hashApiKey(key), planName: 'streamer' });
    const edge: EdgeAccessOptions = {
      network: 'local',
      databaseUrl: db.url,
      redisUrl: REDIS_URL,
      anonymousRps: 1000,
      storeFailure: 'open',
      trustedProxies: [],
      keyCacheTtlMs: 1000,
      rateLimitKeyPrefix: `${prefix}:rl`,
    };
    const streaming = { limitKeyPrefix: prefix };
    one = await startStreamingGateway({ edge, streaming });
    two = await startStreamingGateway({ edge, streaming, log: one.log });
  });

  after(async () => {
    await two.close();
    await one.close();
    await store.close();
    await db.drop();
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 0 });
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) {
      await redis.del(...keys);
    }
    redis.disconnect();
  });

  void it('an unknown key is refused by the edge in the streaming error shape', async () => {
    const answer = await openSse(
      one.base,
      { types: ['transactions'], addresses: [A] },
      { 'x-api-key': 'ab'.repeat(32) },
    );
    assert.deepEqual(
      [answer.status, await answer.reader.text()],
      [401, '{"error":"API key does not exist"}'],
    );
  });

  void it('connections and addresses are counted over both replicas; a resume evicts the oldest', async () => {
    const headers = { 'x-api-key': key };
    const body = (addresses: string[]) => ({
      types: ['account_state_change'],
      addresses,
      min_finality: 'confirmed',
    });
    const first = await openSse(one.base, body([A, B]), headers);
    assert.equal(first.status, 200);
    await first.reader.next();
    const overAddresses = await openSse(two.base, body([B, C]), headers);
    assert.deepEqual(
      [overAddresses.status, await overAddresses.reader.text()],
      [400, '{"error":"too many addresses: 4 > max 3"}'],
    );
    const second = await openSse(two.base, body([C]), headers);
    assert.equal(second.status, 200);
    await second.reader.next();
    const third = await openSse(one.base, { ...body([C]), id: 'x' }, headers);
    assert.deepEqual(
      [third.status, await third.reader.text()],
      [429, '{"id":"x","error":"connection limit reached: 2 active connections"}'],
    );
    // Both replicas follow the same log: the same event, the same id, on each.
    const seq = await one.append(
      Subjects.stream.accountState,
      accountStateChange({ account: A, finality: 'confirmed', balance: '7' }),
    );
    const onOne = await first.reader.next();
    assert.match(onOne, new RegExp(`^id: ${String(seq)}:0\n`));
    // A reconnect with a resume position on replica two takes the oldest slot (on replica one).
    const resumed = await openSse(two.base, body([A, B]), {
      ...headers,
      'last-event-id': `${String(seq)}:0`,
    });
    assert.equal(resumed.status, 200);
    assert.equal(
      await first.reader.next(),
      'event: error\ndata: {"error":"replaced by a newer connection"}',
    );
    assert.match(await one.metrics(), /^tonapi_stream_refusals_total\{reason="evicted"\} 1$/m);
    assert.match(await two.metrics(), /^tonapi_stream_refusals_total\{reason="addresses"\} 1$/m);
    assert.match(await one.metrics(), /^tonapi_stream_refusals_total\{reason="connections"\} 1$/m);
    second.reader.close();
    resumed.reader.close();
  });
});
