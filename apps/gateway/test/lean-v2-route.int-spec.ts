import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { type ApiKeyStore, openApiKeyStore } from '@app/database';
import { createNatsMicroservice, setupRpcMicroservice } from '@app/nats';
import { createLogger, createMetricsRegistry, NatsMetrics } from '@app/observability';
import { createTestDatabase, natsUrl, type TestDatabase } from '@app/testing';
import { type INestMicroservice } from '@nestjs/common';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { generateApiKey, hashApiKey } from '../src/edge/auth/api-key-secret';
import { createMeshGateway } from '../src/gateway-app';
import {
  Behaviour,
  type ServedCall,
  TestLiteserverModule,
} from '../../../test/integration/libs/nats/rpc-test.app';

interface RawAnswer {
  readonly status: number;
  /** Header names and values in the order they were sent, Date left out (it is the clock's). */
  readonly headers: readonly (readonly [string, string])[];
  readonly body: string;
}

/** One GET as sent on the wire, with the response's headers as they came. */
function get(base: string, path: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i] ?? '';
          if (name.toLowerCase() !== 'date') {
            pairs.push([name, res.rawHeaders[i + 1] ?? '']);
          }
        }
        resolve({
          status: res.statusCode ?? 0,
          headers: pairs,
          body: Buffer.concat(chunks).toString(),
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** `@extra` holds the time and the elapsed ms; the length that follows from it goes with it. */
function timeless(answer: RawAnswer): RawAnswer {
  return {
    status: answer.status,
    headers: answer.headers.map(([name, value]) =>
      name === 'content-length' ? [name, 'n'] : [name, value],
    ),
    body: answer.body.replace(/"@extra":"[^"]*"/, '"@extra":"…"'),
  };
}

const ACCOUNT_AT_5 = `/api/v2/getAddressInformation?address=${Behaviour.ok}&seqno=5`;

// The lean route (apps/gateway/src/http/lean-v2-route.ts) against the Fastify route, both gateways
// on the same services, key store and Redis (each with rate-limit buckets of its own): the same
// requests must get the same statuses, headers and bodies, and the lean one must not reach Fastify.
void describe('lean v2 route: same edge, same bytes as the Fastify route', () => {
  const subjectPrefix = `test-${randomUUID()}`;
  const served: ServedCall[] = [];
  const logger = createLogger({ app: 'test', level: 'silent' });
  let service: INestMicroservice;
  let db: TestDatabase;
  let store: ApiKeyStore;
  let lean: NestFastifyApplication;
  let plain: NestFastifyApplication;
  let leanBase = '';
  let plainBase = '';
  /** Requests that reached the lean gateway's Fastify. */
  let leanFastifyRequests = 0;
  let key = '';
  let otherNetworkKey = '';

  const start = async (leanV2Route: boolean): Promise<NestFastifyApplication> => {
    const app = await createMeshGateway({
      natsUrl: natsUrl(),
      subjectPrefix,
      requestTimeoutMs: 2000,
      logger,
      leanV2Route,
      edge: {
        network: 'local',
        databaseUrl: db.url,
        redisUrl: 'redis://127.0.0.1:6379',
        anonymousRps: 2,
        storeFailure: 'closed',
        trustedProxies: ['127.0.0.1'],
        keyCacheTtlMs: 60_000,
        rateLimitKeyPrefix: `test:lean:${randomUUID()}`,
      },
    });
    return app;
  };

  before(async () => {
    service = await createNatsMicroservice(
      'liteserver',
      TestLiteserverModule.forRoot('ls', served),
      {
        natsUrl: natsUrl(),
        subjectPrefix,
        logger: false,
      },
    );
    setupRpcMicroservice(service, {
      logger,
      metrics: new NatsMetrics(createMetricsRegistry({ defaultMetrics: false })),
    });
    await service.listen();
    db = await createTestDatabase({ prefix: 'lean_route' });
    store = await openApiKeyStore(db.url, 'lean-route-int-spec');
    await store.keys.createPlan({ name: 'pro', rps: 3, burst: 0, networks: ['local'] });
    await store.keys.createPlan({ name: 'main', rps: 3, burst: 0, networks: ['mainnet'] });
    key = generateApiKey();
    otherNetworkKey = generateApiKey();
    await store.keys.createKey({ keyHash: hashApiKey(key), planName: 'pro' });
    await store.keys.createKey({ keyHash: hashApiKey(otherNetworkKey), planName: 'main' });
    lean = await start(true);
    lean
      .getHttpAdapter()
      .getInstance()
      .addHook('onRequest', (_request, _reply, done) => {
        leanFastifyRequests += 1;
        done();
      });
    plain = await start(false);
    await lean.listen({ port: 0, host: '127.0.0.1' });
    await plain.listen({ port: 0, host: '127.0.0.1' });
    leanBase = await lean.getUrl();
    plainBase = await plain.getUrl();
    // A first read through Fastify on each gateway keeps the answer rendered.
    for (const base of [leanBase, plainBase]) {
      const first = await get(base, ACCOUNT_AT_5, { 'x-forwarded-for': '198.51.100.200' });
      assert.equal(first.status, 200, first.body);
    }
  });

  after(async () => {
    await lean.close();
    await plain.close();
    await service.close();
    await store.close();
    await db.drop();
  });

  /** The same request on both gateways; the lean one must answer without its Fastify. */
  const both = async (
    path: string,
    headers: Record<string, string>,
  ): Promise<{ lean: RawAnswer; plain: RawAnswer }> => {
    const before = leanFastifyRequests;
    const leanAnswer = await get(leanBase, path, headers);
    assert.equal(leanFastifyRequests, before, 'answered by the lean route');
    return { lean: leanAnswer, plain: await get(plainBase, path, headers) };
  };

  void it('a kept account answer: the same status, headers in the same order, and body', async () => {
    const servedBefore = served.length;
    const { lean: a, plain: b } = await both(ACCOUNT_AT_5, {
      'x-request-id': 'lean-same-bytes',
      'x-forwarded-for': '198.51.100.1',
      origin: 'https://wallet.example',
    });
    assert.deepEqual(timeless(a), timeless(b));
    assert.equal(a.status, 200);
    assert.equal(Number(new Map(a.headers).get('content-length')), Buffer.byteLength(a.body));
    assert.deepEqual(
      a.headers.map(([name]) => name),
      [
        'x-request-id',
        'x-content-type-options',
        'x-frame-options',
        'referrer-policy',
        'content-security-policy',
        'cross-origin-opener-policy',
        'x-dns-prefetch-control',
        'access-control-allow-origin',
        'access-control-expose-headers',
        'ratelimit-limit',
        'ratelimit-remaining',
        'ratelimit-reset',
        'x-api-version',
        'content-type',
        'content-length',
        'Connection',
        'Keep-Alive',
      ],
    );
    assert.match(a.body, /^\{"ok":true,"result":\{"@type":"raw.fullAccountState",/);
    assert.equal(served.length, servedBefore, 'no service was asked');
  });

  void it('the anonymous rate limit: the same 200, 200, 429 with the same headers', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.2', 'x-request-id': 'lean-anon' };
    const answers: { lean: RawAnswer; plain: RawAnswer }[] = [];
    for (let i = 0; i < 3; i += 1) {
      answers.push(await both(ACCOUNT_AT_5, headers));
    }
    for (const pair of answers) {
      assert.deepEqual(timeless(pair.lean), timeless(pair.plain));
    }
    assert.deepEqual(
      answers.map((pair) => pair.lean.status),
      [200, 200, 429],
    );
    const refused = answers[2]?.lean;
    assert.ok(refused !== undefined);
    assert.equal(refused.body, '{"ok":false,"result":"Ratelimit exceed","code":429}');
    assert.equal(new Map(refused.headers).get('retry-after'), '1');
  });

  void it('the API key: unknown 401, another network 403, a live key its plan limit', async () => {
    const cases: [Record<string, string>, number, string | undefined][] = [
      [
        { 'x-api-key': generateApiKey() },
        401,
        '{"ok":false,"error":"API key does not exist","code":401}',
      ],
      [
        { 'x-api-key': otherNetworkKey },
        403,
        '{"ok":false,"error":"Network not allowed","code":403}',
      ],
      [{ 'x-api-key': key }, 200, undefined],
      [{ 'x-api-key': key }, 200, undefined],
      [{ 'x-api-key': key }, 200, undefined],
      [{ 'x-api-key': key }, 429, '{"ok":false,"result":"Ratelimit exceed","code":429}'],
    ];
    for (const [i, [headers, status, body]] of cases.entries()) {
      const pair = await both(ACCOUNT_AT_5, {
        ...headers,
        'x-forwarded-for': `198.51.100.${String(10 + i)}`,
        'x-request-id': 'lean-keys',
      });
      assert.deepEqual(timeless(pair.lean), timeless(pair.plain));
      assert.equal(pair.lean.status, status, pair.lean.body);
      if (body !== undefined) {
        assert.equal(pair.lean.body, body);
      }
    }
    const metrics = await (await fetch(`${leanBase}/metrics`)).text();
    assert.match(
      metrics,
      /^tonapi_api_requests_total\{route="\/api\/v2\/getAddressInformation",status="200",plan="pro"\} 3$/m,
    );
    assert.match(metrics, /^tonapi_auth_failures_total\{reason="unknown_key"\} 1$/m);
  });

  void it('an api_key in the query: unknown 401, another network 403, as on Fastify', async () => {
    const unknown = await both(`${ACCOUNT_AT_5}&api_key=${generateApiKey()}`, {
      'x-forwarded-for': '198.51.100.30',
      'x-request-id': 'lean-query-key',
    });
    assert.deepEqual(timeless(unknown.lean), timeless(unknown.plain));
    assert.equal(unknown.lean.status, 401);
    assert.equal(unknown.lean.body, '{"ok":false,"error":"API key does not exist","code":401}');
    const wrongNetwork = await both(`${ACCOUNT_AT_5}&api_key=${otherNetworkKey}`, {
      'x-forwarded-for': '198.51.100.31',
      'x-request-id': 'lean-query-key',
    });
    assert.deepEqual(timeless(wrongNetwork.lean), timeless(wrongNetwork.plain));
    assert.equal(wrongNetwork.lean.status, 403);
  });

  void it('one rate-limit bucket for the lean route and Fastify: each charges the other', async () => {
    // Two units a second for an anonymous client (anonymousRps): one spent through Fastify (an
    // escaped address is not a plain query), one through the lean route, then both refuse (a
    // refusal on Fastify stops at the edge's hook, before the counting one: the last is not seen).
    const headers = { 'x-forwarded-for': '198.51.100.40', 'x-request-id': 'lean-shared' };
    const viaFastify = ACCOUNT_AT_5.replace(':', '%3A');
    const answers: [string, number][] = [];
    for (const path of [viaFastify, ACCOUNT_AT_5, ACCOUNT_AT_5, viaFastify]) {
      const before = leanFastifyRequests;
      const answer = await get(leanBase, path, headers);
      answers.push([
        leanFastifyRequests === before ? 'not seen by Fastify' : 'Fastify',
        answer.status,
      ]);
    }
    assert.deepEqual(answers, [
      ['Fastify', 200],
      ['not seen by Fastify', 200],
      ['not seen by Fastify', 429],
      ['not seen by Fastify', 429],
    ]);
  });

  void it('what it does not keep falls through to Fastify', async () => {
    for (const [i, path] of [
      '/api/v2/getAddressInformation?address=0%3A' + '0'.repeat(63) + '1&seqno=6',
      '/api/v2/getAddressInformation?address=nope&seqno=5',
      `${ACCOUNT_AT_5}&seqno=5`,
      ACCOUNT_AT_5.replace(':', '%3A'),
      '/api/v2/getAddressInformation/?address=x',
    ].entries()) {
      const before = leanFastifyRequests;
      await get(leanBase, path, { 'x-forwarded-for': `198.51.100.${String(50 + i)}` });
      assert.equal(leanFastifyRequests, before + 1, path);
    }
  });
});
