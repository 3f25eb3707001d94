/**
 * Streaming API v2 connection management: the limits on callers without a key (connections,
 * addresses, a resume replacing the oldest) and keepalives on idle connections.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Subjects } from '@app/contracts';
import {
  accountStateChange,
  addressOf,
} from '../../../apps/gateway/src/streaming/derivation/stream-payloads.testing';
import {
  eventually,
  openSse,
  type StreamingGateway,
  startStreamingGateway,
  WsClient,
} from './streaming.support';

const ALICE = addressOf('alice');
const BOB = addressOf('bob');

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
