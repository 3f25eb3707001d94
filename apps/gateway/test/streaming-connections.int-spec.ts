/**
 * Streaming API v2 connection management: the limits on callers without a key (connections,
 * addresses, a resume replacing the oldest), keepalives on idle connections, and clients that stop
 * reading (bounded queues, the reason as the last frame, a gateway whose memory stays small).
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Subjects } from '@app/contracts';
import {
  accountStateChange,
  addressOf,
  hashOf,
  traceUpdate,
  transaction,
} from '../src/streaming/derivation/stream-payloads.testing';
import {
  eventually,
  openSse,
  type StreamingGateway,
  startStreamingGateway,
  WsClient,
} from './streaming.support';
import { ALICE, BOB } from './streaming-traces.support';

void describe('Streaming API v2: limits of callers without a key (one process)', () => {
  let gw: StreamingGateway;

  before(async () => {
    gw = await startStreamingGateway({
      streaming: { anonymousConnections: 1, anonymousAddresses: 2, admissionWaitMs: 300 },
    });
  });

  after(async () => {
    await gw.close();
  });

  void it('429 over the connections, 400 over the addresses; a resume replaces the oldest', async () => {
    const body = { types: ['account_state_change'], addresses: [ALICE], min_finality: 'confirmed' };
    const first = await openSse(gw.base, body);
    assert.equal(first.status, 200);
    await first.reader.next();
    const second = await openSse(gw.base, body);
    assert.deepEqual(
      [second.status, await second.reader.text()],
      [429, '{"error":"connection limit reached: 1 active connections"}'],
    );
    // A WebSocket over the limit that does not resume: the error frame, then a dropped socket.
    const ws = await WsClient.open(gw.base);
    ws.send({ operation: 'subscribe', types: ['account_state_change'], addresses: [ALICE] });
    assert.equal(await ws.next(), '{"error":"connection limit reached: 1 active connections"}');
    assert.equal(await ws.closedWithin(), 1006);
    const seq = await gw.append(
      Subjects.stream.accountState,
      accountStateChange({ account: ALICE, finality: 'confirmed', balance: '1' }),
    );
    assert.match(await first.reader.next(), new RegExp(`^id: ${String(seq)}:0\n`));
    // The same client reconnecting before its old stream timed out: never refused.
    const resumed = await openSse(gw.base, body, { 'last-event-id': `${String(seq)}:0` });
    assert.equal(resumed.status, 200);
    assert.equal(
      await first.reader.next(),
      'event: error\ndata: {"error":"replaced by a newer connection"}',
    );
    await assert.rejects(first.reader.next(), /SSE stream ended/);
    // A WebSocket resuming replaces it in turn.
    const wsResumed = await WsClient.open(gw.base);
    wsResumed.send({ ...body, operation: 'subscribe', id: 'r', since: `${String(seq)}:0` });
    assert.equal(await wsResumed.next(), '{"id":"r","status":"subscribed"}');
    await resumed.reader.next();
    assert.equal(
      await resumed.reader.next(),
      'event: error\ndata: {"error":"replaced by a newer connection"}',
    );
    // Addresses: two allowed, three refused (the WebSocket holds the caller's only slot).
    wsResumed.send({
      operation: 'subscribe',
      id: 'm',
      types: ['transactions'],
      addresses: [ALICE, BOB, addressOf('carol')],
    });
    assert.equal(
      await wsResumed.next(),
      '{"id":"m","error":"address limit exceeded: 3 addresses in one subscribe > max 2"}',
    );
    wsResumed.close();
    await eventually(
      async () => /^tonapi_stream_connections\{transport="ws"\} 0$/m.test(await gw.metrics()),
      3000,
      'the WebSocket released',
    );
    const tooMany = await openSse(gw.base, {
      ...body,
      addresses: [ALICE, BOB, addressOf('carol')],
    });
    assert.deepEqual(
      [tooMany.status, await tooMany.reader.text()],
      [400, '{"error":"too many addresses: 3 > max 2"}'],
    );
  });
});

void describe('Streaming API v2: keepalives', () => {
  let gw: StreamingGateway;

  before(async () => {
    gw = await startStreamingGateway({ streaming: { keepaliveMs: 150, anonymousConnections: 10 } });
  });

  after(async () => {
    await gw.close();
  });

  void it('SSE sends `: keepalive`; a WebSocket that answers no ping is closed', async () => {
    const sse = await openSse(gw.base, { types: ['transactions'], addresses: [ALICE] });
    assert.equal(await sse.reader.next(), 'event: connected\ndata: {"status":"subscribed"}');
    assert.equal(await sse.reader.next(), ': keepalive');
    assert.equal(await sse.reader.next(), ': keepalive');
    sse.reader.close();
    const answering = await WsClient.open(gw.base);
    const silent = await WsClient.open(gw.base, {}, { autoPong: false });
    assert.equal(await silent.closedWithin(3000), 1001);
    assert.equal(answering.closed, false);
    answering.close();
  });
});

/** The body of a raw HTTP/1.1 response in chunked transfer encoding. */
function dechunk(response: Buffer): string {
  let at = response.indexOf('\r\n\r\n') + 4;
  const parts: Buffer[] = [];
  for (;;) {
    const lineEnd = response.indexOf('\r\n', at);
    const size = lineEnd < 0 ? 0 : parseInt(response.subarray(at, lineEnd).toString(), 16);
    if (!(size > 0)) {
      return Buffer.concat(parts).toString('utf8');
    }
    parts.push(response.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** A finalized trace of Alice whose message body makes it about `kb` KB of JSON. */
function bigTrace(label: string, kb: number) {
  const tx = transaction({ label, account: ALICE, lt: '1000', finality: 'finalized' });
  const body = 'te6c'.padEnd(kb * 1024, 'A');
  const heavy = {
    ...tx,
    in_msg: tx.in_msg && {
      ...tx.in_msg,
      message_content: { hash: hashOf(`body:${label}`), body, decoded: null },
    },
  };
  return traceUpdate({
    norm: hashOf(`norm:${label}`),
    finality: 'finalized',
    transactions: [heavy],
  });
}

void describe('Streaming API v2: a client that does not read', () => {
  let gw: StreamingGateway;
  const QUEUE_BYTES = 256 * 1024;

  before(async () => {
    // A small ring: the log itself must not be what holds the memory.
    gw = await startStreamingGateway({
      maxEntries: 8,
      streaming: { queueMessages: 64, queueBytes: QUEUE_BYTES },
    });
  });

  after(async () => {
    await gw.close();
  });

  void it('SSE and WebSocket: told, disconnected, and the gateway stays small', async () => {
    const body = JSON.stringify({ types: ['transactions'], addresses: [ALICE] });
    const raw = connect(gw.port, '127.0.0.1');
    await once(raw, 'connect');
    raw.write(
      `POST /api/streaming/v2/sse HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${String(Buffer.byteLength(body))}\r\n\r\n${body}`,
    );
    // Never read: the kernel buffers fill, then the gateway's queue.
    raw.pause();
    const ws = await WsClient.open(gw.base);
    ws.send({ operation: 'subscribe', types: ['transactions'], addresses: [ALICE] });
    assert.equal(await ws.next(), '{"status":"subscribed"}');
    ws.socket.pause();
    await eventually(
      async () => /^tonapi_stream_connections\{transport="sse"\} 1$/m.test(await gw.metrics()),
      3000,
      'the SSE connection',
    );
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let pushed = 0;
    const disconnected = async (): Promise<boolean> => {
      const metrics = await gw.metrics();
      return (
        /^tonapi_stream_slow_consumer_disconnects_total\{transport="sse"\} 1$/m.test(metrics) &&
        /^tonapi_stream_slow_consumer_disconnects_total\{transport="ws"\} 1$/m.test(metrics)
      );
    };
    // Up to 140 MB of notifications for each client; both must be cut long before.
    for (let i = 0; i < 1500 && !(await disconnected()); i++) {
      await gw.append(Subjects.stream.trace, bigTrace(`slow:${String(i)}`, 96));
      pushed += 1;
    }
    assert.ok(await disconnected(), `still connected after ${String(pushed)} entries`);
    const grownMb = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
    assert.ok(grownMb < 120, `RSS grew by ${grownMb.toFixed(0)} MB`);
    process.stdout.write(
      `# slow consumers cut after ${String(pushed)} entries, RSS +${grownMb.toFixed(0)} MB\n`,
    );
    assert.ok(pushed < 200, `${String(pushed)} entries before the cut`);
    // Reading again, each client finds the reason as its last frame.
    const received: Buffer[] = [];
    raw.on('data', (chunk: Buffer) => received.push(chunk));
    raw.resume();
    ws.socket.resume();
    await once(raw, 'close');
    const frames = dechunk(Buffer.concat(received)).trimEnd().split('\n\n');
    assert.equal(
      frames.pop(),
      'event: error\ndata: {"error":"slow consumer: more than 64 messages or 262144 bytes waiting to be read"}',
    );
    await ws.closedWithin(5000).catch(() => 0);
    const messages: string[] = [];
    for (;;) {
      const message = await ws.next(100).catch(() => undefined);
      if (message === undefined) {
        break;
      }
      messages.push(message);
    }
    assert.equal(
      messages.pop(),
      '{"error":"slow consumer: more than 64 messages or 262144 bytes waiting to be read"}',
    );
    assert.match(await gw.metrics(), /^tonapi_stream_connections\{transport="sse"\} 0$/m);
    assert.match(
      await gw.metrics(),
      /^tonapi_stream_notifications_dropped_total\{type="transactions"\} [1-9]\d*$/m,
    );
  });
});
