import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, type MasterchainInfoRes, TonApiError } from '@app/contracts';
import {
  BlockQueryRepository,
  createDatabase,
  createDataSource,
  DatabaseModule,
  DataSource,
  PRIMARY_SERVER,
  ReadRouter,
  readReplicaSources,
  ReadScopeInterceptor,
  runPendingMigrations,
} from '@app/database';
import { ObservabilityModule } from '@app/observability';
import { waitFor } from '@app/testing';
import { type ExecutionContext, type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import pino from 'pino';
import { Registry } from 'prom-client';
import { defer, lastValueFrom } from 'rxjs';
import { BlocksController, QueryModule } from '@app/query';
import { startStreamingPair, type StreamingPair } from '../../support/streaming-replica.support';
import { insertMcBlock } from './mc-block-row.support';

/** A masterchain `blocks` row whose hashes are `seqno` repeated. */
async function insertMasterchainBlock(ds: DataSource, seqno: number): Promise<void> {
  const hash = Buffer.alloc(32, seqno).toString('base64');
  await insertMcBlock(ds, seqno, hash, hash);
}

/** The value of a metric's series with `labels`, 0 when it has none yet. */
async function metricValue(
  registry: Registry,
  name: string,
  labels: Record<string, string>,
): Promise<number> {
  const metric = registry.getSingleMetric(name);
  assert.ok(metric !== undefined, `metric ${name} is registered`);
  const { values } = await metric.get();
  const series = values.find((v) =>
    Object.entries(labels).every(([k, l]) => String(v.labels[k]) === l),
  );
  return series?.value ?? 0;
}

/**
 * The query service with DATABASE_READ_URLS naming a real streaming standby (pg_basebackup -R of a
 * private primary): its v3 handlers, called through ReadScopeInterceptor as the RPC server calls
 * them, are answered by the standby (pg_is_in_recovery() in the request's scope, the standby's own
 * state while its replay is paused), writes and code outside a request use the primary, a standby
 * further behind than the bound is skipped, and once the standby stops every read is answered by
 * the primary, the standby is dropped, and taken back when it returns.
 */
void describe('read replicas: v3 reads on a streaming standby, writes and fallback on the primary (real PostgreSQL)', () => {
  let pair: StreamingPair;
  let app: INestApplicationContext;
  let registry: Registry;
  let router: ReadRouter;
  let primary: DataSource;
  let standbyAdmin: DataSource;
  let blocks: BlocksController;
  let interceptor: ReadScopeInterceptor;
  let standbyName: string;
  /** What before() opened, closed by after() in reverse. */
  const opened: (() => Promise<void>)[] = [];

  /** A handler call as the RPC server makes it: through the controller's interceptor. */
  const handle = <T>(handler: () => Promise<T>): Promise<T> =>
    lastValueFrom(
      interceptor.intercept({} as ExecutionContext, { handle: () => defer(handler) }),
    ) as Promise<T>;

  /** The newest masterchain block a request sees; undefined while the server has none yet. */
  const lastSeqno = async (): Promise<number | undefined> => {
    try {
      return (await handle(() => blocks.masterchainInfo())).last.seqno;
    } catch (error) {
      if (error instanceof TonApiError && error.code === ErrorCode.NOT_FOUND) {
        return undefined;
      }
      throw error;
    }
  };

  /** The server and recovery state the queries of one request saw, and its answer. */
  const inRequest = (): Promise<{
    server: string;
    inRecovery: boolean;
    info: MasterchainInfoRes;
  }> =>
    handle(async () => {
      const [row] = await router.dataSource.query<{ r: boolean }[]>(
        'SELECT pg_is_in_recovery() AS r',
      );
      return {
        server: router.currentServer(),
        inRecovery: row?.r === true,
        info: await blocks.masterchainInfo(),
      };
    });

  before(async () => {
    pair = await startStreamingPair();
    opened.push(() => pair.close());
    await createDatabase(pair.primary.url('postgres'), 'ton');
    const migrate = createDataSource({ url: pair.primary.url('ton'), poolSize: 1 });
    await migrate.initialize();
    await runPendingMigrations(migrate);
    await insertMasterchainBlock(migrate, 1);
    await migrate.destroy();
    standbyName = `127.0.0.1:${String(pair.standby.port)}/ton`;
    registry = new Registry();

    @Module({
      imports: [
        ObservabilityModule.forRoot({ app: 'query', registry, logger: pino({ level: 'silent' }) }),
        DatabaseModule.forRoot({
          url: pair.primary.url('ton'),
          applicationName: 'query',
          read: { urls: [pair.standby.url('ton')], maxLagBytes: 1 << 30 },
        }),
        QueryModule.forRoot({ stream: { enabled: false } }),
      ],
    })
    class ReadReplicaQueryModule {}

    app = await NestFactory.createApplicationContext(ReadReplicaQueryModule, { logger: false });
    opened.push(() => app.close());
    router = app.get(ReadRouter);
    primary = app.get(DataSource);
    blocks = app.get(BlocksController);
    interceptor = app.get(ReadScopeInterceptor);
    standbyAdmin = await createDataSource({
      url: pair.standby.url('ton'),
      poolSize: 1,
    }).initialize();
    opened.push(async () => {
      if (standbyAdmin.isInitialized) {
        await standbyAdmin.destroy();
      }
    });
  });

  after(async () => {
    for (const close of opened.reverse()) {
      await close();
    }
  });

  void it('answers v3 reads from the standby, one server per request; the primary outside a request', async () => {
    await waitFor(
      () => router.servingReplicas().includes(standbyName),
      'the standby to serve',
      20_000,
    );
    await waitFor(async () => (await lastSeqno()) === 1, 'block 1 on the standby', 20_000);
    const before = await metricValue(registry, 'tonapi_db_reads_total', { server: standbyName });
    const seen = await inRequest();
    assert.deepEqual(
      { server: seen.server, inRecovery: seen.inRecovery, last: seen.info.last.seqno },
      { server: standbyName, inRecovery: true, last: 1 },
    );
    assert.equal(
      await metricValue(registry, 'tonapi_db_reads_total', { server: standbyName }),
      before + 1,
    );
    // Outside a request (the stream publisher, writes): the primary, through the same DataSource.
    assert.equal(router.currentServer(), PRIMARY_SERVER);
    const [outside] = await router.dataSource.query<{ r: boolean }[]>(
      'SELECT pg_is_in_recovery() AS r',
    );
    assert.equal(outside?.r, false);
    assert.equal(primary, router.primary);
    assert.equal(
      await metricValue(registry, 'tonapi_db_read_replica_up', { replica: standbyName }),
      1,
    );
  });

  void it("answers with the standby's own state while its replay is paused, and skips it beyond the lag bound", async () => {
    await standbyAdmin.query('SELECT pg_wal_replay_pause()');
    await waitFor(
      async () => {
        const [row] = await standbyAdmin.query<{ state: string }[]>(
          'SELECT pg_get_wal_replay_pause_state() AS state',
        );
        return row?.state === 'paused';
      },
      'the standby to pause its replay',
      20_000,
    );
    // A write goes to the primary (the ingestor's DATABASE_URL).
    await insertMasterchainBlock(primary, 2);
    const [onPrimary] = await primary.query<{ n: string }[]>(
      'SELECT max(seqno)::text AS n FROM blocks',
    );
    assert.equal(onPrimary?.n, '2');
    // Within the 1 GiB bound the standby still serves: the page is the standby's, without block 2.
    const seen = await inRequest();
    assert.deepEqual(
      { server: seen.server, last: seen.info.last.seqno },
      { server: standbyName, last: 1 },
    );
    // A router allowing no lag at all skips it once its probe sees the primary ahead.
    const strict = new ReadRouter(
      primary,
      readReplicaSources([pair.standby.url('ton')], { applicationName: 'strict', poolSize: 1 }),
      { maxLagBytes: 0 },
    );
    try {
      await strict.start();
      await waitFor(
        () => (strict.lagBytesOf(standbyName) ?? 0n) > 0n && strict.servingReplicas().length === 0,
        'the strict router to measure the lag and skip the standby',
        20_000,
      );
      const answer = await strict.read(async () => ({
        server: strict.currentServer(),
        last: (await new BlockQueryRepository(strict.dataSource).masterchainEnds()).last?.seqno,
      }));
      assert.deepEqual(answer, { server: PRIMARY_SERVER, last: 2 });
    } finally {
      await strict.stop();
    }
    await standbyAdmin.query('SELECT pg_wal_replay_resume()');
    await waitFor(async () => (await lastSeqno()) === 2, 'the standby to replay block 2', 20_000);
    assert.equal((await inRequest()).server, standbyName);
  });

  /** The standby's probe and read errors together. */
  async function standbyErrors(): Promise<number> {
    const errors = (stage: string) =>
      metricValue(registry, 'tonapi_db_read_replica_errors_total', { replica: standbyName, stage });
    return (await errors('probe')) + (await errors('read'));
  }

  void it('falls back to the primary when the standby stops, drops it, and takes it back when it returns', async () => {
    const errorsBefore = await standbyErrors();
    await standbyAdmin.destroy();
    await pair.standby.stop();
    // Whether the router has noticed yet or the read finds out: the answer is the primary's.
    const first = await inRequest();
    assert.deepEqual(
      { server: first.server, inRecovery: first.inRecovery, last: first.info.last.seqno },
      { server: PRIMARY_SERVER, inRecovery: false, last: 2 },
    );
    await waitFor(() => router.servingReplicas().length === 0, 'the standby to be dropped', 20_000);
    assert.equal(
      await metricValue(registry, 'tonapi_db_read_replica_up', { replica: standbyName }),
      0,
    );
    const errorsAfter = await standbyErrors();
    assert.ok(
      errorsAfter > errorsBefore,
      `errors ${String(errorsBefore)} → ${String(errorsAfter)}`,
    );
    const primaryReads = await metricValue(registry, 'tonapi_db_reads_total', {
      server: PRIMARY_SERVER,
    });
    assert.equal((await inRequest()).server, PRIMARY_SERVER);
    assert.equal(
      await metricValue(registry, 'tonapi_db_reads_total', { server: PRIMARY_SERVER }),
      primaryReads + 1,
    );

    await pair.standby.start();
    await waitFor(
      () => router.servingReplicas().includes(standbyName),
      'the restarted standby to serve again',
      20_000,
    );
    const back = await inRequest();
    assert.deepEqual(
      { server: back.server, inRecovery: back.inRecovery, last: back.info.last.seqno },
      { server: standbyName, inRecovery: true, last: 2 },
    );
  });
});
