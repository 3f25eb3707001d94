import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BlockIndexedEvent, ChainEventsStream, Subjects } from '@app/contracts';
import { createDataSource, type DataSource, findFreePort } from '@app/database';
import { streamNameFor } from '@app/nats';
import { createTestDatabase, type TestDatabase, waitFor } from '@app/testing';
import {
  type Consumer,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type StreamInfo,
} from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { type Localnet } from '@app/localnet';
import { WalletTraffic } from '../integration/support/ingest-traffic';
import { AppProcess } from './support/app-process';
import {
  ChainDriver,
  CursorWatch,
  SERVICES_MAY_RESTART,
  startFaultLocalnet,
} from './support/chain-driver';
import { FaultLedger } from './support/fault-ledger';
import { PrivateNatsCluster } from './support/nats-cluster';

const ledger = new FaultLedger(
  __filename,
  'one of three JetStream servers killed under ingest, decode and streaming load (NATS_STREAM_REPLICAS=3)',
);
const T = {
  events: 'block.indexed events lost or duplicated across the node loss',
  streamLost: 'Streaming API account-state entries lost across the node loss',
  streamDuplicated: 'Streaming API entries stored twice across the node loss',
  window: 'Streaming API entries gone from the replay window after the node loss',
} as const;
ledger.plan(T.events, 'events', 0);
ledger.plan(T.streamLost, 'entries', 0);
ledger.plan(T.streamDuplicated, 'entries', 0);
ledger.plan(T.window, 'entries', 0);

const STREAM_LOG = streamNameFor('');

/**
 * Every message of a stream from its first, in order: subject, Nats-Msg-Id and JSON body. The ordered
 * consumer is a one-replica consumer the cluster places on one of the stream's peers; placed on the
 * dead one, its creation times out, so it is asked for again (counted in `retries`).
 */
async function readStream(
  nc: NatsConnection,
  stream: string,
  retries: { count: number },
): Promise<{ subject: string; msgId: string | undefined; body: unknown }[]> {
  let consumer: Consumer | undefined;
  for (let attempt = 0; consumer === undefined; attempt += 1) {
    try {
      consumer = await jetstream(nc).consumers.get(stream, { deliver_policy: DeliverPolicy.All });
    } catch (error: unknown) {
      if (attempt >= 10 || !(error instanceof Error) || error.name !== 'TimeoutError') {
        throw error;
      }
      retries.count += 1;
    }
  }
  const out: { subject: string; msgId: string | undefined; body: unknown }[] = [];
  const messages = await consumer.fetch({ max_messages: 1_000_000, expires: 5000 });
  for await (const m of messages) {
    out.push({ subject: m.subject, msgId: m.headers?.get('Nats-Msg-Id'), body: m.json() });
    if (m.info.pending === 0) {
      break;
    }
  }
  return out;
}

/**
 * A JetStream cluster of three local nats-server 2.9 processes, the ingestor, the decoder and the
 * query service (its Streaming API publisher) as processes on it with NATS_STREAM_REPLICAS=3, wallet
 * traffic on a two-shard localnet the whole time. The server leading the Streaming API log is
 * SIGKILLed mid-load and stays down. The apps carry on through the other two; at the end every
 * masterchain block has exactly one block.indexed event, every account state a block produced is in
 * the Streaming API log at both finalities, no entry is stored twice, and the log still starts at its
 * first entry (the replay window kept on the two survivors).
 */
void describe('NATS cluster: one of three servers lost under load', () => {
  let dir: string;
  let localnet: Localnet;
  let database: TestDatabase;
  let db: DataSource;
  let cluster: PrivateNatsCluster;
  let apps: AppProcess[] = [];
  let driver: ChainDriver | undefined;
  let killed: string | undefined;
  /** The `stream` cursor when the server was killed. */
  let streamedAtKill = 0;

  const cursors = new CursorWatch(() => db);
  const cursor = (name: string): Promise<number> => cursors.get(name);

  const streamInfo = async (name: string): Promise<StreamInfo> => {
    const nc = await connect({ servers: cluster.runningUrls() });
    try {
      return await (await jetstreamManager(nc)).streams.info(name);
    } finally {
      await nc.close();
    }
  };

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'faults-nats-cluster-'));
    const started = await startFaultLocalnet(dir);
    localnet = started.localnet;
    const { configPath } = started;
    database = await createTestDatabase({ prefix: 'faults_nats' });
    db = await createDataSource({ url: database.url, poolSize: 2 }).initialize();
    cluster = await PrivateNatsCluster.start(join(dir, 'nats'));
    const env = {
      NATS_URL: cluster.url,
      NATS_STREAM_REPLICAS: '3',
      DATABASE_URL: database.url,
      TON_NETWORK: 'local',
      LITESERVERS_CONFIG: configPath,
      LOG_LEVEL: 'warn',
    };
    apps = [
      new AppProcess(
        'ingestor',
        { ...env, INGEST_START_SEQNO: '1', INGEST_WINDOW: '4' },
        await findFreePort(),
      ),
      new AppProcess('decoder', env, await findFreePort()),
      new AppProcess('query', env, await findFreePort()),
    ];
    await Promise.all(apps.map((app) => app.start()));
    driver = new ChainDriver(await WalletTraffic.fund(localnet, 4, 'nats-cluster'));
    await cursors.reaches('stream', 3, 'first streamed blocks');
  });

  after(async () => {
    await driver?.stop();
    for (const app of apps) {
      await app.stop();
    }
    await db.destroy();
    await cluster.stop();
    await database.drop();
    await localnet.stop();
    await rm(dir, { recursive: true, force: true });
    ledger.finish(apps);
  });

  void it('creates the event stream and the Streaming API log on all three servers', async () => {
    for (const name of [ChainEventsStream.name, STREAM_LOG]) {
      const info = await streamInfo(name);
      assert.equal(info.config.num_replicas, 3, name);
      assert.equal(info.cluster?.replicas?.length, 2, `${name}: a leader and two followers`);
    }
  });

  void it('keeps ingesting, decoding and streaming through the other two when its leader is killed', async () => {
    const leader = (await streamInfo(STREAM_LOG)).cluster?.leader;
    assert.ok(leader !== undefined);
    const [events, streamed] = [await cursor('masterchain.events'), await cursor('stream')];
    killed = leader;
    streamedAtKill = streamed;
    await cluster.kill(leader);
    ledger.note(
      `killed ${leader}, the leader of ${STREAM_LOG}, at stream cursor ${String(streamed)}`,
    );
    await waitFor(
      async () => {
        const info = await streamInfo(STREAM_LOG);
        return info.cluster?.leader !== undefined && info.cluster.leader !== leader;
      },
      'a new leader of the log',
      30_000,
      SERVICES_MAY_RESTART,
    );
    await cursors.reaches('stream', streamed + 5, 'five more blocks streamed after the loss');
    // The event publisher may be ahead of the stream when the leader goes; it moves on too.
    await cursors.reaches('masterchain.events', events + 1, 'more blocks published after the loss');
  });

  void it('ends with one event per block, every account state streamed once, and the window whole', async () => {
    assert.ok(killed !== undefined, 'a server was killed');
    await driver?.stop();
    driver = undefined;
    const head = localnet.chain.head().id.seqno;
    for (const name of ['masterchain', 'masterchain.events', 'decoder', 'stream']) {
      await cursors.reaches(name, head, `${name} at ${String(head)}`);
    }
    const nc = await connect({ servers: cluster.runningUrls() });
    const retries = { count: 0 };
    try {
      const events = (await readStream(nc, ChainEventsStream.name, retries))
        .filter((m) => m.subject === Subjects.evt.blockIndexed)
        .map((m) => BlockIndexedEvent.parse(m.body).mc_seqno);
      const seen = new Set(events);
      const lostEvents = Array.from({ length: head }, (_, i) => i + 1).filter((s) => !seen.has(s));
      const eventsLostOrDuplicated = (): string =>
        `lost ${JSON.stringify(lostEvents)}, ${String(events.length - seen.size)} duplicated`;
      const eventsResult = ledger.measure(
        T.events,
        lostEvents.length + events.length - seen.size,
        eventsLostOrDuplicated,
      );
      assert.ok(eventsResult.met, eventsLostOrDuplicated());

      const info = await streamInfo(STREAM_LOG);
      const entries = await readStream(nc, STREAM_LOG, retries);
      const ids = entries.map((e) => e.msgId ?? '');
      const windowState = (): string =>
        `first_seq ${String(info.state.first_seq)}, ${String(info.state.messages)} counted, ${String(entries.length)} read`;
      const windowResult = ledger.measure(
        T.window,
        // The log starts at its first entry and every entry it counts is readable.
        (info.state.first_seq === 1 ? 0 : info.state.first_seq - 1) +
          Math.abs(info.state.messages - entries.length),
        windowState,
      );
      const duplicated = ids.length - new Set(ids).size;
      const duplicatedResult = ledger.measure(
        T.streamDuplicated,
        duplicated,
        () => `${String(duplicated)} duplicated`,
      );
      // Every account a block changed: its newest state in that block, at both finalities, from the
      // first block the publisher streamed (its first run starts at the decoder's watermark of that
      // moment: the log is for live events) to the head.
      const rows = await db.query<{ mc: number; account: string; lt: string }[]>(
        `SELECT DISTINCT ON (mc_block_seqno, account) mc_block_seqno AS mc, account, lt::text AS lt
         FROM transactions WHERE mc_block_seqno <= $1 ORDER BY mc_block_seqno, account, lt DESC`,
        [head],
      );
      const present = new Set(ids);
      const idsOf = (r: { account: string; lt: string }) =>
        ['confirmed', 'finalized'].map((f) => `state:${r.account}:${r.lt}:${f}`);
      const start = Math.min(
        ...rows.filter((r) => idsOf(r).some((id) => present.has(id))).map((r) => r.mc),
      );
      ledger.check(
        start <= streamedAtKill,
        () =>
          `the log starts at block ${String(start)}, after the kill at ${String(streamedAtKill)}`,
      );
      const expected = rows.filter((r) => r.mc >= start).flatMap(idsOf);
      const lost = expected.filter((id) => !present.has(id));
      const lostResult = ledger.measure(
        T.streamLost,
        lost.length,
        () => `lost ${JSON.stringify(lost.slice(0, 10))}`,
      );
      ledger.note(
        `blocks ${String(start)}..${String(head)} streamed, ${String(entries.length)} log entries, ${String(expected.length)} account states expected; ${killed} down since the kill; ${String(retries.count)} ordered-consumer creations timed out and were asked again`,
      );
      assert.ok(expected.length > 0);
      assert.ok(windowResult.met, windowState());
      assert.ok(duplicatedResult.met, `${String(duplicated)} duplicated`);
      assert.ok(lostResult.met, `lost ${JSON.stringify(lost.slice(0, 10))}`);
    } finally {
      await nc.close();
    }
  });
});
