import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { type Socket } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, it } from 'node:test';
import { natsUrl } from '@app/testing';
import {
  jsonObject,
  openSocket,
  outcomeOf,
  type RawOutcome,
  record,
  rssOf,
} from './support/raw-http';

/** The limits the child gateway runs with: production defaults, slow-client timeouts shortened. */
const LIMITS = {
  HTTP_HEADERS_TIMEOUT_MS: '1000',
  HTTP_REQUEST_TIMEOUT_MS: '2000',
  HTTP_KEEP_ALIVE_TIMEOUT_MS: '1000',
  HTTP_IDLE_TIMEOUT_MS: '3000',
  HTTP_MAX_CONNECTIONS: '5000',
};
const CONNECTIONS = 10_000;
/** Connections opened at once (the listen backlog holds them while the gateway accepts). */
const BATCH = 500;
/** What 10,000 connections may add to the gateway's resident memory. */
const MAX_RSS_GROWTH = 200 * 1024 * 1024;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function isAnswered(outcome: RawOutcome): outcome is { readonly status: number } {
  return 'status' in outcome;
}

// Abuse against a gateway in a child process: every hostile request is answered with a 4xx/503 or its
// connection closed, the process stays up and its memory stays bounded.
describe('edge under abuse (gateway in a child process)', () => {
  let child: ChildProcess;
  let url: string;

  before(async () => {
    child = spawn(process.execPath, [join(__dirname, 'support', 'edge-gateway.child.js')], {
      env: {
        ...process.env,
        ...LIMITS,
        NATS_URL: natsUrl(),
        SUBJECT_PREFIX: `abuse-${randomUUID()}`,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const stdout = child.stdout;
    assert.ok(stdout);
    const lines: unknown[] = await once(createInterface({ input: stdout }), 'line');
    url = String(record(JSON.parse(String(lines[0]))).url);
  });

  after(async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null) {
      await once(child, 'exit');
    }
  });

  async function healthy(): Promise<void> {
    assert.equal(child.exitCode, null, 'the gateway process is still running');
    const response = await fetch(`${url}/healthz`);
    assert.equal(response.status, 200);
  }

  it('refuses an oversized body with 413 in the v2 envelope', async () => {
    const response = await fetch(`${url}/api/v2/sendBoc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ boc: 'A'.repeat(2 * 1024 * 1024) }),
    });
    assert.equal(response.status, 413);
    assert.deepEqual(
      { ...(await jsonObject(response)), '@extra': undefined },
      { ok: false, error: 'Request body is too large', code: 413, '@extra': undefined },
    );
    await healthy();
  });

  it('refuses JSON nested deeper than the limit before anything reads it', async () => {
    const deep = `{"address":"0:${'0'.repeat(64)}","method":"seqno","stack":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const response = await fetch(`${url}/api/v2/runGetMethod`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: deep,
    });
    assert.equal(response.status, 422);
    const body = await jsonObject(response);
    assert.equal(body.error, 'failed to parse post request: JSON nested deeper than 64');
    await healthy();
  });

  it('refuses long and crowded query strings (414) and oversized request lines (431)', async () => {
    const long = await fetch(`${url}/api/v2/getAddressInformation?address=${'x'.repeat(9000)}`);
    assert.equal(long.status, 414);
    assert.equal((await jsonObject(long)).error, 'query string too long (at most 8192 bytes)');
    const crowded = await fetch(
      `${url}/api/v3/blocks?${Array.from({ length: 150 }, (_, i) => `k${String(i)}=1`).join('&')}`,
    );
    assert.equal(crowded.status, 414);
    assert.deepEqual(await crowded.json(), { error: 'too many query parameters (at most 100)' });
    // Beyond Node's 16 KiB header limit the request line itself is refused before any hook runs.
    const socket = await openSocket(url);
    const outcome = outcomeOf(socket, 5000);
    socket.write(`GET /api/v3/blocks?seqno=${'1'.repeat(40_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    assert.deepEqual(await outcome, { status: 431 });
    await healthy();
  });

  it('cuts slowloris clients: headers trickling in, and a body trickling in', async () => {
    const started = performance.now();
    const headers = await openSocket(url);
    const headersOutcome = outcomeOf(headers, 10_000);
    headers.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    const trickle = setInterval(() => {
      if (!headers.destroyed) {
        headers.write('X-a: b\r\n');
      }
    }, 200);
    const body = await openSocket(url);
    const bodyOutcome = outcomeOf(body, 10_000);
    body.write(
      'POST /api/v2/sendBoc HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const bodyTrickle = setInterval(() => {
      if (!body.destroyed) {
        body.write(' ');
      }
    }, 200);
    try {
      const [h, b] = await Promise.all([headersOutcome, bodyOutcome]);
      // Node answers 408 when it can, or simply closes the socket.
      for (const outcome of [h, b]) {
        assert.ok(
          !isAnswered(outcome) || outcome.status === 408,
          `cut with 408 or closed, not ${JSON.stringify(outcome)}`,
        );
      }
    } finally {
      clearInterval(trickle);
      clearInterval(bodyTrickle);
    }
    // Headers within 1 s and the request within 2 s, checked every second.
    assert.ok(performance.now() - started < 5000, 'cut within the timeouts');
    await healthy();
  });

  it('survives 10,000 concurrent connections with bounded memory', async (t) => {
    assert.ok(child.pid !== undefined);
    const pid = child.pid;
    const baseline = await rssOf(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      void rssOf(pid).then((rss) => {
        peak = Math.max(peak, rss);
      });
    }, 100);
    const outcomes: Promise<RawOutcome>[] = [];
    const sockets: Socket[] = [];
    try {
      for (let batch = 0; batch < CONNECTIONS / BATCH; batch++) {
        const opened = await Promise.allSettled(
          Array.from({ length: BATCH }, () => openSocket(url)),
        );
        for (const result of opened) {
          if (result.status === 'rejected') {
            outcomes.push(Promise.resolve({ closed: 'error' }));
            continue;
          }
          const socket = result.value;
          sockets.push(socket);
          outcomes.push(outcomeOf(socket, 15_000));
          // One in five asks for something (answered 422 without a backend); the others say nothing.
          if (sockets.length % 5 === 0) {
            socket.write(
              'GET /api/v2/detectAddress?address=nope HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
            );
          }
        }
      }
      const settled = await Promise.all(outcomes);
      const statuses = new Map<string, number>();
      for (const outcome of settled) {
        const key = 'status' in outcome ? String(outcome.status) : outcome.closed;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      }
      const answered = settled.filter(isAnswered);
      assert.equal(settled.length, CONNECTIONS);
      assert.ok(
        answered.every((o) => (o.status >= 400 && o.status < 500) || o.status === 503),
        `only 4xx/503: ${JSON.stringify([...statuses])}`,
      );
      assert.ok(
        (statuses.get('422') ?? 0) >= 1000,
        `requests were served: ${JSON.stringify([...statuses])}`,
      );
      t.diagnostic(`outcomes ${JSON.stringify([...statuses])}`);
    } finally {
      clearInterval(sampler);
      for (const socket of sockets) {
        socket.destroy();
      }
    }
    assert.ok(
      peak - baseline < MAX_RSS_GROWTH,
      `RSS grew ${String(Math.round((peak - baseline) / 1e6))} MB`,
    );
    await sleep(200);
    await healthy();
  });
});
