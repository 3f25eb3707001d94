import {
  type BlockIndexedEvent,
  type EstimateFeeReq,
  type ExtMessageInfo,
  type QueryFees,
} from '@app/contracts';
import { DataSource, LandedMessageRepository } from '@app/database';
import { connectNats, type NewEventsFollower } from '@app/nats';
import { EmulatorBehindNotice, PINO_LOGGER } from '@app/observability';
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
import {
  JetStreamMessageEventsPublisher,
  type MessageEventsPublisher,
  NO_MESSAGE_EVENTS,
} from './events/message-events.publisher';
import { FeeEstimator } from './fees/fee.estimator';
import { followBlockIndexed } from './landing/block-indexed.wakeups';
import { LandingWatcher } from './landing/landing.watcher';
import { PendingStreamPublisher } from './pending/pending-stream.publisher';
import { SenderMetrics } from './metrics/sender.metrics';
import { MessageLimitsReader } from './send/message-limits.reader';
import { MessageSender } from './send/message.sender';
import {
  SENT_MESSAGE_LISTENER,
  type SentMessage,
  type SentMessageListener,
} from './send/sent-message.listener';
import {
  KvSentMessageStore,
  MemorySentMessageStore,
  type SentMessageStore,
} from './send/sent-message.store';
import { SenderPool } from './sender-pool';
import { SENDER_OPTIONS, type SenderOptions } from './sender.options';

/** The JetStream KV bucket of sent hashes (one per deployment). */
const SENT_BUCKET = 'ton_sent_messages';

interface Runtime {
  readonly sender: MessageSender;
  readonly store: SentMessageStore;
  readonly watcher: LandingWatcher | undefined;
  readonly wakeups: NewEventsFollower<BlockIndexedEvent> | undefined;
}

/**
 * The sender's runtime: its liteserver pool, the shared store of sent hashes (JetStream KV, or memory
 * without NATS), the events, the landing watcher (only with PostgreSQL) and the fee estimator.
 */
@Injectable()
export class SenderService implements OnApplicationBootstrap, OnApplicationShutdown {
  private booted: Promise<Runtime> | undefined;
  private nats: NatsConnection | undefined;
  private readonly estimator: FeeEstimator;
  private readonly metrics: SenderMetrics;

  constructor(
    @Inject(SENDER_OPTIONS) private readonly options: SenderOptions,
    private readonly pool: SenderPool,
    @Inject(PINO_LOGGER) private readonly logger: Logger,
    @Inject(Registry) registry: Registry,
    @Optional() @Inject(SENT_MESSAGE_LISTENER) private readonly listener?: SentMessageListener,
    @Optional() @Inject(DataSource) private readonly dataSource?: DataSource,
    @Optional() private readonly stream?: PendingStreamPublisher,
  ) {
    const behind = new EmulatorBehindNotice(registry, logger, 'estimate_fee');
    this.estimator = new FeeEstimator(pool, (version) => {
      behind.seen(version);
    });
    this.metrics = new SenderMetrics(registry);
  }

  /**
   * Idempotent: in the single process the HTTP application and its in-process microservice share this
   * instance and both run the bootstrap hooks.
   */
  onApplicationBootstrap(): Promise<void> {
    return this.runtime().then(() => undefined);
  }

  async send(boc: string): Promise<ExtMessageInfo> {
    const { sender } = await this.runtime();
    const receipt = await sender.send(boc);
    return { '@type': 'raw.extMessageInfo', hash: receipt.hash, hash_norm: receipt.hashNorm };
  }

  estimateFee(req: EstimateFeeReq): Promise<QueryFees> {
    return this.estimator.estimate(req);
  }

  /** Messages the landing watcher still follows (0 when it is off). */
  async pendingLandings(): Promise<number> {
    return (await this.runtime()).watcher?.size ?? 0;
  }

  async onApplicationShutdown(): Promise<void> {
    const runtime = await this.booted?.catch(() => undefined);
    await runtime?.wakeups?.stop();
    await runtime?.watcher?.stop();
    await runtime?.store.close();
    await this.nats?.drain().catch(() => undefined);
  }

  private runtime(): Promise<Runtime> {
    this.booted ??= this.boot().catch((error: unknown) => {
      this.booted = undefined;
      throw error;
    });
    return this.booted;
  }

  private async boot(): Promise<Runtime> {
    const logger = this.logger.child({ component: 'sender' });
    let store: SentMessageStore;
    let events: MessageEventsPublisher;
    if (this.options.natsUrl === undefined) {
      store = new MemorySentMessageStore(this.options.dedupeTtlMs);
      events = NO_MESSAGE_EVENTS;
    } else {
      this.nats = await connectNats({
        servers: this.options.natsUrl.split(','),
        name: 'sender',
        maxReconnectAttempts: -1,
      });
      store = await KvSentMessageStore.open(this.nats, SENT_BUCKET, this.options.dedupeTtlMs);
      events = new JetStreamMessageEventsPublisher(this.nats);
    }
    const watcher =
      this.options.database && this.dataSource !== undefined
        ? new LandingWatcher(
            new LandedMessageRepository(this.dataSource),
            events,
            this.metrics,
            logger,
            {
              timeoutMs: this.options.landingTimeoutMs,
              // With NATS, block.indexed wakes it up; the timer is the safety net (and the only
              // wake-up of a single process without NATS).
              pollMs: this.nats === undefined ? 1000 : 5000,
              listener: this.listener,
              // The Streaming API: a message that never landed will not happen as predicted.
              onExpired: (message) => {
                void this.stream?.invalidated(message.hashNorm, 'expired');
              },
            },
          )
        : undefined;
    watcher?.start();
    const wakeups =
      watcher !== undefined && this.nats !== undefined
        ? await followBlockIndexed(
            this.nats,
            () => {
              watcher.wake();
            },
            logger,
          )
        : undefined;
    const onFirstSend: ((message: SentMessage) => void)[] = [];
    if (watcher !== undefined) {
      onFirstSend.push((message) => {
        watcher.track(message);
      });
    }
    const listener = this.listener;
    if (listener !== undefined) {
      onFirstSend.push((message) => {
        listener.onSent(message);
      });
    }
    const sender = new MessageSender({
      targets: (count) => this.pool.targets(count),
      limits: new MessageLimitsReader(this.pool, logger),
      store,
      events,
      metrics: this.metrics,
      logger,
      fanout: this.options.fanout,
      onFirstSend,
    });
    return { sender, store, watcher, wakeups };
  }
}
