import 'reflect-metadata';
import { resolve } from 'node:path';
import { appEnv, loadConfig } from '@app/config';
import { createDataSource, runPendingMigrations, startEmbeddedPostgres } from '@app/database';
import { createLogger, runMain } from '@app/observability';
import { installFastBitOps, installNativeSha256, type LiteserverEndpoint } from '@app/ton';
import { z } from 'zod';
import {
  firstHead,
  LiteserverPoolService,
  type LiteserverTrust,
  liteserverTrust,
  resolveLiteservers,
} from '@app/liteclient';
import { type Localnet, startAdminServer, startLocalnet } from '@app/localnet';
import {
  edgeAccessOptionsFromConfig,
  localOrigin,
  protectionFromEnv,
  readyMessage,
  serviceUrls,
  streamingFromEnv,
} from '@app/gateway';
import { metadataFetchFromEnv } from '@app/decoder';
import { prepareLocalIndex } from './local-index';
import { createStandaloneApp } from './standalone-app';

/**
 * `npm start`: every app in one process on embedded defaults — the in-process transport unless
 * NATS_URL is set, an embedded PostgreSQL unless DATABASE_URL is set, the local network unless
 * TON_NETWORK or LITESERVERS_CONFIG say otherwise (docs/architecture.md). The local network keeps its
 * chain in .data/localnet and resumes it; `--fresh` (LOCALNET_FRESH=1) starts a new chain and clears
 * the index.
 */
async function bootstrap(): Promise<void> {
  installNativeSha256();
  installFastBitOps();
  const config = loadConfig(z.object(appEnv.standalone));
  const logger = createLogger({ app: 'standalone', level: config.LOG_LEVEL });
  const stops: (() => Promise<void>)[] = [];

  let databaseUrl = config.DATABASE_URL;
  if (databaseUrl === undefined) {
    const embedded = await startEmbeddedPostgres({ dataDir: resolve('.data/postgres') });
    stops.push(() => embedded.stop());
    databaseUrl = embedded.url;
    logger.info({ dataDir: embedded.dataDir, port: embedded.port }, 'embedded PostgreSQL started');
  }
  // One process, one instance: migrations run at start here (the mesh runs them as a Job).
  const dataSource = await createDataSource({ url: databaseUrl }).initialize();
  const applied = await runPendingMigrations(dataSource);
  logger.info({ applied }, 'migrations applied');
  const fresh = process.argv.includes('--fresh') || config.LOCALNET_FRESH === '1';

  let localnet: Localnet | undefined;
  let endpoints: LiteserverEndpoint[];
  let trust: LiteserverTrust;
  const trustSettings = {
    verify: config.LITESERVER_VERIFY === 'true',
    // The newest proven key block is kept next to the chain and the index, for the next start.
    trustDir: resolve(config.LITESERVER_TRUST_DIR ?? '.data/trust'),
    log: (fields: Record<string, unknown>, message: string) => {
      logger.info(fields, message);
    },
  };
  if (config.LITESERVERS_CONFIG === undefined && config.TON_NETWORK === 'local') {
    const configOut = resolve(config.LOCALNET_CONFIG_OUT);
    const accountsOut = resolve(config.LOCALNET_ACCOUNTS_OUT);
    localnet = await startLocalnet({
      seed: config.LOCALNET_SEED,
      liteservers: config.LOCALNET_LITESERVERS,
      signatures: config.LOCALNET_SIGNATURES,
      shards: config.LOCALNET_SHARDS === 2 ? 2 : 1,
      blockIntervalMs: config.LOCALNET_BLOCK_INTERVAL,
      stateHistory: config.LOCALNET_STATE_HISTORY,
      ...(config.LOCALNET_BLOCK_HISTORY === undefined
        ? {}
        : { blockHistory: config.LOCALNET_BLOCK_HISTORY }),
      configOut,
      accountsOut,
      // The chain resumes across restarts; --fresh starts a new one (and clears the index below).
      dataDir: resolve('.data/localnet'),
      fresh,
      logger,
    });
    const started = localnet;
    stops.unshift(() => started.stop());
    endpoints = started.liteservers.map((ls) => ls.endpoint);
    // The same validator section the written config carries: `npm start` runs verified.
    trust = liteserverTrust(started.globalConfig, trustSettings);
    if (config.LOCALNET_ADMIN_PORT !== undefined) {
      const admin = await startAdminServer(started, config.LOCALNET_ADMIN_PORT);
      stops.unshift(() => admin.close());
      logger.info(
        { admin: `http://127.0.0.1:${String(admin.port)}`, liteservers: endpoints.length },
        'local network admin API listening (loopback only)',
      );
    }
    logger.info(
      { config: configOut, accounts: accountsOut, seed: config.LOCALNET_SEED },
      `local network started; wrote ${configOut} and ${accountsOut}`,
    );
    await prepareLocalIndex(
      dataSource,
      {
        zeroStateRootHash: started.chain.zeroState().id.rootHash.toString('base64'),
        fresh,
        embedded: config.DATABASE_URL === undefined,
      },
      logger,
    );
  } else {
    ({ endpoints, trust } = await resolveLiteservers(
      { ...config, LITESERVER_TRUST_DIR: trustSettings.trustDir },
      trustSettings.log,
    ));
  }
  await dataSource.destroy();

  const app = await createStandaloneApp({
    natsUrl: config.NATS_URL,
    natsRequestTimeoutMs: config.NATS_REQUEST_TIMEOUT_MS,
    replyCheckCpuPercent: config.REPLY_CHECK_CPU_PERCENT,
    endpoints,
    liteserverTimeoutMs: config.LITESERVER_TIMEOUT_MS,
    trust,
    network: config.TON_NETWORK,
    databaseUrl,
    databaseRead: {
      urls: config.DATABASE_READ_URLS,
      maxLagBytes: config.DATABASE_READ_MAX_LAG_BYTES,
    },
    ingest: {
      follow: config.INGEST_FOLLOW === 'on',
      // The embedded local chain is indexed from its first block; a public network from the head.
      startSeqno: config.INGEST_START_SEQNO ?? (localnet === undefined ? undefined : 1),
      window: config.INGEST_WINDOW,
      parseThreads: config.INGEST_PARSE_THREADS,
      readyLag: config.INGEST_READY_LAG,
    },
    sender: {
      fanout: config.SEND_FANOUT,
      dedupeTtlMs: config.SEND_DEDUPE_TTL_SECONDS * 1000,
      landingTimeoutMs: config.SEND_LANDING_TIMEOUT_SECONDS * 1000,
    },
    metadata: metadataFetchFromEnv(config),
    logger,
    shutdownHooks: false,
    // Keys are checked in whichever database this process uses, the embedded one included, once a
    // key exists (`npm run keys`); the limits hold in memory without REDIS_URL.
    edge: edgeAccessOptionsFromConfig({ ...config, DATABASE_URL: databaseUrl }),
    protection: protectionFromEnv(config),
    stream: {
      retentionMs: config.STREAM_RETENTION_SECONDS * 1000,
      maxBytes: config.STREAM_MAX_BYTES,
    },
    streaming: streamingFromEnv(config),
    renderCacheBytes: config.QUERY_RENDER_CACHE_MB * 1024 * 1024,
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  const head = await firstHead(app.get(LiteserverPoolService, { strict: false }), (reason) => {
    logger.info(
      { reason: String(reason) },
      'waiting for the first head the liteservers can answer',
    );
  });
  const origin = localOrigin(config.HOST, config.PORT);
  logger.info(
    {
      urls: serviceUrls(origin),
      transport: config.NATS_URL === undefined ? 'in-process' : 'nats',
      head: head.value.last.seqno,
    },
    readyMessage(origin),
  );

  const shutdown = (): void => {
    logger.info('shutting down');
    void (async () => {
      await app.close();
      for (const stop of stops) {
        await stop();
      }
      process.exit(0);
    })();
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

runMain('standalone', bootstrap);
