import { DNS_ZONES, InterfaceProbes } from '@app/classify';
import { AddressMetadataRepository, DataSource, IndexerCursorRepository } from '@app/database';
import { LiteserverPool, LiteserverPoolMetrics, trustMetricsObserver } from '@app/liteclient';
import { NATS_CONNECTION, PIPELINE_SIGNALS, type PipelineSignals } from '@app/nats';
import { componentLoggerProvider } from '@app/observability';
import { type Provider } from '@nestjs/common';
import { type NatsConnection } from '@nats-io/transport-node';
import { type Logger } from 'pino';
import { Registry } from 'prom-client';
import { DECODER_OPTIONS, type DecoderOptions } from './decoder.options';
import { JetStreamTxsDecodedPublisher } from './events/jetstream-txs-decoded.publisher';
import { TxsDecodedNotifier } from './events/txs-decoded.notifier';
import { GetMethodClient } from './interfaces/get-method.client';
import { InterfaceDetector } from './interfaces/interface-detector';
import { MetadataFetcher } from './metadata/metadata-fetcher';
import { MetadataMetrics } from './metadata/metadata.metrics';
import { BlockDecoder } from './pipeline/block-decoder';
import { BlockIndexedListener } from './pipeline/block-indexed.listener';
import { DecoderMetrics } from './pipeline/decoder.metrics';
import { DecoderWorker } from './pipeline/decoder-worker';

/** The decoder's logger (component `decoder`). */
export const DECODER_LOGGER = Symbol('DECODER_LOGGER');
/** The decoder's own liteserver pool for interface detection; null without liteservers. */
export const DECODER_POOL = Symbol('DECODER_POOL');
/** Publishes `txs.decoded` after each commit (JetStream); null without NATS. */
export const TXS_DECODED_NOTIFIER = Symbol('TXS_DECODED_NOTIFIER');
/** The off-chain token metadata fetcher; null when not configured. */
export const METADATA_FETCHER = Symbol('METADATA_FETCHER');
/** The block.indexed consumer that wakes the worker; null without NATS. */
export const BLOCK_INDEXED_LISTENER = Symbol('BLOCK_INDEXED_LISTENER');

const OPTIONAL_NATS = { token: NATS_CONNECTION, optional: true };
const OPTIONAL_SIGNALS = { token: PIPELINE_SIGNALS, optional: true };

/**
 * The decoder's parts, each built from the options and the process's shared providers; the
 * DecoderService starts and stops them in order. Constructing them starts nothing.
 */
export const DECODER_PROVIDERS: Provider[] = [
  componentLoggerProvider(DECODER_LOGGER, 'decoder'),
  {
    provide: DECODER_POOL,
    inject: [DECODER_OPTIONS, Registry],
    useFactory: (options: DecoderOptions, registry: Registry): LiteserverPool | null =>
      options.endpoints === undefined || options.endpoints.length === 0
        ? null
        : new LiteserverPool(
            options.endpoints,
            {
              timeoutMs: options.liteserverTimeoutMs ?? 5000,
              attempts: 3,
              probeIntervalMs: 2000,
              ...options.trust,
            },
            // What the decoder refuses as unproven is counted (tonapi_liteserver_unverified_total).
            trustMetricsObserver(new LiteserverPoolMetrics(registry)),
          ),
  },
  {
    provide: BlockDecoder,
    inject: [DECODER_OPTIONS, DECODER_POOL, DECODER_LOGGER],
    useFactory: (
      options: DecoderOptions,
      pool: LiteserverPool | null,
      logger: Logger,
    ): BlockDecoder => {
      if (pool === null) {
        return new BlockDecoder(undefined);
      }
      const probes = new InterfaceProbes(
        new GetMethodClient(pool, (mcSeqno) => {
          logger.warn(
            { mcSeqno },
            "liteservers no longer have this block's state (state already gc'd): " +
              'interfaces detected on the latest state',
          );
        }),
        DNS_ZONES[options.network ?? 'local'],
      );
      return new BlockDecoder(new InterfaceDetector(probes));
    },
  },
  {
    provide: DecoderMetrics,
    inject: [Registry],
    useFactory: (registry: Registry) => new DecoderMetrics(registry),
  },
  {
    provide: TXS_DECODED_NOTIFIER,
    inject: [DecoderMetrics, DECODER_LOGGER, OPTIONAL_NATS],
    useFactory: (
      metrics: DecoderMetrics,
      logger: Logger,
      nats: NatsConnection | undefined,
    ): TxsDecodedNotifier | null =>
      // `txs.decoded` after each commit wakes the Streaming API's publisher (apps/query/src/streaming).
      nats === undefined
        ? null
        : new TxsDecodedNotifier(
            new JetStreamTxsDecodedPublisher(nats),
            metrics.eventFailures,
            logger,
          ),
  },
  {
    provide: DecoderWorker,
    inject: [
      DECODER_OPTIONS,
      DataSource,
      IndexerCursorRepository,
      BlockDecoder,
      DecoderMetrics,
      DECODER_LOGGER,
      TXS_DECODED_NOTIFIER,
      OPTIONAL_SIGNALS,
      OPTIONAL_NATS,
    ],
    useFactory: (
      options: DecoderOptions,
      dataSource: DataSource,
      cursors: IndexerCursorRepository,
      decoder: BlockDecoder,
      metrics: DecoderMetrics,
      logger: Logger,
      notifier: TxsDecodedNotifier | null,
      signals: PipelineSignals | undefined,
      nats: NatsConnection | undefined,
    ): DecoderWorker => {
      const onDecoded = (seqno: number): void => {
        notifier?.notify(seqno);
        signals?.emit('txsDecoded', seqno);
      };
      return new DecoderWorker(dataSource, cursors, decoder, metrics, logger, {
        sourceCursor: options.sourceCursor ?? 'masterchain',
        cursor: 'decoder',
        // Woken by events or signals, the poll is only the safety net.
        pollMs: options.pollMs ?? (nats === undefined && signals === undefined ? 500 : 2000),
        ...(notifier === null && signals === undefined ? {} : { onDecoded }),
      });
    },
  },
  {
    provide: METADATA_FETCHER,
    inject: [DECODER_OPTIONS, DataSource, Registry, DECODER_LOGGER],
    useFactory: (
      options: DecoderOptions,
      dataSource: DataSource,
      registry: Registry,
      logger: Logger,
    ): MetadataFetcher | null =>
      options.metadata === undefined
        ? null
        : new MetadataFetcher(
            new AddressMetadataRepository(dataSource),
            new MetadataMetrics(registry),
            logger.child({ component: 'metadata-fetcher' }),
            options.metadata,
          ),
  },
  {
    provide: BLOCK_INDEXED_LISTENER,
    inject: [DecoderWorker, DECODER_LOGGER, OPTIONAL_NATS],
    useFactory: (
      worker: DecoderWorker,
      logger: Logger,
      nats: NatsConnection | undefined,
    ): BlockIndexedListener | null =>
      // With NATS, block.indexed events wake the decoder (in the single process the ingestor's
      // in-process signal does); the poll of PostgreSQL is the safety net.
      nats === undefined ? null : new BlockIndexedListener(nats, worker, logger),
  },
];
