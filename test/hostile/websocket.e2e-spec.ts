import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import { DEFAULT_STREAMING } from '@app/gateway';
import { type HostileHarness, startHostileHarness } from './support/hostile-harness';

const { framesPerSecond, burst, refusedBeforeClose } = DEFAULT_STREAMING.wsFrames;

/** A WebSocket client that keeps every frame and the close code. */
interface Socket {
  readonly frames: Record<string, unknown>[];
  readonly closed: Promise<number>;
  send(frame: unknown): void;
  waitFor(predicate: (frame: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  close(): void;
}

async function open(baseUrl: string, clientIp: string): Promise<Socket> {
  // Each test is a client of its own (the harness trusts X-Forwarded-For from 127.0.0.1).
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/streaming/v2/ws`, {
    headers: { 'x-forwarded-for': clientIp },
  });
  const frames: Record<string, unknown>[] = [];
  socket.on('message', (raw: Buffer) => {
    frames.push(JSON.parse(raw.toString('utf8')) as Record<string, unknown>);
  });
  const closed = new Promise<number>((resolve) => {
    socket.once('close', (code) => {
      resolve(code);
    });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const client: Socket = {
    frames,
    closed,
    send: (frame) => {
      socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
    },
    waitFor: async (predicate) => {
      for (;;) {
        const found = frames.find(predicate);
        if (found !== undefined) {
          return found;
        }
        if (socket.readyState === WebSocket.CLOSED) {
          throw new Error(`closed without the frame; got ${JSON.stringify(frames.slice(-3))}`);
        }
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: () => {
      socket.close();
    },
  };
  // Admitted once the server answers: frames before admission are a separate, smaller bound.
  client.send({ operation: 'ping', id: 'admitted' });
  await client.waitFor((f) => f.id === 'admitted');
  return client;
}

/** `count` distinct valid raw addresses. */
function addresses(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `0:${(i + 1).toString(16).padStart(64, '0')}`);
}

// WebSocket floods against the Streaming API (apps/gateway/src/streaming): frames per connection are
// rate limited before they are parsed, a connection that keeps flooding is closed with 1008, a
// subscribe's address count is bounded before any address is parsed, and the server stays
// responsive throughout.
describe('hostile WebSocket clients', () => {
  let harness: HostileHarness;
  const sockets: Socket[] = [];

  before(async () => {
    harness = await startHostileHarness();
  });

  after(async () => {
    for (const socket of sockets) {
      socket.close();
    }
    await harness.close();
  });

  it('20,000 subscribe frames: throttled, then the connection is closed with 1008; /healthz answers meanwhile', async () => {
    const flood = await open(harness.baseUrl, '198.51.100.1');
    sockets.push(flood);
    const frame = JSON.stringify({
      operation: 'subscribe',
      types: ['transactions'],
      addresses: addresses(1),
    });
    for (let i = 0; i < 20_000; i++) {
      flood.send(frame);
    }
    const health = await fetch(`${harness.baseUrl}/healthz`);
    assert.equal(health.status, 200);
    assert.equal(await flood.closed, 1008);
    const subscribed = flood.frames.filter((f) => f.status === 'subscribed').length;
    const dropped = flood.frames.filter(
      (f) =>
        f.error ===
        `rate limit exceeded: at most ${String(framesPerSecond)} frames per second, frame dropped`,
    ).length;
    // The burst, and what the bucket refilled while the flood was read: nowhere near 20,000.
    // The connection is closed before the accepted subscribes are answered (each waits for the
    // limiter), and after `refusedBeforeClose` refusals in a row: a few dozen answers, not 20,000.
    assert.ok(dropped >= refusedBeforeClose - 1, `${String(dropped)} dropped`);
    assert.ok(subscribed + dropped <= 4 * burst, `${String(subscribed + dropped)} answers`);
    assert.deepEqual(flood.frames.at(-1), {
      error: `rate limit exceeded: at most ${String(framesPerSecond)} frames per second, connection closed`,
    });
  });

  it('a subscribe listing more addresses than the caller may hold is refused before they are parsed', async () => {
    const client = await open(harness.baseUrl, '198.51.100.2');
    sockets.push(client);
    const max = DEFAULT_STREAMING.anonymousAddresses;
    client.send({
      operation: 'subscribe',
      id: 'big',
      types: ['transactions'],
      addresses: addresses(1000),
    });
    assert.deepEqual(await client.waitFor((f) => f.id === 'big'), {
      id: 'big',
      error: `address limit exceeded: 1000 addresses in one subscribe > max ${String(max)}`,
    });
    // At the allowance it is served, and re-subscribing the same list is served too (within the rate).
    for (const id of ['first', 'again']) {
      client.send({
        operation: 'subscribe',
        id,
        types: ['transactions'],
        addresses: addresses(max),
      });
      assert.deepEqual(await client.waitFor((f) => f.id === id), { id, status: 'subscribed' });
    }
  });

  it('after the floods a normal client subscribes, pings and gets its answers, and v2 still answers', async () => {
    const client = await open(harness.baseUrl, '198.51.100.3');
    sockets.push(client);
    client.send({
      operation: 'subscribe',
      id: 's',
      types: ['transactions'],
      addresses: addresses(2),
    });
    assert.deepEqual(await client.waitFor((f) => f.id === 's'), { id: 's', status: 'subscribed' });
    client.send({ operation: 'ping', id: 'p' });
    assert.deepEqual(await client.waitFor((f) => f.id === 'p'), { id: 'p', status: 'pong' });
    const v2 = await fetch(`${harness.baseUrl}/api/v2/getMasterchainInfo`);
    assert.equal(v2.status, 200);
  });
});
