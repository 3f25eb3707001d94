/**
 * Streaming API v2 replay: a resume older than the retained log (replay_truncated), and a resume
 * replayed from JetStream on the mesh gateway.
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
import { createMeshGateway } from '../../../apps/gateway/src/gateway-app';
import { DEFAULT_STREAMING } from '../../../apps/gateway/src/streaming/streaming.options';
import {
  accountStateChange,
  addressOf,
} from '../../../apps/gateway/src/streaming/derivation/stream-payloads.testing';
import { openSse, type StreamingGateway, startStreamingGateway } from './streaming.support';

const ALICE = addressOf('alice');

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
