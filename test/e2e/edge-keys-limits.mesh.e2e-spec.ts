import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '@app/observability';
import { createTestDatabase, natsUrl, type TestDatabase } from '@app/testing';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { createMeshGateway, type EdgeAccessOptions } from '@app/gateway';
import { createLiteserverApp } from '@app/liteserver';
import { type Localnet, startLocalnet } from '@app/localnet';
import { createdKey, runKeysCli } from './support/keys-cli';
import { SHARED_LOOP_PROTECTION } from './support/standalone-options';

interface Answer {
  readonly status: number;
  readonly body: string;
  readonly headers: Headers;
}

async function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(url, { headers });
  return { status: response.status, body: await response.text(), headers: response.headers };
}

function rateHeaders(answer: Answer): Record<string, string | null> {
  return {
    limit: answer.headers.get('ratelimit-limit'),
    remaining: answer.headers.get('ratelimit-remaining'),
    reset: answer.headers.get('ratelimit-reset'),
    retryAfter: answer.headers.get('retry-after'),
  };
}

/** Waits until the next wall-clock window boundary is far enough away for a burst of requests. */
async function freshWindow(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1100));
}

// API keys and shared rate limits end to end: two gateway replicas (mesh mode, no proxy in front) sharing PostgreSQL keys,
// Redis limits and NATS change broadcasts; keys are managed with the real CLI in a child process.
void describe('API keys and rate limits across two gateway replicas', () => {
  const logger = createLogger({ app: 'test', level: 'silent' });
  const subjectPrefix = `test-${randomUUID()}`;
  let localnet: Localnet;
  let db: TestDatabase;
  let liteserver: Awaited<ReturnType<typeof createLiteserverApp>>;
  const gateways: NestFastifyApplication[] = [];
  const urls: string[] = [];
  let cli: Record<string, string | undefined>;

  before(async () => {
    localnet = await startLocalnet({ seed: 'genesis', mode: 'manual' });
    db = await createTestDatabase({ prefix: 'edge_e2e' });
    cli = { DATABASE_URL: db.url, NATS_URL: natsUrl() };
    liteserver = await createLiteserverApp({
      natsUrl: natsUrl(),
      subjectPrefix,
      endpoints: localnet.liteservers.map((ls) => ls.endpoint),
      timeoutMs: 2000,
      logger,
    });
    await liteserver.listen();
    const edge: EdgeAccessOptions = {
      network: 'local',
      databaseUrl: db.url,
      redisUrl: 'redis://127.0.0.1:6379',
      anonymousRps: 1,
      storeFailure: 'open',
      trustedProxies: [],
      // Long enough that only the change broadcast can explain a revocation seen within a second.
      keyCacheTtlMs: 60_000,
      rateLimitKeyPrefix: `test:rl:${randomUUID()}`,
    };
    for (let i = 0; i < 2; i += 1) {
      const gateway = await createMeshGateway({
        natsUrl: natsUrl(),
        subjectPrefix,
        requestTimeoutMs: 5000,
        logger,
        edge,
        protection: SHARED_LOOP_PROTECTION,
      });
      await gateway.listen({ port: 0, host: '127.0.0.1' });
      gateways.push(gateway);
      urls.push(await gateway.getUrl());
    }
    for (const args of [
      ['plans', 'create', '--name', 'ten', '--rps', '10', '--networks', 'local'],
      ['plans', 'create', '--name', 'wide', '--rps', '1000', '--networks', 'local'],
      ['plans', 'create', '--name', 'mainnet-only', '--rps', '10', '--networks', 'mainnet'],
    ]) {
      const run = await runKeysCli(cli, args);
      assert.equal(run.code, 0, run.stderr);
    }
  });

  after(async () => {
    for (const gateway of gateways) {
      await gateway.close();
    }
    await liteserver.close();
    await localnet.stop();
    await db.drop();
  });

  void it('refuses an unknown key with 401 and a key of another network with 403, exactly', async () => {
    // Keys are checked once one exists; a wrong key costs its client one anonymous unit (1 a
    // second here): one per window.
    const mainnetKey = createdKey(await runKeysCli(cli, ['create', '--plan', 'mainnet-only']));
    await freshWindow();
    const unknown = { 'X-API-Key': 'ab'.repeat(32) };
    const v2 = await get(`${urls[0]}/api/v2/getMasterchainInfo`, unknown);
    assert.deepEqual(
      [v2.status, v2.body],
      [401, '{"ok":false,"error":"API key does not exist","code":401}'],
    );
    await freshWindow();
    const v3 = await get(`${urls[1]}/api/v3/masterchainInfo?api_key=${'ab'.repeat(32)}`);
    assert.deepEqual([v3.status, v3.body], [401, '{"error":"API key does not exist"}']);

    await freshWindow();
    const wrongNetwork = await get(`${urls[1]}/api/v2/getMasterchainInfo?api_key=${mainnetKey}`);
    assert.deepEqual(
      [wrongNetwork.status, wrongNetwork.body],
      [403, '{"ok":false,"error":"Network not allowed","code":403}'],
    );
    const v3Wrong = await get(`${urls[0]}/api/v3/masterchainInfo`, { 'X-API-Key': mainnetKey });
    assert.deepEqual([v3Wrong.status, v3Wrong.body], [403, '{"error":"Network not allowed"}']);
  });

  void it('without a key: 1 request a second per IP across both replicas, 429 bodies and headers exact', async () => {
    await freshWindow();
    const first = await get(`${urls[0]}/api/v2/getMasterchainInfo`);
    assert.equal(first.status, 200, first.body);
    assert.deepEqual(rateHeaders(first), {
      limit: '1',
      remaining: '0',
      reset: '1',
      retryAfter: null,
    });
    const second = await get(`${urls[1]}/api/v2/getMasterchainInfo`);
    assert.deepEqual(
      [second.status, second.body],
      [429, '{"ok":false,"result":"Ratelimit exceed","code":429}'],
    );
    assert.deepEqual(rateHeaders(second), {
      limit: '1',
      remaining: '0',
      reset: '1',
      retryAfter: '1',
    });
    const v3 = await get(`${urls[0]}/api/v3/masterchainInfo`);
    assert.deepEqual([v3.status, v3.body], [429, '{"error":"Ratelimit exceed"}']);
    assert.equal(v3.headers.get('retry-after'), '1');
    const jsonRpc = await fetch(`${urls[1]}/api/v2/jsonRPC`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'getMasterchainInfo', params: {} }),
    });
    assert.deepEqual(
      [jsonRpc.status, await jsonRpc.text()],
      [429, '{"ok":false,"result":"Ratelimit exceed","code":429}'],
    );
    // Operations and docs are never limited.
    assert.equal((await get(`${urls[0]}/healthz`)).status, 200);
  });

  void it('a 10 rps key hammered through both replicas for 3 s gets 30±3 requests in', async () => {
    const key = createdKey(await runKeysCli(cli, ['create', '--plan', 'ten', '--label', 'hammer']));
    const statuses = new Map<number, number>();
    const started = Date.now();
    const deadline = started + 3000;
    const worker = async (url: string): Promise<void> => {
      while (Date.now() < deadline) {
        const answer = await get(`${url}/api/v2/getMasterchainInfo`, { 'X-API-Key': key });
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
    };
    await Promise.all([
      worker(urls[0] ?? ''),
      worker(urls[1] ?? ''),
      worker(urls[0] ?? ''),
      worker(urls[1] ?? ''),
    ]);
    const accepted = statuses.get(200) ?? 0;
    assert.deepEqual([...statuses.keys()].sort(), [200, 429], JSON.stringify([...statuses]));
    assert.ok(
      accepted >= 27 && accepted <= 33,
      `accepted ${accepted} (${JSON.stringify([...statuses])})`,
    );
  });

  void it('JSON-RPC counts each call of a batch', async () => {
    const key = createdKey(await runKeysCli(cli, ['create', '--plan', 'ten']));
    await freshWindow();
    const batch = (size: number): Promise<Response> =>
      fetch(`${urls[0]}/api/v2/jsonRPC`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-API-Key': key },
        body: JSON.stringify(
          Array.from({ length: size }, (_, id) => ({
            id,
            jsonrpc: '2.0',
            method: 'getMasterchainInfo',
            params: {},
          })),
        ),
      });
    const nine = await batch(9);
    assert.notEqual(nine.status, 429);
    assert.equal(nine.headers.get('ratelimit-remaining'), '1');
    assert.equal((await batch(2)).status, 429);
  });

  void it('a revoked key stops working on both replicas within a second', async () => {
    const key = createdKey(
      await runKeysCli(cli, ['create', '--plan', 'wide', '--label', 'revoke-me']),
    );
    for (const url of urls) {
      const answer = await get(`${url}/api/v2/getMasterchainInfo`, { 'X-API-Key': key });
      assert.equal(answer.status, 200, answer.body);
    }
    const revoked = await runKeysCli(cli, ['revoke', key]);
    assert.equal(revoked.code, 0, revoked.stderr);
    const revokedAt = Date.now();
    for (const url of urls) {
      for (;;) {
        const answer = await get(`${url}/api/v2/getMasterchainInfo`, { 'X-API-Key': key });
        // The first 401 spends this client's anonymous second (a wrong key costs a unit), so the
        // other replica may refuse the now unknown key with 429 instead: refused either way.
        if (answer.status === 401 || (url !== urls[0] && answer.status === 429)) {
          break;
        }
        assert.ok(Date.now() - revokedAt < 1000, `${url} still accepts the key after 1 s`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
    assert.ok(Date.now() - revokedAt < 1000);
  });

  void it('counts requests per plan and refusals in /metrics, without key labels', async () => {
    const metrics = await (await fetch(`${urls[0]}/metrics`)).text();
    assert.match(
      metrics,
      /^tonapi_api_requests_total\{route="\/api\/v2\/getMasterchainInfo",status="200",plan="ten"\} \d+/m,
    );
    assert.match(metrics, /^tonapi_rate_limit_rejections_total\{plan="anonymous"\} \d+/m);
    assert.match(metrics, /^tonapi_auth_failures_total\{reason="unknown_key"\} \d+/m);
    assert.doesNotMatch(metrics, /key_?id|api_key/i);
  });
});
