import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { clientAddress, type EdgeHarness, sendRaw, startEdgeHarness } from './support/edge-harness';

/**
 * A POST whose headers declare a 50 MB body that is never sent: the answer can only come before the
 * body, from the headers alone (else the socket would wait for the body until its timeout).
 */
async function headersOnlyPost(
  baseUrl: string,
  client: string,
  contentType: string,
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect({ host: hostname, port: Number(port) });
  await once(socket, 'connect');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.write(
    [
      'POST /api/v2/sendBoc HTTP/1.1',
      `Host: ${hostname}`,
      `Content-Type: ${contentType}`,
      `Content-Length: ${String(50 * 1024 * 1024)}`,
      `X-Forwarded-For: ${client}`,
      '',
      '',
    ].join('\r\n'),
  );
  await once(socket, 'close');
  const raw = Buffer.concat(chunks).toString('utf8');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1]);
  return { status, body: raw.slice(raw.indexOf('\r\n\r\n') + 4) };
}

const RATE_LIMITED = '{"ok":false,"result":"Ratelimit exceed","code":429}';

// Without REDIS_URL the limits still hold, per process, and the keys of the process's database are
// checked once one exists — what `npm start` wires (the embedded PostgreSQL given as DATABASE_URL).
void describe('edge without Redis: limits in memory, keys in the process database', () => {
  let harness: EdgeHarness;

  before(async () => {
    harness = await startEdgeHarness({ redis: false, anonymousRps: 1, keyCacheTtlMs: 100 });
  });

  after(async () => {
    await harness.close();
  });

  const get = (client: number, headers: Record<string, string> = {}) =>
    sendRaw(harness.baseUrl, 'GET', '/api/v2/getMasterchainInfo', {
      'x-forwarded-for': clientAddress(client),
      ...headers,
    });

  void it('treats a key as anonymous while no key exists', async () => {
    const answer = await get(1, { 'x-api-key': randomBytes(32).toString('hex') });
    assert.equal(answer.status, 200, answer.body);
    assert.equal(answer.headers['ratelimit-limit'], '1');
  });

  void it('refuses an anonymous client past 1 request a second with 429', async () => {
    // Requests a few milliseconds apart: two of them share a one-second window long before 20.
    const statuses: number[] = [];
    for (let i = 0; i < 20 && !statuses.includes(429); i += 1) {
      const answer = await get(2);
      statuses.push(answer.status);
      if (answer.status === 429) {
        assert.equal(answer.body, RATE_LIMITED);
        assert.equal(answer.headers['retry-after'], '1');
      }
    }
    assert.ok(statuses.includes(429), JSON.stringify(statuses));
    assert.equal(statuses[0], 200);
  });

  void it('refuses a body on its headers, before reading it: 415 for its type, 413 for its size', async () => {
    const wrongType = await headersOnlyPost(harness.baseUrl, clientAddress(20), 'text/plain');
    assert.equal(wrongType.status, 415);
    const body = JSON.parse(wrongType.body) as Record<string, unknown>;
    assert.deepEqual(
      { ...body, '@extra': undefined },
      {
        ok: false,
        error: "unsupported content-type 'text/plain': send application/json",
        code: 415,
        '@extra': undefined,
      },
    );
    const tooLarge = await headersOnlyPost(harness.baseUrl, clientAddress(21), 'application/json');
    assert.equal(tooLarge.status, 413);
    assert.match(tooLarge.body, /"error":"Request body is too large"/);
  });

  void it('checks keys once one exists: 401 for an unknown key, the plan limit for a live one', async () => {
    const key = await harness.createKey('memory', 1000);
    // No broadcast reaches this gateway: it learns that a key exists when its remembered answer
    // (100 ms here) expires. Each try comes from a client of its own (a wrong key costs a unit).
    let unknown = await get(10, { 'x-api-key': randomBytes(32).toString('hex') });
    for (let i = 11; unknown.status === 200 && i < 1000; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      unknown = await get(i, { 'x-api-key': randomBytes(32).toString('hex') });
    }
    assert.deepEqual(
      [unknown.status, unknown.body],
      [401, '{"ok":false,"error":"API key does not exist","code":401}'],
    );
    const live = await get(2000, { 'x-api-key': key });
    assert.equal(live.status, 200, live.body);
    assert.equal(live.headers['ratelimit-limit'], '1000');
  });
});
