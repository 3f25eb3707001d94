import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { prefixSubject, Subjects } from '@app/contracts';
import { createLogger } from '@app/observability';
import { natsUrl, waitFor } from '@app/testing';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { createMeshGateway, DEFAULT_PROTECTION, type EdgeProtectionOptions } from '@app/gateway';
import { jsonObject, openSocket, outcomeOf, record } from './support/raw-http';

interface Gateway {
  readonly app: NestFastifyApplication;
  readonly url: string;
}

/**
 * A mesh gateway on real NATS whose services never answer: a subscriber on its subjects takes every
 * request and keeps silent, so each request runs until its deadline (no "no responders" shortcut).
 */
async function startGateway(
  nats: NatsConnection,
  protection: Partial<EdgeProtectionOptions>,
): Promise<Gateway> {
  const subjectPrefix = `edge-${randomUUID()}`;
  nats.subscribe(prefixSubject(subjectPrefix, Subjects.query.masterchainInfo));
  nats.subscribe(prefixSubject(subjectPrefix, Subjects.ls.getMasterchainInfo));
  await nats.flush();
  const app = await createMeshGateway({
    natsUrl: natsUrl(),
    subjectPrefix,
    requestTimeoutMs: 30_000,
    logger: createLogger({ app: 'test', level: 'silent' }),
    protection: { ...DEFAULT_PROTECTION, ...protection },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: await app.getUrl() };
}

async function timed(
  request: Promise<Response>,
): Promise<{ status: number; body: unknown; ms: number }> {
  const started = performance.now();
  const response = await request;
  const body: unknown = await response.json();
  return { status: response.status, body, ms: performance.now() - started };
}

/** `no reply to <subject> within <n> ms` with n at most `deadline` and close to it. */
function within(error: unknown, subject: string, deadline: number): boolean {
  const match = /^no reply to (\S+) within (\d+) ms$/.exec(String(error));
  const ms = Number(match?.[2]);
  return match?.[1] === subject && ms <= deadline && ms > deadline - 100;
}

function errorOf(body: unknown): string {
  return typeof body === 'object' && body !== null && 'error' in body ? String(body.error) : '';
}

function busyWait(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // The event loop is blocked on purpose: what an overloaded gateway looks like.
  }
}

describe('edge protection (in-process gateway on real NATS)', () => {
  let nats: NatsConnection;
  let gateway: Gateway;

  before(async () => {
    nats = await connect({ servers: natsUrl() });
    gateway = await startGateway(nats, {
      v2DeadlineMs: 500,
      v3DeadlineMs: 600,
      v3MaxDeadlineMs: 1000,
      corsOrigins: ['*'],
    });
  });

  after(async () => {
    await gateway.app.close();
    await nats.close();
  });

  it('sets security headers and toncenter CORS (`*`) on every answer, preflights included', async () => {
    for (const path of ['/api/v2/getAddressInformation?address=x', '/api/v3/nope', '/healthz']) {
      const response = await fetch(`${gateway.url}${path}`, {
        headers: { origin: 'https://app.example' },
      });
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff', path);
      assert.equal(response.headers.get('x-frame-options'), 'DENY', path);
      assert.equal(response.headers.get('referrer-policy'), 'no-referrer', path);
      assert.equal(
        response.headers.get('content-security-policy'),
        "default-src 'none'; frame-ancestors 'none'",
        path,
      );
      assert.equal(response.headers.get('access-control-allow-origin'), '*', path);
    }
    const preflight = await fetch(`${gateway.url}/api/v2/jsonRPC`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-api-key',
      },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-methods'), 'GET, POST, OPTIONS');
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /X-API-Key/);
    const docs = await fetch(`${gateway.url}/api/v2/`);
    assert.match(docs.headers.get('content-security-policy') ?? '', /script-src 'self'/);
  });

  it('allows only the configured origins when CORS is a list', async () => {
    const listed = await startGateway(nats, { corsOrigins: ['https://app.example'] });
    try {
      const allowed = await fetch(`${listed.url}/healthz`, {
        headers: { origin: 'https://app.example' },
      });
      assert.equal(allowed.headers.get('access-control-allow-origin'), 'https://app.example');
      assert.equal(allowed.headers.get('vary'), 'Origin');
      const other = await fetch(`${listed.url}/healthz`, {
        headers: { origin: 'https://evil.example' },
      });
      assert.equal(other.headers.get('access-control-allow-origin'), null);
    } finally {
      await listed.app.close();
    }
  });

  it('ends v2 requests at their deadline with 504 in the envelope', async () => {
    const reply = await timed(fetch(`${gateway.url}/api/v2/getMasterchainInfo`));
    assert.equal(reply.status, 504);
    const body = record(reply.body);
    assert.equal(body.ok, false);
    assert.equal(body.code, 504);
    // The NATS request gets what is left of the deadline when it is sent.
    assert.ok(within(body.error, 'ton.ls.v1.getMasterchainInfo', 500), String(body.error));
    assert.ok(reply.ms >= 450 && reply.ms < 2000, String(reply.ms));
  });

  it('ends v3 requests at 3 s by default, or at X-Timeout / x_timeout up to the cap', async () => {
    const byDefault = await timed(fetch(`${gateway.url}/api/v3/masterchainInfo`));
    const subject = 'ton.query.v1.masterchainInfo';
    assert.equal(byDefault.status, 504);
    assert.ok(within(errorOf(byDefault.body), subject, 600), errorOf(byDefault.body));
    const shorter = await timed(
      fetch(`${gateway.url}/api/v3/masterchainInfo`, { headers: { 'x-timeout': '150' } }),
    );
    assert.equal(shorter.status, 504);
    assert.ok(within(errorOf(shorter.body), subject, 150), errorOf(shorter.body));
    assert.ok(shorter.ms < byDefault.ms, `${String(shorter.ms)} < ${String(byDefault.ms)}`);
    const alias = await timed(fetch(`${gateway.url}/api/v3/masterchainInfo?x_timeout=200`));
    assert.ok(within(errorOf(alias.body), subject, 200), errorOf(alias.body));
    const capped = await timed(
      fetch(`${gateway.url}/api/v3/masterchainInfo`, { headers: { 'x-timeout': '60000' } }),
    );
    assert.ok(within(errorOf(capped.body), subject, 1000), errorOf(capped.body));
  });

  it('never shows a stack trace or an internal address in an error', async () => {
    const bodies: string[] = [];
    const requests: [string, RequestInit?][] = [
      ['/api/v2/getMasterchainInfo'],
      [
        '/api/v2/runGetMethod',
        { method: 'POST', body: '{"stack":', headers: { 'content-type': 'application/json' } },
      ],
      [
        '/api/v2/runGetMethod',
        { method: 'POST', body: '[1]', headers: { 'content-type': 'application/json' } },
      ],
      [
        '/api/v2/sendBoc',
        { method: 'POST', body: '{"boc":"!!"}', headers: { 'content-type': 'application/json' } },
      ],
      [
        '/api/v2/jsonRPC',
        { method: 'POST', body: '{"method":1}', headers: { 'content-type': 'application/json' } },
      ],
      ['/api/v3/blocks?seqno=x'],
      ['/api/v3/masterchainInfo'],
      [
        '/api/v3/blocks',
        { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } },
      ],
      ['/nope/%E0%A4%A'],
    ];
    for (const [path, init] of requests) {
      const response = await fetch(`${gateway.url}${path}`, init);
      assert.ok(response.status >= 400, path);
      bodies.push(await response.text());
    }
    for (const body of bodies) {
      assert.doesNotMatch(body, /\n\s+at |node_modules|\/work\/|\.js:\d+/, body);
      assert.doesNotMatch(body, /\b\d{1,3}(\.\d{1,3}){3}(:\d+)?\b|nats:\/\/|localhost/, body);
    }
  });

  it('sheds load with 503 and Retry-After while the event loop lags, then recovers', async () => {
    const shedding = await startGateway(nats, {
      shedEventLoopDelayMs: 50,
      shedSampleIntervalMs: 100,
      shedRetryAfterSeconds: 3,
    });
    try {
      // A request arrives while the loop is blocked: it is read after the block, once the sampler
      // has seen the lag.
      const socket = await openSocket(shedding.url);
      const outcome = outcomeOf(socket, 5000);
      socket.write('GET /api/v3/blocks?seqno=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      busyWait(1000);
      assert.deepEqual(await outcome, { status: 503 });
      const probe = await fetch(`${shedding.url}/healthz`);
      assert.notEqual(probe.status, 503, 'probes are never shed');
      busyWait(1000);
      const shed = await fetch(`${shedding.url}/api/v2/getAddressInformation?address=x`);
      if (shed.status === 503) {
        assert.equal(shed.headers.get('retry-after'), '3');
        const body = await jsonObject(shed);
        assert.equal(body.code, 503);
        assert.equal(body.error, 'Service Unavailable: server overloaded, retry later');
      }
      // Once a window passes without lag the gateway serves again (a bad address: 422, not 503).
      await waitFor(
        async () =>
          (await fetch(`${shedding.url}/api/v2/getAddressInformation?address=x`)).status === 422,
        'the gateway to serve again after the lag',
      );
    } finally {
      await shedding.app.close();
    }
  });

  it('drains requests in flight on close, and cuts them after the grace period', async () => {
    const draining = await startGateway(nats, { v3DeadlineMs: 1200, shutdownGraceMs: 10_000 });
    const inFlight = timed(fetch(`${draining.url}/api/v3/masterchainInfo`));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const closed = draining.app.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await assert.rejects(fetch(`${draining.url}/healthz`), 'no new connections once closing');
    const reply = await inFlight;
    assert.equal(reply.status, 504, 'the request in flight got its answer');
    await closed;

    const cutting = await startGateway(nats, { v3DeadlineMs: 5000, shutdownGraceMs: 300 });
    // The expectation is attached before close(): the cut rejects while close() is still running.
    const cut = assert.rejects(
      fetch(`${cutting.url}/api/v3/masterchainInfo`),
      'the connection was cut after the grace period',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = performance.now();
    await cutting.app.close();
    assert.ok(performance.now() - started < 3000, 'close did not wait for the deadline');
    await cut;
  });
});
