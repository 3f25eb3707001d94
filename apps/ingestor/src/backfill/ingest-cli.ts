import 'reflect-metadata';
import { parseArgs } from 'node:util';
import {
  databaseEnv,
  ingestEnv,
  loadConfig,
  loggingEnv,
  natsEnv,
  tonNetworkEnv,
} from '@app/config';
import {
  ChainBlockWriter,
  ChainIdentityRepository,
  createDataSource,
  INDEXED_TABLES,
  resetIndex,
  IndexerCursorRepository,
  IngestProgressRepository,
} from '@app/database';
import { LiteserverPool, resolveLiteserverEndpoints } from '@app/liteclient';
import { connectNats } from '@app/nats';
import { createLogger, runMain } from '@app/observability';
import { installFastBitOps, installNativeSha256 } from '@app/ton';
import { Registry } from 'prom-client';
import { z } from 'zod';
import { NO_EVENTS } from '../events/block-indexed.publisher';
import { JetStreamBlockIndexedPublisher } from '../events/jetstream-block-indexed.publisher';
import { BatchCommitter } from '../follow/batch-committer';
import { IngestMetrics } from '../metrics/ingest.metrics';
import { BlockSource } from '../source/block-source';
import { createBlockDecoder } from '../source/decode/block-decoder.pool';
import { McBatchLoader } from '../source/mc-batch.loader';
import { BackfillRunner } from './backfill.runner';
import { ProgressReporter } from './progress-reporter';

const USAGE =
  'usage: npm run ingest -- --from SEQNO --to SEQNO [--workers N] [--window N]\n' +
  '       npm run ingest -- --reset --yes   (empties the index and its recorded chain)\n' +
  '  env: DATABASE_URL (required), TON_NETWORK or LITESERVERS_CONFIG, NATS_URL (events, optional)';

function seqnoArg(name: string, value: string | undefined): number {
  const n = Number(value);
  if (value === undefined || !Number.isSafeInteger(n) || n < 1 || n > 2 ** 32 - 1) {
    throw new Error(`--${name} must be a masterchain seqno (1..4294967295)\n${USAGE}`);
  }
  return n;
}

function countArg(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) {
    return fallback;
  }
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1 || n > 64) {
    throw new Error(`--${name} must be an integer 1..64\n${USAGE}`);
  }
  return n;
}

/** `npm run ingest -- --from A --to B [--workers N]`: backfill a masterchain range beside the follower. */
async function main(): Promise<void> {
  installNativeSha256();
  installFastBitOps();
  const { values } = parseArgs({
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      workers: { type: 'string' },
      window: { type: 'string' },
      reset: { type: 'boolean' },
      yes: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.reset === true) {
    await reset(values.yes === true);
    return;
  }
  const from = seqnoArg('from', values.from);
  const to = seqnoArg('to', values.to);
  const workers = countArg('workers', values.workers, 2);
  const window = countArg('window', values.window, 4);
  const config = loadConfig(
    z.object({
      ...databaseEnv,
      ...natsEnv,
      ...tonNetworkEnv,
      ...loggingEnv,
      INGEST_PARSE_THREADS: ingestEnv.INGEST_PARSE_THREADS,
    }),
  );
  if (config.DATABASE_URL === undefined) {
    throw new Error(`DATABASE_URL is required\n${USAGE}`);
  }
  const logger = createLogger({ app: 'ingest-backfill', level: config.LOG_LEVEL });
  const dataSource = await createDataSource({
    url: config.DATABASE_URL,
    applicationName: 'ingest-backfill',
    poolSize: workers + 2,
  }).initialize();
  const pool = new LiteserverPool(await resolveLiteserverEndpoints(config), {
    timeoutMs: config.LITESERVER_TIMEOUT_MS,
    attempts: 3,
    probeIntervalMs: 2000,
  });
  await pool.start();
  const nats =
    config.NATS_URL === undefined
      ? undefined
      : await connectNats({ servers: config.NATS_URL.split(','), name: 'ingest-backfill' });
  const controller = new AbortController();
  process.once('SIGINT', () => {
    controller.abort();
  });
  process.once('SIGTERM', () => {
    controller.abort();
  });
  const progress = new IngestProgressRepository(dataSource);
  const decoder = createBlockDecoder(config.INGEST_PARSE_THREADS);
  const source = new BlockSource(pool, decoder);
  const committer = new BatchCommitter(
    new ChainBlockWriter(dataSource),
    progress,
    new IndexerCursorRepository(dataSource),
    new IngestMetrics(new Registry()),
    logger,
  );
  // Blocks of another chain than the index holds are refused before the first one is fetched.
  await committer.verifyChain(await source.headSeqno());
  const runner = new BackfillRunner(
    new McBatchLoader(source, { signal: controller.signal }),
    committer,
    progress,
    nats === undefined ? NO_EVENTS : new JetStreamBlockIndexedPublisher(nats),
    logger,
  );
  const reporter = new ProgressReporter(
    () => runner.snapshot(),
    process.stderr,
    (line) => {
      logger.info(line);
    },
  );
  reporter.start();
  try {
    const result = await runner.run({ from, to, workers, window }, controller.signal);
    reporter.stop();
    logger.info(
      { ...result },
      controller.signal.aborted ? 'backfill interrupted' : 'backfill done',
    );
  } finally {
    pool.close();
    await decoder.close();
    await nats?.close();
    await dataSource.destroy();
  }
}

/**
 * `npm run ingest -- --reset --yes`: empties every indexed table and the recorded chain identity in
 * one transaction, for an index that must follow another chain (the ingestor refuses to mix them).
 * API keys and plans stay. Stop the ingestors first.
 */
async function reset(confirmed: boolean): Promise<void> {
  if (!confirmed) {
    throw new Error(`--reset deletes the whole index; add --yes to confirm\n${USAGE}`);
  }
  const config = loadConfig(z.object({ ...databaseEnv, ...loggingEnv }));
  if (config.DATABASE_URL === undefined) {
    throw new Error(`DATABASE_URL is required\n${USAGE}`);
  }
  const logger = createLogger({ app: 'ingest-reset', level: config.LOG_LEVEL });
  const dataSource = await createDataSource({
    url: config.DATABASE_URL,
    applicationName: 'ingest-reset',
    poolSize: 1,
  }).initialize();
  try {
    const previous = await new ChainIdentityRepository(dataSource).get();
    await resetIndex(dataSource);
    logger.info(
      { previousZeroState: previous?.zeroStateRootHash ?? null, tables: INDEXED_TABLES.length },
      'index reset: every indexed table is empty; the next ingestor run records the chain it follows',
    );
  } finally {
    await dataSource.destroy();
  }
}

runMain('ingest-backfill', main);
