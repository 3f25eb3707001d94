import { hostname } from 'node:os';
import {
  ChainBlockWriter,
  HistoryPartitions,
  DataSource,
  IndexerCursorRepository,
  IngestLeaderLease,
  IngestProgressRepository,
} from '@app/database';
import {
  LiteserverPool,
  LiteserverPoolMetrics,
  type LiteserverTrust,
  trustMetricsObserver,
} from '@app/liteclient';
import { NATS_CONNECTION, PIPELINE_SIGNALS, type PipelineSignals } from '@app/nats';
import { PINO_LOGGER } from '@app/observability';
import { type LiteserverEndpoint } from '@app/ton';
import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  Optional,
} from '@nestjs/common';
import { type NatsConnection } from '@nats-io/transport-node';
import { type Logger } from 'pino';
import { Registry } from 'prom-client';
import { type BlockIndexedPublisher, NO_EVENTS } from './events/block-indexed.publisher';
import { EventOutbox } from './events/event-outbox';
import { JetStreamBlockIndexedPublisher } from './events/jetstream-block-indexed.publisher';
import { BatchCommitter } from './follow/batch-committer';
import { ChainFollower } from './follow/chain-follower';
import { IngestMetrics } from './metrics/ingest.metrics';
import { BlockSource } from './source/block-source';
import { type BlockDecoder } from './source/decode/block-decoder';
import { createBlockDecoder } from './source/decode/block-decoder.pool';
import { McBatchLoader } from './source/mc-batch.loader';

export const INGESTOR_OPTIONS = Symbol('INGESTOR_OPTIONS');

export interface IngestorOptions {
  readonly endpoints: readonly LiteserverEndpoint[];
  readonly liteserverTimeoutMs: number;
  /** What indexed blocks are proven from (resolveLiteservers); absent: nothing is proven. */
  readonly trust?: LiteserverTrust;
  readonly follow: boolean;
  readonly startSeqno?: number | undefined;
  readonly window: number;
  /** Threads decoding fetched blocks (INGEST_PARSE_THREADS); 0 (the default) decodes on the event
   *  loop. */
  readonly parseThreads?: number;
  readonly readyLag: number;
  /** The live follower's cursor and lease name (one per network). */
  readonly cursorName?: string;
}

/**
 * How long a caught-up head read waits for the next block at the liteserver: at most 2 s (a few
 * blocks, so a stalled chain is still noticed and the lease renewed), and a third of the pool's
 * deadline so that the plain head read after an unanswered wait fits in it even on a slow host.
 */
function headWaitMs(liteserverTimeoutMs: number): number {
  return Math.max(50, Math.min(2000, Math.floor(liteserverTimeoutMs / 3)));
}

/**
 * The ingestor's runtime: its own liteserver pool (ingestion load never competes with API reads), the
 * batch loader and writer, the live follower with its leader lease, and the event outbox.
 */
@Injectable()
export class IngestorService implements OnApplicationBootstrap, OnApplicationShutdown {
  private pool: LiteserverPool | undefined;
  private decoder: BlockDecoder | undefined;
  private follower: ChainFollower | undefined;

  constructor(
    @Inject(INGESTOR_OPTIONS) private readonly options: IngestorOptions,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(PINO_LOGGER) private readonly logger: Logger,
    @Inject(Registry) private readonly registry: Registry,
    /** The single process: each commit wakes the decoder in this process at once. */
    @Optional() @Inject(PIPELINE_SIGNALS) private readonly signals?: PipelineSignals,
    /** Events go to JetStream with NATS; without it the decoder follows PostgreSQL alone. */
    @Optional() @Inject(NATS_CONNECTION) private readonly nats?: NatsConnection,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.options.follow) {
      return;
    }
    const pool = new LiteserverPool(
      this.options.endpoints,
      {
        timeoutMs: this.options.liteserverTimeoutMs,
        attempts: 3,
        probeIntervalMs: 1000,
        ...this.options.trust,
      },
      // What the ingestor refuses as unproven is counted with the rest (tonapi_liteserver_unverified_total).
      trustMetricsObserver(new LiteserverPoolMetrics(this.registry)),
    );
    this.pool = pool;
    await pool.start();
    const publisher: BlockIndexedPublisher =
      this.nats === undefined ? NO_EVENTS : new JetStreamBlockIndexedPublisher(this.nats);
    const cursorName = this.options.cursorName ?? 'masterchain';
    const cursors = new IndexerCursorRepository(this.dataSource);
    const metrics = new IngestMetrics(this.registry);
    const logger = this.logger.child({ component: 'ingestor' });
    this.decoder = createBlockDecoder(this.options.parseThreads ?? 0);
    const source = new BlockSource(pool, this.decoder);
    const loader = new McBatchLoader(source, {
      onError: (error) => {
        logger.warn({ err: String(error) }, 'liteserver read failed; retrying');
      },
    });
    const committer = new BatchCommitter(
      new ChainBlockWriter(
        this.dataSource,
        new HistoryPartitions(this.dataSource, {
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
      new IngestProgressRepository(this.dataSource),
      cursors,
      metrics,
      logger,
    );
    const leaseRenewMs = 5000;
    const lease = new IngestLeaderLease(
      this.dataSource,
      cursorName,
      `${hostname()}:${String(process.pid)}`,
      leaseRenewMs * 3,
    );
    const outbox = new EventOutbox(
      this.dataSource,
      cursors,
      publisher,
      cursorName,
      `${cursorName}.events`,
      logger,
    );
    const signals = this.signals;
    this.follower = new ChainFollower(
      source,
      loader,
      committer,
      cursors,
      lease,
      outbox,
      metrics,
      logger,
      {
        cursorName,
        ...(this.options.startSeqno === undefined ? {} : { startSeqno: this.options.startSeqno }),
        window: this.options.window,
        roundSize: 1000,
        headWaitMs: headWaitMs(this.options.liteserverTimeoutMs),
        leaseRenewMs,
        ...(signals === undefined
          ? {}
          : {
              onCommitted: (mcSeqno: number) => {
                signals.emit('blockIndexed', mcSeqno);
              },
            }),
      },
    );
    this.follower.start();
  }

  /** Ready when following within `readyLag` blocks of the head (or not following at all). */
  readiness(): Promise<void> {
    if (this.follower === undefined) {
      return Promise.resolve();
    }
    const mismatch = this.follower.chainMismatch();
    if (mismatch !== undefined) {
      return Promise.reject(new Error(mismatch));
    }
    const lag = this.follower.lagBlocks();
    if (lag === null) {
      return Promise.reject(new Error('ingestor: nothing indexed yet'));
    }
    return lag <= this.options.readyLag
      ? Promise.resolve()
      : Promise.reject(new Error(`ingestor: ${String(lag)} masterchain blocks behind`));
  }

  /** Fails only when the follower stopped on another chain (the single process's /readyz). */
  chainReadiness(): Promise<void> {
    const mismatch = this.follower?.chainMismatch();
    return mismatch === undefined ? Promise.resolve() : Promise.reject(new Error(mismatch));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.follower?.stop();
    this.pool?.close();
    await this.decoder?.close();
  }
}
