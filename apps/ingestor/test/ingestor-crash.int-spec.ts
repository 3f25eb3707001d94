import assert from 'node:assert/strict';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ChainEventsStream } from '@app/contracts';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  createDataSource,
  type DataSource,
  type EmbeddedPostgres,
  findFreePort,
  IndexerCursorRepository,
  runPendingMigrations,
  startEmbeddedPostgres,
} from '@app/database';
import { LiteClient, LiteRoundRobinEngine } from 'ton-lite-client';
import { type Localnet, startLocalnet } from '@app/localnet';
import { engineFor } from '../../../test/integration/support/localnet-harness';
import { assertIndexedExactly } from '../../../test/integration/support/chain-verifier';
import { WalletTraffic } from '../../../test/integration/support/ingest-traffic';
import { IngestorProcess, PrivateNats } from '../../../test/integration/support/private-services';
import { waitFor, type WaitForOptions } from '@app/testing';

/** The checks read the database, which this test restarts: an error there means "not yet". */
const DATABASE_MAY_RESTART: WaitForOptions = { errorsMeanNotYet: true, intervalMs: 150 };

/** Every `block.indexed` event in the stream, as masterchain seqnos in stream order. */
async function streamedSeqnos(nc: NatsConnection): Promise<number[]> {
  const consumer = await jetstream(nc).consumers.get(ChainEventsStream.name);
  const seqnos: number[] = [];
  const messages = await consumer.fetch({ max_messages: 100_000, expires: 2000 });
  for await (const m of messages) {
    seqnos.push(m.json<{ mc_seqno: number }>().mc_seqno);
    if (m.info.pending === 0) {
      break;
    }
  }
  return seqnos;
}

void describe('ingestor process: SIGKILL, PostgreSQL restart and NATS restart lose and duplicate nothing', () => {
  let dir: string;
  let localnet: Localnet;
  let pg: EmbeddedPostgres;
  let nats: PrivateNats;
  let ingestor: IngestorProcess;
  let client: LiteClient;
  let opsPort: number;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ingest-crash-'));
    // mkdtemp makes 0700; as root the embedded server runs as the OS user postgres, which must enter it.
    await chmod(dir, 0o755);
    localnet = await startLocalnet({
      seed: 'genesis',
      shards: 2,
      mode: 'manual',
      startTime: 1_760_000_000,
      configOut: join(dir, 'localnet.config.json'),
    });
    pg = await startEmbeddedPostgres({ dataDir: join(dir, 'pg'), database: 'ingest' });
    const ds = await createDataSource({ url: pg.url, poolSize: 1 }).initialize();
    await runPendingMigrations(ds);
    await ds.destroy();
    nats = new PrivateNats(await findFreePort(), join(dir, 'nats'));
    await nats.start();
    ingestor = new IngestorProcess({
      NATS_URL: nats.url,
      DATABASE_URL: pg.url,
      TON_NETWORK: 'local',
      LITESERVERS_CONFIG: join(dir, 'localnet.config.json'),
      INGEST_START_SEQNO: '1',
      INGEST_WINDOW: '4',
      METRICS_PORT: String((opsPort = await findFreePort())),
      LOG_LEVEL: 'warn',
    });
    client = new LiteClient({
      engine: new LiteRoundRobinEngine([await engineFor(localnet.liteservers[0]!)]),
    });
  });

  after(async () => {
    await ingestor.stop();
    // The child's own words, when something went wrong (LOG_LEVEL=warn keeps this short).
    const tail = ingestor.output.join('').slice(-4000);
    if (tail.length > 0) {
      console.error(`ingestor output (tail):\n${tail}`);
    }
    client.engine.close();
    await nats.stop();
    await pg.stop();
    await localnet.stop();
    await rm(dir, { recursive: true, force: true });
  });

  void it('ends with exactly the chain in PostgreSQL and exactly one event per masterchain block', async () => {
    const db: DataSource = createDataSource({ url: pg.url, poolSize: 2 });
    const cursor = async (name: string): Promise<number> => {
      if (!db.isInitialized) {
        await db.initialize();
      }
      return (await new IndexerCursorRepository(db).get(name)) ?? 0;
    };
    const traffic = await WalletTraffic.fund(localnet, 10, 'crash');
    ingestor.start();
    await traffic.round();
    await waitFor(
      async () => (await cursor('masterchain')) >= 3,
      'first blocks',
      60_000,
      DATABASE_MAY_RESTART,
    );

    // 1. SIGKILL in the middle of ingestion, with traffic still coming.
    const rounds = traffic.round();
    await ingestor.kill();
    await rounds;
    const beforeRestart = await cursor('masterchain');
    ingestor.start();
    await traffic.round();
    // The restarted process is up (it resumed from its cursor) before the next fault.
    await waitFor(
      async () => (await cursor('masterchain')) > beforeRestart,
      'resume',
      60_000,
      DATABASE_MAY_RESTART,
    );

    // 2. PostgreSQL goes away and comes back on the same data directory and port.
    await db.destroy();
    await pg.stop();
    await traffic.round();
    await new Promise((r) => setTimeout(r, 1000));
    pg = await startEmbeddedPostgres({ dataDir: pg.dataDir, port: pg.port, database: 'ingest' });
    await traffic.round();

    // 3. NATS goes away and comes back (JetStream store kept).
    await nats.stop();
    await traffic.round();
    await new Promise((r) => setTimeout(r, 1000));
    await nats.start();
    await traffic.round();

    const head = localnet.chain.head().id.seqno;
    await waitFor(
      async () => (await cursor('masterchain')) >= head,
      'catch-up',
      120_000,
      DATABASE_MAY_RESTART,
    );
    await waitFor(
      async () => (await cursor('masterchain.events')) >= head,
      'events',
      60_000,
      DATABASE_MAY_RESTART,
    );

    // Caught up: ready, and the metrics say where the chain and the database are.
    const ready = await fetch(`http://127.0.0.1:${String(opsPort)}/readyz`);
    assert.equal(ready.status, 200);
    const metrics = await (await fetch(`http://127.0.0.1:${String(opsPort)}/metrics`)).text();
    assert.match(metrics, new RegExp(`^tonapi_ingest_indexed_seqno ${String(head)}$`, 'm'));
    assert.match(metrics, /^tonapi_ingest_lag_blocks 0$/m);
    assert.match(metrics, /^tonapi_ingest_leader 1$/m);

    const counts = await assertIndexedExactly(db, client, head);
    assert.ok(counts.transactions >= 10 * 7, `only ${String(counts.transactions)} transactions`);
    await db.destroy();

    const nc = await connect({ servers: nats.url });
    try {
      const seqnos = await streamedSeqnos(nc);
      const expected = Array.from({ length: head }, (_, i) => i + 1);
      assert.deepEqual(
        [...seqnos].sort((a, b) => a - b),
        expected,
      );
    } finally {
      await nc.close();
    }
  });
});
