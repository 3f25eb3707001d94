import 'reflect-metadata';
import {
  appEnv,
  cliInteger,
  type CliOption,
  type CliSpec,
  CliUsageError,
  loadConfig,
  parseCommandLine,
  runCli,
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
import {
  LiteserverPool,
  LiteserverPoolMetrics,
  resolveLiteservers,
  trustMetricsObserver,
} from '@app/liteclient';
import { connectNats, drainThenClose, natsServers } from '@app/nats';
import { createLogger } from '@app/observability';
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

const MAX_SEQNO = 2 ** 32 - 1;

/** `npm run ingest -- …`: its flags, their help and its usage (libs/config command-line). */
export const INGEST_CLI = {
  name: 'ingest',
  command: 'npm run ingest --',
  summary:
    'Backfills a masterchain range into PostgreSQL beside the live follower (resumable; progress on stderr).',
  synopsis: ['--from SEQNO --to SEQNO [--workers N] [--window N]', '--reset --yes'],
  options: {
    from: { type: 'string', value: 'SEQNO', help: 'first masterchain seqno (required)' },
    to: { type: 'string', value: 'SEQNO', help: 'last masterchain seqno (required)' },
    workers: {
      type: 'string',
      value: 'N',
      help: 'ranges worked on at the same time, 1..64 (default 2)',
    },
    window: {
      type: 'string',
      value: 'N',
      help: 'masterchain blocks each worker loads ahead, 1..64 (default 4)',
    },
    reset: {
      type: 'boolean',
      help: 'empty every indexed table and the recorded chain (API keys stay), for another chain',
    },
    yes: { type: 'boolean', help: 'confirm --reset' },
  },
  environment: [
    'DATABASE_URL        PostgreSQL to write to (required)',
    'TON_NETWORK         local, mainnet or testnet (default local), or',
    'LITESERVERS_CONFIG  a global config file or URL',
    'NATS_URL            publish block-indexed events (optional)',
    'LOG_LEVEL           pino log level (default info)',
  ],
} as const satisfies CliSpec<Record<string, CliOption>>;

function seqnoArg(name: 'from' | 'to', value: string | undefined): number {
  if (value === undefined) {
    throw new CliUsageError(`--${name} is required`);
  }
  return cliInteger(name, value, 1, MAX_SEQNO, 0);
}

/** `npm run ingest -- --from A --to B [--workers N]`: backfill a masterchain range beside the follower. */
async function main(argv: readonly string[]): Promise<undefined> {
  const { values } = parseCommandLine(INGEST_CLI, argv);
  if (values.reset === true) {
    await reset(values.yes === true);
    return undefined;
  }
  const from = seqnoArg('from', values.from);
  const to = seqnoArg('to', values.to);
  if (to < from) {
    throw new CliUsageError(`--to (${to}) is below --from (${from})`);
  }
  const workers = cliInteger('workers', values.workers, 1, 64, 2);
  const window = cliInteger('window', values.window, 1, 64, 4);
  installNativeSha256();
  installFastBitOps();
  const config = loadConfig(z.object(appEnv.ingestCli));
  if (config.DATABASE_URL === undefined) {
    throw new CliUsageError('DATABASE_URL is not set');
  }
  const logger = createLogger({ app: 'ingest-backfill', level: config.LOG_LEVEL });
  const dataSource = await createDataSource({
    url: config.DATABASE_URL,
    applicationName: 'ingest-backfill',
    poolSize: workers + 2,
  }).initialize();
  const { endpoints, trust } = await resolveLiteservers(config, (fields, message) => {
    logger.info(fields, message);
  });
  const pool = new LiteserverPool(
    endpoints,
    {
      timeoutMs: config.LITESERVER_TIMEOUT_MS,
      attempts: 3,
      probeIntervalMs: 2000,
      ...trust,
    },
    // A CLI serves no /metrics: what matters is that a refused answer and its liteserver are logged.
    trustMetricsObserver(new LiteserverPoolMetrics(new Registry()), {
      warn: (message) => {
        logger.warn(message);
      },
      error: (message) => {
        logger.error(message);
      },
    }),
  );
  await pool.start();
  const nats =
    config.NATS_URL === undefined
      ? undefined
      : await connectNats({ servers: natsServers(config.NATS_URL), name: 'ingest-backfill' });
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
    // The last block.indexed events are flushed before the tool exits.
    if (nats !== undefined) {
      await drainThenClose(nats);
    }
    await dataSource.destroy();
  }
  return undefined;
}

/**
 * `npm run ingest -- --reset --yes`: empties every indexed table and the recorded chain identity in
 * one transaction, for an index that must follow another chain (the ingestor refuses to mix them).
 * API keys and plans stay. Stop the ingestors first.
 */
async function reset(confirmed: boolean): Promise<void> {
  if (!confirmed) {
    throw new CliUsageError('--reset deletes the whole index; add --yes to confirm');
  }
  const config = loadConfig(z.object(appEnv.ingestCli));
  if (config.DATABASE_URL === undefined) {
    throw new CliUsageError('DATABASE_URL is not set');
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

runCli(INGEST_CLI, main);
