import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { type TxsDecodedEvent } from '@app/contracts';
import {
  ActionQueryRepository,
  DataSource,
  IndexerCursorRepository,
  IngestLeaderLease,
  StreamBlockQueryRepository,
  TransactionQueryRepository,
} from '@app/database';
import {
  NATS_CONNECTION,
  type NewEventsFollower,
  PIPELINE_SIGNALS,
  type PipelineSignals,
  STREAM_LOG,
  type StreamLog,
} from '@app/nats';
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
import { AddressBookBuilder } from '../address-book/address-book.builder';
import { MetadataBuilder } from '../metadata/metadata.builder';
import { StreamBlockRenderer } from './stream-block.renderer';
import { StreamPublisher, type StreamPublisherOptions } from './stream-publisher';
import {
  STREAM_PUBLISHER_OPTIONS,
  type StreamPublisherModuleOptions,
} from './stream-publisher.options';
import { StreamPublisherMetrics } from './stream.metrics';
import { followTxsDecoded } from './txs-decoded.wakeups';

/** The lease row (`ingest_leader.name`) and the cursor row (`indexer_cursor.name`) of the publisher. */
export const STREAM_PUBLISHER_NAME = 'stream';

export const STREAM_PUBLISHER_DEFAULTS: StreamPublisherOptions = {
  sourceCursor: 'decoder',
  cursor: STREAM_PUBLISHER_NAME,
  // Without NATS or the in-process signal (a query app alone) this is the latency floor.
  pollMs: 150,
  leaseRenewMs: 5000,
  // NATS's default max_payload is 1 MiB, headers included.
  maxPayloadBytes: 1_000_000,
};

/**
 * Runs the Streaming API publisher in the query app (mesh) and in the single process, when the
 * process has a StreamLog (StreamLogModule); without one it stays off and says so once.
 */
@Injectable()
export class StreamPublisherService implements OnApplicationBootstrap, OnApplicationShutdown {
  private publisher: StreamPublisher | undefined;
  private wakeups: NewEventsFollower<TxsDecodedEvent> | undefined;
  private stopListening: (() => void) | undefined;

  constructor(
    @Inject(STREAM_PUBLISHER_OPTIONS) private readonly options: StreamPublisherModuleOptions,
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly transactions: TransactionQueryRepository,
    private readonly actions: ActionQueryRepository,
    private readonly addressBook: AddressBookBuilder,
    private readonly metadata: MetadataBuilder,
    @Inject(Registry) private readonly registry: Registry,
    @Inject(PINO_LOGGER) private readonly logger: Logger,
    @Optional() @Inject(STREAM_LOG) private readonly log?: StreamLog,
    /** The single process: the decoder's commits wake the publisher in this process at once. */
    @Optional() @Inject(PIPELINE_SIGNALS) private readonly signals?: PipelineSignals,
    /** NATS: `txs.decoded` events wake the publisher; without it only the poll does. */
    @Optional() @Inject(NATS_CONNECTION) private readonly nats?: NatsConnection,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const logger = this.logger.child({ component: 'stream-publisher' });
    if (this.options.enabled === false) {
      return;
    }
    if (this.log === undefined) {
      logger.info('no stream log in this process: the Streaming API publisher is off');
      return;
    }
    const renderer = new StreamBlockRenderer(
      new StreamBlockQueryRepository(this.dataSource, this.transactions),
      this.transactions,
      this.actions,
      this.addressBook,
      this.metadata,
    );
    // Woken by the decoder (in process, or `txs.decoded` over NATS): the poll is only the safety net.
    const woken = this.signals !== undefined || this.nats !== undefined;
    const signals = this.signals;
    const options: StreamPublisherOptions = {
      ...STREAM_PUBLISHER_DEFAULTS,
      pollMs: this.options.pollMs ?? (woken ? 1000 : STREAM_PUBLISHER_DEFAULTS.pollMs),
      ...(signals === undefined
        ? {}
        : {
            onPublished: (seqno: number) => {
              signals.emit('streamPublished', seqno);
            },
          }),
    };
    this.publisher = new StreamPublisher(
      new IndexerCursorRepository(this.dataSource),
      new IngestLeaderLease(
        this.dataSource,
        STREAM_PUBLISHER_NAME,
        `${hostname()}:${String(process.pid)}:${randomUUID().slice(0, 8)}`,
        options.leaseRenewMs * 3,
      ),
      renderer,
      this.log,
      new StreamPublisherMetrics(this.registry),
      logger,
      options,
    );
    const publisher = this.publisher;
    this.stopListening = this.signals?.on('txsDecoded', () => {
      publisher.wake();
    });
    this.publisher.start();
    if (this.nats !== undefined) {
      this.wakeups = await followTxsDecoded(
        this.nats,
        () => {
          publisher.wake();
        },
        logger,
      );
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopListening?.();
    await this.wakeups?.stop();
    await this.publisher?.stop();
  }
}
