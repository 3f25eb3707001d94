import { DNS_ZONES, InterfaceProbes } from '@app/classify';
import { type TonNetwork } from '@app/config';
import { AddressMetadataRepository, DataSource, IndexerCursorRepository } from '@app/database';
import {
  LiteserverPool,
  LiteserverPoolMetrics,
  type LiteserverTrust,
  trustMetricsObserver,
} from '@app/liteclient';
import { NATS_CONNECTION, PIPELINE_SIGNALS, type PipelineSignals } from '@app/nats';
import { type LiteserverEndpoint } from '@app/ton';
import { PINO_LOGGER } from '@app/observability';
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
import { JetStreamTxsDecodedPublisher } from './events/jetstream-txs-decoded.publisher';
import { TxsDecodedNotifier } from './events/txs-decoded.notifier';
import { GetMethodClient } from './interfaces/get-method.client';
import { InterfaceDetector } from './interfaces/interface-detector';
import { type MetadataFetchOptions } from './metadata/metadata-fetch.options';
import { MetadataFetcher } from './metadata/metadata-fetcher';
import { MetadataMetrics } from './metadata/metadata.metrics';
import { BlockDecoder } from './pipeline/block-decoder';
import { BlockIndexedListener } from './pipeline/block-indexed.listener';
import { DecoderMetrics } from './pipeline/decoder.metrics';
import { DecoderWorker } from './pipeline/decoder-worker';

export const DECODER_OPTIONS = Symbol('DECODER_OPTIONS');

export interface DecoderOptions {
  /**
   * The safety-net poll of the ingestor's watermark (default 2 s when events or signals wake the
   * decoder, else 0.5 s).
   */
  readonly pollMs?: number;
  /** The ingestor's cursor it follows (default `masterchain`). */
  readonly sourceCursor?: string;
  readonly readyBacklog: number;
  /** Liteservers for interface detection (get-methods at each block); without them no token data. */
  readonly endpoints?: readonly LiteserverEndpoint[];
  readonly liteserverTimeoutMs?: number;
  /** What the interface probes' get-method reads are proven from; absent: nothing is proven. */
  readonly trust?: LiteserverTrust;
  /** The chain served (TON_NETWORK): picks the DNS collections of its items (default `local`). */
  readonly network?: TonNetwork;
  /** The off-chain token metadata fetcher; absent → not run. */
  readonly metadata?: MetadataFetchOptions | undefined;
}

/** The decoder's runtime: the ordered worker over PostgreSQL and, in the mesh, the event listener. */
@Injectable()
export class DecoderService implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: DecoderWorker | undefined;
  private listener: BlockIndexedListener | undefined;
  private pool: LiteserverPool | undefined;
  private notifier: TxsDecodedNotifier | undefined;
  private metadataFetcher: MetadataFetcher | undefined;
  private stopListening: (() => void) | undefined;

  constructor(
    @Inject(DECODER_OPTIONS) private readonly options: DecoderOptions,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(PINO_LOGGER) private readonly logger: Logger,
    @Inject(Registry) private readonly registry: Registry,
    /** The single process: the ingestor's commits wake the worker; decoded blocks wake the publisher. */
    @Optional() @Inject(PIPELINE_SIGNALS) private readonly signals?: PipelineSignals,
    /**
     * With NATS, block.indexed events wake the decoder (in the single process the ingestor's
     * in-process signal does); the poll of PostgreSQL is the safety net.
     */
    @Optional() @Inject(NATS_CONNECTION) private readonly nats?: NatsConnection,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const logger = this.logger.child({ component: 'decoder' });
    let detector: InterfaceDetector | undefined;
    if (this.options.endpoints !== undefined && this.options.endpoints.length > 0) {
      this.pool = new LiteserverPool(
        this.options.endpoints,
        {
          timeoutMs: this.options.liteserverTimeoutMs ?? 5000,
          attempts: 3,
          probeIntervalMs: 2000,
          ...this.options.trust,
        },
        // What the decoder refuses as unproven is counted (tonapi_liteserver_unverified_total).
        trustMetricsObserver(new LiteserverPoolMetrics(this.registry)),
      );
      await this.pool.start();
      const probes = new InterfaceProbes(
        new GetMethodClient(this.pool, (mcSeqno) => {
          logger.warn(
            { mcSeqno },
            "liteservers no longer have this block's state (state already gc'd): " +
              'interfaces detected on the latest state',
          );
        }),
        DNS_ZONES[this.options.network ?? 'local'],
      );
      detector = new InterfaceDetector(probes);
    }
    const metrics = new DecoderMetrics(this.registry);
    if (this.nats !== undefined) {
      // `txs.decoded` after each commit wakes the Streaming API's publisher (apps/query/src/streaming).
      this.notifier = new TxsDecodedNotifier(
        new JetStreamTxsDecodedPublisher(this.nats),
        metrics.eventFailures,
        logger,
      );
    }
    const notifier = this.notifier;
    const signals = this.signals;
    const onDecoded = (seqno: number): void => {
      notifier?.notify(seqno);
      signals?.emit('txsDecoded', seqno);
    };
    this.worker = new DecoderWorker(
      this.dataSource,
      new IndexerCursorRepository(this.dataSource),
      new BlockDecoder(detector),
      metrics,
      logger,
      {
        sourceCursor: this.options.sourceCursor ?? 'masterchain',
        cursor: 'decoder',
        // Woken by events or signals, the poll is only the safety net.
        pollMs:
          this.options.pollMs ?? (this.nats === undefined && signals === undefined ? 500 : 2000),
        ...(notifier === undefined && signals === undefined ? {} : { onDecoded }),
      },
    );
    const worker = this.worker;
    this.stopListening = signals?.on('blockIndexed', () => {
      worker.wake();
    });
    this.worker.start();
    if (this.options.metadata !== undefined) {
      this.metadataFetcher = new MetadataFetcher(
        new AddressMetadataRepository(this.dataSource),
        new MetadataMetrics(this.registry),
        logger.child({ component: 'metadata-fetcher' }),
        this.options.metadata,
      );
      this.metadataFetcher.start();
    }
    if (this.nats !== undefined) {
      this.listener = new BlockIndexedListener(this.nats, this.worker, logger);
      await this.listener.start();
    }
  }

  /** Ready when decoding, at most `readyBacklog` masterchain blocks behind the ingestor. */
  async readiness(): Promise<void> {
    const cursors = new IndexerCursorRepository(this.dataSource);
    const [source, decoded] = await Promise.all([
      cursors.get(this.options.sourceCursor ?? 'masterchain'),
      cursors.get('decoder'),
    ]);
    const backlog = (source ?? 0) - (decoded ?? 0);
    if (source !== null && backlog > this.options.readyBacklog) {
      throw new Error(`decoder: ${String(backlog)} masterchain blocks behind the ingestor`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopListening?.();
    await this.listener?.stop();
    await this.metadataFetcher?.stop();
    await this.worker?.stop();
    await this.notifier?.idle();
    this.pool?.close();
  }
}
