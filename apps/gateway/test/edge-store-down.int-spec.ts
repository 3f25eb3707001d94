import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '@app/observability';
import { natsUrl } from '@app/testing';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type EdgeAccessOptions } from '../src/edge/auth/edge-access.options';
import { createMeshGateway } from '../src/gateway-app';

/** Nothing listens on port 1: the rate-limit store is down from the start. */
const DEAD_REDIS = 'redis://127.0.0.1:1';

function edge(storeFailure: 'open' | 'closed'): EdgeAccessOptions {
  return {
    network: 'local',
    redisUrl: DEAD_REDIS,
    anonymousRps: 1,
    storeFailure,
    trustedProxies: [],
    keyCacheTtlMs: 1000,
  };
}

// A gateway whose Redis is unreachable decides by RATE_LIMIT_STORE_FAILURE and counts it; no key
// store (no DATABASE_URL) means every caller is anonymous, keys included.
void describe('gateway edge with the rate-limit store down', () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk
        .toString()
        .split('\n')
        .filter((l) => l !== '')) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      callback();
    },
  });
  // debug: the access log's default level (ACCESS_LOG_LEVEL), below what a terminal shows at info.
  const logger = createLogger({ app: 'test', level: 'debug', destination: sink });
  const subjectPrefix = `test-${randomUUID()}`;
  let open: NestFastifyApplication;
  let closed: NestFastifyApplication;

  before(async () => {
    const start = async (mode: 'open' | 'closed'): Promise<NestFastifyApplication> => {
      const app = await createMeshGateway({
        natsUrl: natsUrl(),
        subjectPrefix,
        requestTimeoutMs: 500,
        logger,
        edge: edge(mode),
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      return app;
    };
    [open, closed] = await Promise.all([start('open'), start('closed')]);
  });

  after(async () => {
    await open.close();
    await closed.close();
  });

  void it('fail closed: 503 with Retry-After, in each API shape', async () => {
    const base = await closed.getUrl();
    const v3 = await fetch(`${base}/api/v3/masterchainInfo`);
    assert.deepEqual([v3.status, await v3.text()], [503, '{"error":"Rate limiter unavailable"}']);
    assert.equal(v3.headers.get('retry-after'), '1');
    const v2 = await fetch(`${base}/api/v2/getMasterchainInfo`);
    assert.deepEqual(
      [v2.status, await v2.text()],
      [503, '{"ok":false,"error":"Rate limiter unavailable","code":503}'],
    );
    const metrics = await (await fetch(`${base}/metrics`)).text();
    assert.match(metrics, /^tonapi_rate_limit_store_failures_total\{outcome="refused"\} 2$/m);
  });

  void it('fail open: the request goes through unlimited, counted as allowed', async () => {
    const base = await open.getUrl();
    for (let i = 0; i < 3; i += 1) {
      const answer = await fetch(`${base}/api/v2/detectAddress?address=nope`);
      assert.notEqual(answer.status, 429);
      assert.equal(answer.headers.get('ratelimit-limit'), null);
      const body = await answer.text();
      assert.doesNotMatch(body, /Rate limiter unavailable/);
    }
    const metrics = await (await fetch(`${base}/metrics`)).text();
    assert.match(metrics, /^tonapi_rate_limit_store_failures_total\{outcome="allowed"\} 3$/m);
  });

  void it('logs one access line per request at debug with request id and latency, never the key', async () => {
    const secret = 'fe'.repeat(32);
    const base = await open.getUrl();
    const answer = await fetch(`${base}/api/v2/detectAddress?address=nope&api_key=${secret}`, {
      headers: { 'x-request-id': 'edge-log-check' },
    });
    await answer.text();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const line = lines.find((l) => l.msg === 'request' && l.requestId === 'edge-log-check');
    assert.ok(line, JSON.stringify(lines.slice(-3)));
    assert.deepEqual(
      { ...line, time: undefined, latencyMs: typeof line.latencyMs },
      {
        level: 'debug',
        time: undefined,
        app: 'test',
        requestId: 'edge-log-check',
        method: 'GET',
        route: '/api/v2/detectAddress',
        status: answer.status,
        latencyMs: 'number',
        plan: 'anonymous',
        msg: 'request',
      },
    );
    assert.equal(
      lines.some((l) => JSON.stringify(l).includes(secret)),
      false,
      'the key never reaches the log',
    );
  });
});
