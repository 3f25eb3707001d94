import { hostname } from 'node:os';
import {
  ChainBlockWriter,
  DataSource,
  HistoryPartitions,
  IndexerCursorRepository,
  IngestLeaderLease,
  IngestProgressRepository,
} from '@app/database';
import { LiteserverPool, LiteserverPoolMetrics, trustMetricsObserver } from '@app/liteclient';
import { NATS_CONNECTION, PIPELINE_SIGNALS, type PipelineSignals } from '@app/nats';
import { componentLoggerProvider } from '@app/observability';
import { type Provider } from '@nestjs/common';
import { type NatsConnection } from '@nats-io/transport-node';
import { type Logger } from 'pino';
import { Registry } from 'prom-client';
import { NO_EVENTS } from './events/block-indexed.publisher';
import { EventOutbox } from './events/event-outbox';
import { JetStreamBlockIndexedPublisher } from './events/jetstream-block-indexed.publisher';
import { BatchCommitter } from './follow/batch-committer';
import { ChainFollower } from './follow/chain-follower';
import { followerCursorName, INGESTOR_OPTIONS, type IngestorOptions } from './ingestor.options';
import { IngestMetrics } from './metrics/ingest.metrics';
import { BlockSource } from './source/block-source';
import { type BlockDecoder } from './source/decode/block-decoder';
import { createBlockDecoder } from './source/decode/block-decoder.pool';
import { McBatchLoader } from './source/mc-batch.loader';

/** The ingestor's logger (component `ingestor`). */
export const INGESTOR_LOGGER = Symbol('INGESTOR_LOGGER');
/** The ingestor's own liteserver pool: ingestion load never competes with API reads. */
export const INGESTOR_POOL = Symbol('INGESTOR_POOL');
/** Decodes fetched blocks, on worker threads or on the event loop (INGEST_PARSE_THREADS). */
export const INGEST_BLOCK_DECODER = Symbol('INGEST_BLOCK_DECODER');

/** How often the leader renews its lease; the lease lasts three renewals. */
const LEASE_RENEW_MS = 5000;

/**
 * How long a caught-up head read waits for the next block at the liteserver: at most 2 s (a few
 * blocks, so a stalled chain is still noticed and the lease renewed), and a third of the pool's
 * deadline so that the plain head read after an unanswered wait fits in it even on a slow host.
 */
function headWaitMs(liteserverTimeoutMs: number): number {
  return Math.max(50, Math.min(2000, Math.floor(liteserverTimeoutMs / 3)));
}

/**
 * The live follower's parts (given only when following), each built from the options and the
 * process's shared providers; the IngestorService starts and stops them. Constructing them starts
 * nothing but the parse threads.
 */
export const INGESTOR_FOLLOW_PROVIDERS: Provider[] = [
  componentLoggerProvider(INGESTOR_LOGGER, 'ingestor'),
  {
    provide: INGESTOR_POOL,
    inject: [INGESTOR_OPTIONS, Registry],
    useFactory: (options: IngestorOptions, registry: Registry): LiteserverPool =>
      new LiteserverPool(
        options.endpoints,
        {
          timeoutMs: options.liteserverTimeoutMs,
          attempts: 3,
          probeIntervalMs: 1000,
          ...options.trust,
        },
        // What the ingestor refuses as unproven is counted with the rest
        // (tonapi_liteserver_unverified_total).
        trustMetricsObserver(new LiteserverPoolMetrics(registry)),
      ),
  },
  {
    provide: INGEST_BLOCK_DECODER,
    inject: [INGESTOR_OPTIONS],
    useFactory: (options: IngestorOptions): BlockDecoder =>
      createBlockDecoder(options.parseThreads ?? 0),
  },
  {
    provide: IngestMetrics,
    inject: [Registry],
    useFactory: (registry: Registry) => new IngestMetrics(registry),
  },
  {
    provide: BlockSource,
    inject: [INGESTOR_POOL, INGEST_BLOCK_DECODER],
    useFactory: (pool: LiteserverPool, decoder: BlockDecoder) => new BlockSource(pool, decoder),
  },
  {
    provide: McBatchLoader,
    inject: [BlockSource, INGESTOR_LOGGER],
    useFactory: (source: BlockSource, logger: Logger) =>
      new McBatchLoader(source, {
        onError: (error) => {
          logger.warn({ err: String(error) }, 'liteserver read failed; retrying');
        },
      }),
  },
  {
    provide: BatchCommitter,
    inject: [DataSource, IndexerCursorRepository, IngestMetrics, INGESTOR_LOGGER],
    useFactory: (
      dataSource: DataSource,
      cursors: IndexerCursorRepository,
      metrics: IngestMetrics,
      logger: Logger,
    ) =>
      new BatchCommitter(
        new ChainBlockWriter(
          dataSource,
          new HistoryPartitions(dataSource, {
            onCreated: (partition) => {
              metrics.partitionsCreated.inc({ table: partition.table });
              logger.info(
                {
                  partition: partition.name,
                  from: partition.from.toString(),
                  to: partition.to.toString(),
                },
                'history partition created',
              );
            },
            onHeadroom: (lt) => {
              metrics.partitionHeadroomLt.set(Number(lt));
            },
          }),
        ),
        new IngestProgressRepository(dataSource),
        cursors,
        metrics,
        logger,
      ),
  },
  {
    provide: IngestLeaderLease,
    inject: [INGESTOR_OPTIONS, DataSource],
    useFactory: (options: IngestorOptions, dataSource: DataSource) =>
      new IngestLeaderLease(
        dataSource,
        followerCursorName(options),
        `${hostname()}:${String(process.pid)}`,
        LEASE_RENEW_MS * 3,
      ),
  },
  {
    provide: EventOutbox,
    inject: [
      INGESTOR_OPTIONS,
      DataSource,
      IndexerCursorRepository,
      INGESTOR_LOGGER,
      { token: NATS_CONNECTION, optional: true },
    ],
    useFactory: (
      options: IngestorOptions,
      dataSource: DataSource,
      cursors: IndexerCursorRepository,
      logger: Logger,
      // Events go to JetStream with NATS; without it the decoder follows PostgreSQL alone.
      nats: NatsConnection | undefined,
    ) =>
      new EventOutbox(
        dataSource,
        cursors,
        nats === undefined ? NO_EVENTS : new JetStreamBlockIndexedPublisher(nats),
        followerCursorName(options),
        `${followerCursorName(options)}.events`,
        logger,
      ),
  },
  {
    provide: ChainFollower,
    inject: [
      INGESTOR_OPTIONS,
      BlockSource,
      McBatchLoader,
      BatchCommitter,
      IndexerCursorRepository,
      IngestLeaderLease,
      EventOutbox,
      IngestMetrics,
      INGESTOR_LOGGER,
      { token: PIPELINE_SIGNALS, optional: true },
    ],
    useFactory: (
      options: IngestorOptions,
      source: BlockSource,
      loader: McBatchLoader,
      committer: BatchCommitter,
      cursors: IndexerCursorRepository,
      lease: IngestLeaderLease,
      outbox: EventOutbox,
      metrics: IngestMetrics,
      logger: Logger,
      // The single process: each commit wakes the decoder in this process at once.
      signals: PipelineSignals | undefined,
    ) =>
      new ChainFollower(source, loader, committer, cursors, lease, outbox, metrics, logger, {
        cursorName: followerCursorName(options),
        ...(options.startSeqno === undefined ? {} : { startSeqno: options.startSeqno }),
        window: options.window,
        roundSize: 1000,
        headWaitMs: headWaitMs(options.liteserverTimeoutMs),
        leaseRenewMs: LEASE_RENEW_MS,
        ...(signals === undefined
          ? {}
          : {
              onCommitted: (mcSeqno: number) => {
                signals.emit('blockIndexed', mcSeqno);
              },
            }),
      }),
  },
];
