import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '@app/observability';
import { natsUrl } from '@app/testing';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import { createMeshGateway } from '../src/gateway-app';
import { localOrigin, readyMessage, serviceUrls } from '../src/http/service-index';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const INDEX_JSON = {
  service: 'ton-access',
  links: {
    v2: '/api/v2/',
    v2OpenApi: '/api/v2/openapi.json',
    v3: '/api/v3/',
    v3OpenApi: '/api/v3/openapi.json',
    streamingSse: '/api/streaming/v2/sse',
    streamingWs: '/api/streaming/v2/ws',
    streamingOpenApi: '/api/streaming/v2/openapi.json',
    metrics: '/metrics',
    healthz: '/healthz',
    readyz: '/readyz',
  },
};

const INDEX_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ton-access</title>
<style>body{font-family:system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;line-height:1.5}code{color:#555}</style>
</head>
<body>
<h1>ton-access</h1>
<p>TON blockchain access: toncenter-compatible API v2 and v3 and the Streaming API.</p>
<ul>
<li><a href="/api/v2/">API v2 (toncenter-compatible): Swagger UI</a> <code>/api/v2/</code></li>
<li><a href="/api/v2/openapi.json">API v2 OpenAPI document</a> <code>/api/v2/openapi.json</code></li>
<li><a href="/api/v3/">API v3 (indexed history): Swagger UI</a> <code>/api/v3/</code></li>
<li><a href="/api/v3/openapi.json">API v3 OpenAPI document</a> <code>/api/v3/openapi.json</code></li>
<li><a href="/api/streaming/v2/sse">Streaming API v2 over Server-Sent Events</a> <code>/api/streaming/v2/sse</code></li>
<li>Streaming API v2 over WebSocket: <code>/api/streaming/v2/ws</code> (ws:// or wss:// on this host)</li>
<li><a href="/api/streaming/v2/openapi.json">Streaming API v2 OpenAPI document</a> <code>/api/streaming/v2/openapi.json</code></li>
<li><a href="/metrics">Prometheus metrics</a> <code>/metrics</code></li>
<li><a href="/healthz">Liveness</a> <code>/healthz</code></li>
<li><a href="/readyz">Readiness</a> <code>/readyz</code></li>
</ul>
</body>
</html>
`;

/**
 * `/` of a gateway with rate limits on (1 request per second for anonymous callers, Redis): an index
 * of what it serves, HTML for browsers and JSON otherwise, never counted against the limit.
 */
void describe('gateway: / is an index of the service', () => {
  const prefix = `test:index:${randomUUID()}`;
  let app: NestFastifyApplication;
  let base: string;

  before(async () => {
    app = await createMeshGateway({
      natsUrl: natsUrl(),
      subjectPrefix: prefix,
      requestTimeoutMs: 500,
      logger: createLogger({ app: 'test', level: 'silent' }),
      edge: {
        network: 'local',
        redisUrl: REDIS_URL,
        anonymousRps: 1,
        storeFailure: 'closed',
        trustedProxies: [],
        keyCacheTtlMs: 1000,
        rateLimitKeyPrefix: `${prefix}:rl`,
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = await app.getUrl();
  });

  after(async () => {
    await app.close();
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 0 });
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) {
      await redis.del(...keys);
    }
    redis.disconnect();
  });

  void it('answers a browser with the HTML page linking every endpoint', async () => {
    const answer = await fetch(`${base}/`, {
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(
      answer.headers.get('content-security-policy'),
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
    assert.equal(answer.headers.get('vary'), 'Accept');
    assert.equal(await answer.text(), INDEX_HTML);
  });

  void it('answers JSON to Accept: application/json and to curl (*/*)', async () => {
    for (const accept of ['application/json', '*/*']) {
      const answer = await fetch(`${base}/`, { headers: { accept } });
      assert.equal(answer.status, 200);
      assert.equal(answer.headers.get('content-type'), 'application/json; charset=utf-8');
      assert.deepEqual(await answer.json(), INDEX_JSON);
    }
  });

  void it('every link it lists is served (the WebSocket one upgrades)', async () => {
    for (const [id, path] of Object.entries(INDEX_JSON.links)) {
      if (id === 'streamingWs' || id === 'streamingSse' || id === 'readyz') {
        continue; // need a subscription or the services; covered by their own tests
      }
      const answer = await fetch(`${base}${path}`);
      await answer.arrayBuffer();
      assert.equal(answer.status, 200, `${id} ${path}`);
    }
  });

  void it('is not metered: the anonymous limit of 1/s stays for the API', async () => {
    for (let i = 0; i < 5; i += 1) {
      const answer = await fetch(`${base}/`, { headers: { accept: 'application/json' } });
      await answer.arrayBuffer();
      assert.equal(answer.status, 200);
      assert.equal(answer.headers.get('ratelimit-limit'), null);
    }
    const first = await fetch(`${base}/api/v2/detectAddress?address=x`);
    await first.arrayBuffer();
    const second = await fetch(`${base}/api/v2/detectAddress?address=x`);
    assert.deepEqual(
      [second.status, await second.text()],
      [429, '{"ok":false,"result":"Ratelimit exceed","code":429}'],
    );
  });

  void it('the start line names the index, both APIs, both streams and the metrics', () => {
    const origin = localOrigin('0.0.0.0', 8080);
    assert.equal(origin, 'http://127.0.0.1:8080');
    assert.equal(localOrigin('::', 8080), 'http://[::1]:8080');
    assert.equal(
      readyMessage(origin),
      'ready: open http://127.0.0.1:8080/ — API v2 http://127.0.0.1:8080/api/v2/ and v3 http://127.0.0.1:8080/api/v3/ (Swagger UI), streaming http://127.0.0.1:8080/api/streaming/v2/sse and ws://127.0.0.1:8080/api/streaming/v2/ws, metrics http://127.0.0.1:8080/metrics',
    );
    assert.equal(serviceUrls(origin).streamingWs, 'ws://127.0.0.1:8080/api/streaming/v2/ws');
  });
});
