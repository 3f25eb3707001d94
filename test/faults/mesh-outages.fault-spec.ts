import assert from 'node:assert/strict';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { connect } from '@nats-io/transport-node';
import {
  createDataSource,
  type DataSource,
  type EmbeddedPostgres,
  findFreePort,
  runPendingMigrations,
  startEmbeddedPostgres,
} from '@app/database';
import { AdnlLiteEngine } from '@app/liteclient';
import { LiteClient } from 'ton-lite-client';
import { GenesisAccount, type Localnet } from '@app/localnet';
import { assertIndexedExactly } from '../integration/support/chain-verifier';
import { WalletTraffic } from '../integration/support/ingest-traffic';
import { PrivateNats } from '../integration/support/private-services';
import { DECODED_TABLES, INGESTED_TABLES } from '../integration/support/chain-tables';
import { AppProcess } from './support/app-process';
import { waitFor } from '@app/testing';
import {
  ChainDriver,
  CursorWatch,
  sleep,
  SERVICES_MAY_RESTART,
  startFaultLocalnet,
} from './support/chain-driver';
import { FaultLedger } from './support/fault-ledger';
import {
  meshRequests,
  planMeshTargets,
  RecoveryJudge,
  runFault,
  streamedSeqnos,
} from './support/mesh-faults';
import { describeFailures, describeSamples, durationOf, failures } from './support/load-loop';
import { inFlightAt, notFailingFast, sentDuring, slowest } from './support/outage';
import { buildReferenceIndex } from './support/reference-index';
import { RemoteLoad } from './support/remote-load';
import { describeDiffs, diffTables, differingRows } from './support/table-diff';

/** The gateway's deadline of a v3 request (V3_REQUEST_TIMEOUT_MS's default, ton-indexer's 3 s). */
const V3_DEADLINE_MS = 3000;
const OUTAGE_MS = 3000;
/** How long the load runs after a dependency is back before recovery is judged. */
const OBSERVE_MS = 7000;
const RECOVERY_TARGET_S = 5;

const ledger = new FaultLedger(
  __filename,
  'NATS, PostgreSQL and app processes fail during load and ingestion (mesh)',
);
const T = planMeshTargets(ledger, RECOVERY_TARGET_S);

/**
 * Faults in mesh mode: "NATS restarts during load and during ingestion: requests fail fast
 * with 503 while it is down, recover within 5 s after; the ingestor and decoder lose and duplicate
 * nothing. PostgreSQL restarts during ingestion: nothing lost or duplicated; v3 answers 503 while it
 * is down, never hangs. An app process is killed (SIGKILL) mid-request and mid-batch: the others carry
 * on; on restart it resumes exactly."
 *
 * A private nats-server and a private PostgreSQL (the machine's shared ones are never touched); every
 * app (gateway, liteserver, query, ingestor, decoder) as its own process on that NATS; wallet traffic
 * on a two-shard localnet (in this process) the whole time; the clients in a worker thread, so the
 * localnet's sealing does not slow the latencies they measure. At the end the database must hold
 * exactly what a fault-free run indexes from the same chain.
 */
void describe('mesh under NATS, PostgreSQL and process faults', () => {
  let dir: string;
  let localnet: Localnet;
  let pg: EmbeddedPostgres;
  let nats: PrivateNats;
  let ingestor: AppProcess;
  let decoder: AppProcess;
  let query: AppProcess;
  let liteserver: AppProcess;
  let gateway: AppProcess;
  let driver: ChainDriver | undefined;
  let db: DataSource;
  let load: RemoteLoad;
  let recovery: RecoveryJudge;

  const cursors = new CursorWatch(() => db);
  const cursor = (name: string): Promise<number> => cursors.get(name);

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'faults-mesh-'));
    // mkdtemp makes 0700; as root the embedded server runs as the OS user postgres, which must enter it.
    await chmod(dir, 0o755);
    const started = await startFaultLocalnet(dir);
    localnet = started.localnet;
    const { configPath } = started;
    pg = await startEmbeddedPostgres({ dataDir: join(dir, 'pg'), database: 'faults' });
    const migrator = await createDataSource({ url: pg.url, poolSize: 1 }).initialize();
    await runPendingMigrations(migrator);
    await migrator.destroy();
    db = await createDataSource({ url: pg.url, poolSize: 2 }).initialize();
    nats = new PrivateNats(await findFreePort(), join(dir, 'nats'));
    await nats.start();

    const env = {
      NATS_URL: nats.url,
      DATABASE_URL: pg.url,
      TON_NETWORK: 'local',
      LITESERVERS_CONFIG: configPath,
      LOG_LEVEL: 'warn',
    };
    ingestor = new AppProcess(
      'ingestor',
      { ...env, INGEST_START_SEQNO: '1', INGEST_WINDOW: '4' },
      await findFreePort(),
    );
    decoder = new AppProcess('decoder', env, await findFreePort());
    query = new AppProcess('query', env, await findFreePort());
    liteserver = new AppProcess('liteserver', env, await findFreePort());
    const httpPort = await findFreePort();
    // The gateway serves /healthz on its HTTP port. The load generator is one anonymous client far
    // above the 1 request a second the gateway allows one by default (limits hold without Redis too).
    gateway = new AppProcess(
      'gateway',
      {
        NATS_URL: nats.url,
        PORT: String(httpPort),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_ANONYMOUS_RPS: '1000000',
      },
      httpPort,
    );
    const apps = [ingestor, decoder, query, liteserver, gateway];
    await Promise.all(apps.map((app) => app.start()));

    const traffic = await WalletTraffic.fund(localnet, 6, 'faults');
    driver = new ChainDriver(traffic);
    await cursors.reaches('decoder', 3, 'first decoded blocks');

    const wallet = localnet.accounts.find((a) => a.name === GenesisAccount.walletV4r2)?.address;
    assert.ok(wallet);
    const requests = meshRequests(`http://127.0.0.1:${String(httpPort)}`, wallet.toRawString());
    // The genesis wallet's transactions are indexed: the v3 reads have something to answer.
    await waitFor(
      async () => {
        const body: unknown = await (await fetch(requests[3]?.url ?? '')).json();
        return typeof body === 'object' && body !== null && 'transactions' in body
          ? Array.isArray(body.transactions) && body.transactions.length > 0
          : false;
      },
      'the genesis wallet indexed',
      60_000,
      SERVICES_MAY_RESTART,
    );
    load = RemoteLoad.start({ requests, concurrency: 4, requestTimeoutMs: 15_000 });
    recovery = new RecoveryJudge(ledger, load, OBSERVE_MS, RECOVERY_TARGET_S);
    await load.warm(12, 60_000);
  });

  after(async () => {
    await load.stop();
    await driver?.stop();
    for (const app of [gateway, liteserver, query, decoder, ingestor]) {
      await app.stop();
    }
    await db.destroy();
    await nats.stop();
    await pg.stop();
    await localnet.stop();
    await rm(dir, { recursive: true, force: true });
    ledger.finish([gateway, liteserver, query, decoder, ingestor]);
  });

  void it('NATS down during load and ingestion: every request fails fast with 503; all recover within 5 s', async () => {
    const { begun, down, back } = await runFault(
      () => nats.stop(),
      () => nats.start(),
      OUTAGE_MS,
    );
    const all = await load.samples();
    const during = sentDuring(all, down);
    // A getMasterchainInfo the gateway keeps rendered (fresh for HEAD_FRESH_MS, 100 ms) is answered
    // 200 without NATS: a fast answer, as good as a fast 503.
    const slow = notFailingFast(during, [503, 200]);
    // Requests on the wire when NATS went away are not left to their deadline either.
    const held = notFailingFast(inFlightAt(all, begun)).filter((s) => s.status !== 200);
    ledger.note(
      `NATS down ${String(Math.round(down.to - down.from))} ms: ${String(during.length)} requests, ${slowest(during)}; back after ${String(Math.round(back - down.to))} ms`,
    );
    const measured = ledger.measure(T.natsDown, slow.length + held.length, () =>
      describeSamples([...slow, ...held]),
    );
    ledger.check(
      during.length >= 8,
      () => `only ${String(during.length)} requests during the NATS outage`,
    );
    assert.ok(measured.met, describeSamples([...slow, ...held]));
    await recovery.judge(begun, back, T.natsRecovery);
  });

  void it('PostgreSQL down during ingestion: v3 fails fast with 503, v2 carries on, v3 recovers', async () => {
    const { begun, down, back } = await runFault(
      () => pg.stop(),
      async () => {
        pg = await startEmbeddedPostgres({
          dataDir: pg.dataDir,
          port: pg.port,
          database: 'faults',
        });
      },
      OUTAGE_MS,
    );
    const during = sentDuring(await load.samples(), down);
    const v3 = during.filter((s) => s.label.startsWith('v3'));
    const v2 = during.filter((s) => s.label.startsWith('v2'));
    ledger.note(
      `PostgreSQL down ${String(Math.round(down.to - down.from))} ms: ${String(v3.length)} v3 requests (${slowest(v3)}), ${String(v2.length)} v2 requests; back after ${String(Math.round(back - down.to))} ms`,
    );
    const slow = notFailingFast(v3);
    const v3Result = ledger.measure(T.pgDown, slow.length, () => describeSamples(slow));
    const v2Result = ledger.measure(T.pgV2, failures(v2).length, () => describeFailures(v2));
    ledger.check(
      v3.length >= 4 && v2.length >= 4,
      () => `too few requests during the PostgreSQL outage: ${describeSamples(during)}`,
    );
    assert.ok(v3Result.met, describeSamples(slow));
    assert.ok(v2Result.met, describeFailures(v2));
    await recovery.judge(begun, back, T.pgRecovery, (s) => s.label.startsWith('v3'));
  });

  void it('the query app SIGKILLed mid-request: 503 at once, 504 for what it held, back on restart', async () => {
    const { begun, down, back } = await runFault(
      () => query.kill(),
      () => query.start(),
      // The clients whose v3 requests the killed process held wait for their 504 first.
      V3_DEADLINE_MS + OUTAGE_MS,
    );
    const all = await load.samples();
    const v3During = sentDuring(all, down).filter((s) => s.label.startsWith('v3'));
    const slow = notFailingFast(v3During);
    ledger.note(
      `query app killed ${String(Math.round(down.to - down.from))} ms: ${String(v3During.length)} v3 requests (${slowest(v3During)}); restarted and healthy after ${String(Math.round(back - down.to))} ms`,
    );
    const killedResult = ledger.measure(T.queryKilled, slow.length, () => describeSamples(slow));
    // What the killed process held is answered by the gateway's deadline, as a 504.
    const held = inFlightAt(all, begun).filter((s) => s.label.startsWith('v3'));
    const late = held.filter(
      (s) => s.status !== 200 && (s.status !== 504 || durationOf(s) > V3_DEADLINE_MS + 1000),
    );
    const heldResult = ledger.measure(T.queryInFlight, late.length, () => describeSamples(late));
    const v2During = sentDuring(all, down).filter((s) => s.label.startsWith('v2'));
    ledger.check(
      v3During.length >= 4,
      () => `only ${String(v3During.length)} v3 requests while the query app was killed`,
    );
    assert.ok(killedResult.met, describeSamples(slow));
    assert.ok(heldResult.met, describeSamples(late));
    ledger.check(
      failures(v2During).length === 0,
      () => `v2 must carry on without the query app: ${describeFailures(v2During)}`,
    );
    await recovery.judge(begun, back, T.queryRecovery, (s) => s.label.startsWith('v3'));
  });

  void it('the ingestor and the decoder SIGKILLed mid-batch resume where they were', async () => {
    // Mid-batch: blocks are waiting for each of them when it dies. The decoder goes first, while the
    // ingestor still feeds it: killed the other way round, a fast decoder catches up with the frozen
    // ingestor and there is never a block waiting for it (CI saw that race).
    try {
      await waitFor(
        async () => (await cursor('masterchain')) > (await cursor('decoder')),
        'a block not yet decoded',
        60_000,
        SERVICES_MAY_RESTART,
      );
      await decoder.kill();
      // The decoder may have caught up between the check above and its death (CI saw that too), so
      // the ingestor is killed only once it has moved past what the dead decoder left, and while
      // the chain is still ahead of it.
      await waitFor(
        async () => {
          const ingested = await cursor('masterchain');
          return ingested > (await cursor('decoder')) && localnet.chain.head().id.seqno > ingested;
        },
        'a block not yet decoded and one not yet ingested',
        60_000,
        SERVICES_MAY_RESTART,
      );
      await ingestor.kill();
      await sleep(1000);
      const ingested = await cursor('masterchain');
      const decoded = await cursor('decoder');
      assert.ok(ingested > decoded, `the decoder (${String(decoded)}) had nothing left to do`);
      await Promise.all([ingestor.start(), decoder.start()]);
      await cursors.reaches('masterchain', ingested + 1, 'ingestor resumed', 60_000);
      await cursors.reaches('decoder', decoded + 1, 'decoder resumed', 60_000);
    } finally {
      // Whatever failed above, the last test needs both running to judge the whole chain.
      await Promise.all([ingestor.ensureRunning(), decoder.ensureRunning()]);
    }
  });

  void it('ends with exactly the chain indexed and decoded, one event per block, and no other failure', async () => {
    await driver?.stop();
    driver = undefined;
    const head = localnet.chain.head().id.seqno;
    for (const name of ['masterchain', 'masterchain.events', 'decoder']) {
      await cursors.reaches(name, head, `${name} at ${String(head)}`);
    }
    const samples = await load.stop();
    const unexplained = recovery.outsideWindows(failures(samples));
    ledger.note(
      `load: ${String(samples.length)} requests over the run, ${String(failures(samples).length)} failed inside fault windows`,
    );
    assert.deepEqual(unexplained, [], describeFailures(unexplained));

    // The independent oracle: blocks, transactions and messages exactly as lite_api reports them.
    const engine = new AdnlLiteEngine({ ...localnet.liteservers[0]!.endpoint, reconnectMs: 1000 });
    try {
      await assertIndexedExactly(db, new LiteClient({ engine }), head);
    } finally {
      engine.close();
    }
    // Every table against a fault-free index of the same chain.
    const reference = await buildReferenceIndex(localnet, pg.url, 'reference');
    try {
      const ingestedDiff = await diffTables(db, reference, INGESTED_TABLES);
      const decodedDiff = await diffTables(db, reference, DECODED_TABLES);
      const ingestedResult = ledger.measure(T.ingested, differingRows(ingestedDiff), () =>
        describeDiffs(ingestedDiff),
      );
      const decodedResult = ledger.measure(T.decoded, differingRows(decodedDiff), () =>
        describeDiffs(decodedDiff),
      );
      ledger.note(
        `compared with a fault-free index: ${String(ingestedDiff.reduce((n, d) => n + d.rows, 0))} ingested and ${String(decodedDiff.reduce((n, d) => n + d.rows, 0))} decoded rows`,
      );
      assert.ok(ingestedResult.met, describeDiffs(ingestedDiff));
      assert.ok(decodedResult.met, describeDiffs(decodedDiff));
    } finally {
      await reference.destroy();
    }

    const nc = await connect({ servers: nats.url });
    try {
      const seqnos = await streamedSeqnos(nc);
      const seen = new Set(seqnos);
      const lost = Array.from({ length: head }, (_, i) => i + 1).filter((s) => !seen.has(s));
      const duplicated = seqnos.length - seen.size;
      const lostOrDuplicated = (): string =>
        `lost ${JSON.stringify(lost)}, ${String(duplicated)} duplicated`;
      const result = ledger.measure(T.events, lost.length + duplicated, lostOrDuplicated);
      assert.ok(result.met, lostOrDuplicated());
    } finally {
      await nc.close();
    }
  });
});
