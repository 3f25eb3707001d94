/**
 * The Streaming API v2 wire protocol: SSE and WebSocket frames in toncenter's JSON, refusals in its
 * wording, resume by event id (from an in-memory log, past its retained history, and from JetStream on
 * the mesh gateway), and the OpenAPI document.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Subjects } from '@app/contracts';
import { STREAM_LOG, type StreamLog, streamNameFor } from '@app/nats';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect as connectNats } from '@nats-io/transport-node';
import { createLogger } from '@app/observability';
import { natsUrl } from '@app/testing';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createMeshGateway } from '../src/gateway-app';
import { DEFAULT_STREAMING } from '../src/streaming/streaming.options';
import {
  accountStateChange,
  addressOf,
  jettonsChange,
  traceInvalidated,
} from '../src/streaming/derivation/stream-payloads.testing';
import {
  openSse,
  type StreamingGateway,
  startStreamingGateway,
  WsClient,
} from './streaming.support';
import { ALICE, BOB, transfer } from './streaming-traces.support';

void describe('Streaming API v2 on the gateway (in-memory log)', () => {
  let gw: StreamingGateway;

  before(async () => {
    gw = await startStreamingGateway({ streaming: { anonymousConnections: 10 } });
  });

  after(async () => {
    await gw.close();
  });

  void it('SSE: the connected frame, then id/event/data frames with toncenter JSON', async () => {
    const sse = await openSse(gw.base, {
      id: 's1',
      types: ['transactions', 'actions'],
      addresses: [ALICE],
      min_finality: 'pending',
    });
    assert.equal(sse.status, 200);
    assert.equal(sse.headers['content-type'], 'text/event-stream');
    assert.equal(sse.headers['cache-control'], 'no-cache');
    assert.equal(
      await sse.reader.next(),
      'event: connected\ndata: {"id":"s1","status":"subscribed"}',
    );
    const { tx, norm, ton, update } = transfer('sse-basic', 'pending');
    const seq = await gw.append(Subjects.stream.trace, update);
    assert.equal(
      await sse.reader.next(),
      `id: ${String(seq)}:0\nevent: event\ndata: ${JSON.stringify({
        type: 'transactions',
        finality: 'pending',
        trace_external_hash_norm: norm,
        transactions: [tx],
      })}`,
    );
    assert.equal(
      await sse.reader.next(),
      `id: ${String(seq)}:1\nevent: event\ndata: ${JSON.stringify({
        type: 'actions',
        finality: 'pending',
        trace_external_hash_norm: norm,
        actions: [ton.action],
      })}`,
    );
    // An account nobody here subscribed to: nothing.
    await gw.append(
      Subjects.stream.accountState,
      accountStateChange({ account: BOB, finality: 'finalized', balance: '5' }),
    );
    const invalidated = await gw.append(Subjects.stream.traceInvalidated, traceInvalidated(norm));
    assert.equal(
      await sse.reader.next(),
      `id: ${String(invalidated)}:0\nevent: event\ndata: {"type":"trace_invalidated","trace_external_hash_norm":"${norm}"}`,
    );
    sse.reader.close();
  });

  void it('WebSocket: ping, subscribe, notifications with event_id, unsubscribe', async () => {
    const ws = await WsClient.open(gw.base);
    ws.send({ operation: 'ping', id: '1' });
    assert.equal(await ws.next(), '{"id":"1","status":"pong"}');
    ws.send({
      operation: 'subscribe',
      id: '2',
      types: ['account_state_change'],
      addresses: [ALICE],
      min_finality: 'confirmed',
    });
    assert.equal(await ws.next(), '{"id":"2","status":"subscribed"}');
    const change = accountStateChange({ account: ALICE, finality: 'confirmed', balance: '42' });
    const seq = await gw.append(Subjects.stream.accountState, change);
    assert.equal(
      await ws.next(),
      JSON.stringify({
        type: 'account_state_change',
        finality: 'confirmed',
        account: ALICE,
        state: change.state,
        event_id: `${String(seq)}:0`,
      }),
    );
    ws.send({ operation: 'unsubscribe', addresses: [ALICE] });
    assert.equal(await ws.next(), '{"status":"unsubscribed"}');
    ws.send({ operation: 'bogus', id: '3' });
    assert.equal(await ws.next(), '{"id":"3","error":"unknown operation: bogus"}');
    ws.close();
  });

  void it('answers a plain GET on /ws with 426 and a GET on /sse with 405', async () => {
    const ws = await fetch(`${gw.base}/api/streaming/v2/ws`);
    assert.deepEqual([ws.status, await ws.text()], [426, 'Upgrade Required']);
    const sse = await fetch(`${gw.base}/api/streaming/v2/sse`);
    assert.deepEqual([sse.status, await sse.text()], [405, 'Method Not Allowed']);
  });

  void it('refuses a bad subscription with toncenter texts', async () => {
    const cases: [unknown, Record<string, string>, string][] = [
      [{ types: [] }, {}, '{"error":"types are required for subscription"}'],
      [
        { id: 'x', types: ['transactions'] },
        {},
        '{"id":"x","error":"addresses are required for subscription"}',
      ],
      [{ types: ['transactions'], addresses: ['nope'] }, {}, '{"error":"invalid address: nope"}'],
      [
        'types=transactions',
        { 'content-type': 'text/plain' },
        '{"error":"invalid subscription request: Unprocessable Entity"}',
      ],
      [
        { types: ['transactions'], addresses: [ALICE], min_finality: 'soon' },
        {},
        '{"error":"invalid subscription request: unknown finality state: soon"}',
      ],
    ];
    for (const [body, headers, expected] of cases) {
      const answer = await openSse(gw.base, body, headers);
      assert.deepEqual([answer.status, await answer.reader.text()], [400, expected]);
    }
  });

  void it('SSE resume with Last-Event-ID: every missed notification exactly once, then live', async () => {
    const body = { types: ['account_state_change'], addresses: [ALICE], min_finality: 'confirmed' };
    const change = (balance: number) =>
      accountStateChange({ account: ALICE, finality: 'confirmed', balance: String(balance) });
    const first = await openSse(gw.base, body);
    await first.reader.next();
    const seqs = [await gw.append(Subjects.stream.accountState, change(1))];
    seqs.push(await gw.append(Subjects.stream.accountState, change(2)));
    assert.match(await first.reader.next(), new RegExp(`^id: ${String(seqs[0])}:0\n`));
    assert.match(await first.reader.next(), new RegExp(`^id: ${String(seqs[1])}:0\n`));
    first.reader.close();
    // While away: three events for Alice, one for Bob.
    for (const balance of [3, 4, 5]) {
      seqs.push(await gw.append(Subjects.stream.accountState, change(balance)));
    }
    await gw.append(
      Subjects.stream.accountState,
      accountStateChange({ account: BOB, finality: 'confirmed', balance: '9' }),
    );
    const resumed = await openSse(gw.base, body, { 'last-event-id': `${String(seqs[1])}:0` });
    assert.equal(resumed.status, 200);
    // Live traffic races the replay: the hand-off must neither drop nor repeat.
    const live = [6, 7, 8, 9, 10].map((balance) =>
      gw.append(Subjects.stream.accountState, change(balance)),
    );
    seqs.push(...(await Promise.all(live)));
    assert.equal(await resumed.reader.next(), 'event: connected\ndata: {"status":"subscribed"}');
    const got: string[] = [];
    for (let i = 0; i < 8; i++) {
      got.push((await resumed.reader.next()).split('\n')[0] ?? '');
    }
    assert.deepEqual(
      got,
      seqs.slice(2).map((seq) => `id: ${String(seq)}:0`),
    );
    assert.deepEqual(resumed.reader.pending(), []);
    const last = await gw.append(Subjects.stream.accountState, change(11));
    assert.equal(
      await resumed.reader.next(),
      `id: ${String(last)}:0\nevent: event\ndata: ${JSON.stringify({
        type: 'account_state_change',
        finality: 'confirmed',
        account: ALICE,
        state: change(11).state,
      })}`,
    );
    resumed.reader.close();
  });

  void it('resume in the middle of an entry skips what was seen; an earlier open trace is still invalidated', async () => {
    const body = {
      types: ['transactions', 'actions'],
      addresses: [ALICE],
      min_finality: 'pending',
    };
    const sse = await openSse(gw.base, body);
    await sse.reader.next();
    const pending = transfer('resume-open', 'pending');
    const opened = await gw.append(Subjects.stream.trace, pending.update);
    assert.match(await sse.reader.next(), new RegExp(`^id: ${String(opened)}:0\n`));
    assert.match(await sse.reader.next(), new RegExp(`^id: ${String(opened)}:1\n`));
    const later = await gw.append(Subjects.stream.trace, transfer('resume-mid', 'pending').update);
    assert.match(await sse.reader.next(), new RegExp(`^id: ${String(later)}:0\n`));
    sse.reader.close();
    const invalidated = await gw.append(
      Subjects.stream.traceInvalidated,
      traceInvalidated(pending.norm),
    );
    // Seen: `later`'s transactions event; owed: its actions event, and the invalidation of the
    // trace opened before the resume point (found again by the look-back).
    const resumed = await openSse(gw.base, body, { 'last-event-id': `${String(later)}:0` });
    await resumed.reader.next();
    assert.match(
      await resumed.reader.next(),
      new RegExp(`^id: ${String(later)}:1\nevent: event\ndata: \\{"type":"actions"`),
    );
    assert.equal(
      await resumed.reader.next(),
      `id: ${String(invalidated)}:0\nevent: event\ndata: {"type":"trace_invalidated","trace_external_hash_norm":"${pending.norm}"}`,
    );
    resumed.reader.close();
  });

  void it('WebSocket resume with `since` in the first subscribe', async () => {
    const subscribe = { operation: 'subscribe', types: ['jettons_change'], addresses: [BOB] };
    const ws = await WsClient.open(gw.base);
    ws.send({ ...subscribe, id: 'a' });
    assert.equal(await ws.next(), '{"id":"a","status":"subscribed"}');
    const change = (balance: string) =>
      jettonsChange({
        wallet: addressOf('wallet'),
        owner: BOB,
        master: addressOf('master'),
        finality: 'finalized',
        balance,
      });
    const seen = await gw.append(Subjects.stream.jettons, change('1'));
    assert.match(await ws.next(), new RegExp(`"event_id":"${String(seen)}:0"}$`));
    ws.close();
    const missed = await gw.append(Subjects.stream.jettons, change('2'));
    const again = await WsClient.open(gw.base);
    again.send({ ...subscribe, id: 'b', since: `${String(seen)}:0` });
    assert.equal(await again.next(), '{"id":"b","status":"subscribed"}');
    assert.equal(
      await again.next(),
      JSON.stringify({
        type: 'jettons_change',
        finality: 'finalized',
        jetton: change('2').jetton,
        event_id: `${String(missed)}:0`,
      }),
    );
    again.send({ ...subscribe, id: 'c', since: `${String(seen)}:0` });
    assert.equal(
      await again.next(),
      '{"id":"c","error":"since is accepted in the first subscribe only"}',
    );
    again.close();
  });

  void it('serves a valid OpenAPI 3.1 document of both endpoints', async () => {
    const response = await fetch(`${gw.base}/api/streaming/v2/openapi.json`);
    assert.equal(response.status, 200);
    const document = (await response.json()) as { paths: Record<string, object> };
    const result = await new Validator().validate(document);
    assert.deepEqual(result.errors, undefined);
    assert.deepEqual(Object.keys(document.paths), [
      '/api/streaming/v2/sse',
      '/api/streaming/v2/ws',
    ]);
  });
});

void describe('Streaming API v2: history older than the log', () => {
  let gw: StreamingGateway;

  before(async () => {
    gw = await startStreamingGateway({ maxEntries: 4 });
  });

  after(async () => {
    await gw.close();
  });

  void it('says replay_truncated with the first available id, then sends what is retained', async () => {
    const body = { types: ['account_state_change'], addresses: [ALICE], min_finality: 'confirmed' };
    const change = (balance: number) =>
      accountStateChange({ account: ALICE, finality: 'confirmed', balance: String(balance) });
    const seqs: number[] = [];
    for (let balance = 0; balance < 10; balance++) {
      seqs.push(await gw.append(Subjects.stream.accountState, change(balance)));
    }
    const sse = await openSse(gw.base, body, { 'last-event-id': `${String(seqs[0])}:0` });
    assert.equal(await sse.reader.next(), 'event: connected\ndata: {"status":"subscribed"}');
    const first = seqs[6] ?? 0;
    assert.equal(
      await sse.reader.next(),
      `event: event\ndata: {"type":"replay_truncated","first_available":"${String(first)}:0"}`,
    );
    for (const seq of seqs.slice(6)) {
      assert.match(await sse.reader.next(), new RegExp(`^id: ${String(seq)}:0\n`));
    }
    sse.reader.close();
    assert.match(
      await gw.metrics(),
      /^tonapi_stream_replay_requests_total\{outcome="truncated"\} 1$/m,
    );
  });
});

void describe('Streaming API v2 over JetStream (the mesh gateway)', () => {
  let app: NestFastifyApplication;
  let base: string;
  let log: StreamLog;
  const subjectPrefix = `test-${randomUUID()}`;

  before(async () => {
    app = await createMeshGateway({
      natsUrl: natsUrl(),
      subjectPrefix,
      requestTimeoutMs: 2000,
      logger: createLogger({ app: 'test', level: 'silent' }),
      stream: { retentionMs: 60_000 },
      streaming: { ...DEFAULT_STREAMING, anonymousConnections: 10 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = await app.getUrl();
    log = app.get<StreamLog>(STREAM_LOG, { strict: false });
  });

  after(async () => {
    await app.close();
    const nc = await connectNats({ servers: natsUrl() });
    await (
      await jetstreamManager(nc)
    ).streams
      .delete(streamNameFor(subjectPrefix))
      .catch(() => false);
    await nc.close();
  });

  void it('live events carry the JetStream sequence; a resume replays from the stream', async () => {
    const body = { types: ['account_state_change'], addresses: [ALICE], min_finality: 'confirmed' };
    const change = (balance: number) =>
      accountStateChange({ account: ALICE, finality: 'confirmed', balance: String(balance) });
    const sse = await openSse(base, body);
    await sse.reader.next();
    const first = await log.append(Subjects.stream.accountState, change(1), randomUUID());
    assert.match(await sse.reader.next(), new RegExp(`^id: ${String(first)}:0\n`));
    sse.reader.close();
    const missed = [
      await log.append(Subjects.stream.accountState, change(2), randomUUID()),
      await log.append(Subjects.stream.accountState, change(3), randomUUID()),
    ];
    const resumed = await openSse(base, body, { 'last-event-id': `${String(first)}:0` });
    await resumed.reader.next();
    for (const seq of missed) {
      assert.match(await resumed.reader.next(), new RegExp(`^id: ${String(seq)}:0\n`));
    }
    const live = await log.append(Subjects.stream.accountState, change(4), randomUUID());
    assert.match(await resumed.reader.next(), new RegExp(`^id: ${String(live)}:0\n`));
    assert.deepEqual(resumed.reader.pending(), []);
    resumed.reader.close();
  });
});
