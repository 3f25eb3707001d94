import { DataSource, LandedMessageRepository } from '@app/database';
import { NATS_CONNECTION } from '@app/nats';
import { componentLoggerProvider, EmulatorBehindNotice, PINO_LOGGER } from '@app/observability';
import { type Provider } from '@nestjs/common';
import { type NatsConnection } from '@nats-io/transport-node';
import { type Logger } from 'pino';
import { Registry } from 'prom-client';
import {
  JetStreamMessageEventsPublisher,
  MESSAGE_EVENTS,
  type MessageEventsPublisher,
  NO_MESSAGE_EVENTS,
} from './events/message-events.publisher';
import { FeeEstimator } from './fees/fee.estimator';
import { LandingService } from './landing/landing.service';
import { LandingWatcher } from './landing/landing.watcher';
import { SenderMetrics } from './metrics/sender.metrics';
import { PendingStreamPublisher } from './pending/pending-stream.publisher';
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
  SENT_MESSAGE_STORE,
  type SentMessageStore,
} from './send/sent-message.store';
import { SandboxExecutor } from './sandbox-executor';
import { SenderPool } from './sender-pool';
import { SENDER_OPTIONS, type SenderOptions } from './sender.options';
import { LANDING_WATCHER, SENDER_LOGGER } from './sender.tokens';

/** The JetStream KV bucket of sent hashes (one per deployment). */
const SENT_BUCKET = 'ton_sent_messages';

const OPTIONAL_NATS = { token: NATS_CONNECTION, optional: true };
const OPTIONAL_LISTENER = { token: SENT_MESSAGE_LISTENER, optional: true };
const OPTIONAL_DATA_SOURCE = { token: DataSource, optional: true };
const OPTIONAL_STREAM = { token: PendingStreamPublisher, optional: true };

/**
 * What the send path is built from: the shared store of sent hashes (JetStream KV, or memory in a
 * process without NATS), the events (JetStream, or none), the metrics and the landing watcher (with
 * PostgreSQL only; LandingService starts and stops it); and the parts SenderService answers with,
 * over SenderPool: the message sender (with the reader of the network's message limits) and the fee
 * estimator. The parts stay free of Nest (their specs build
 * them by hand); these factories are how the service gets them.
 */
export const SENDER_RUNTIME_PROVIDERS: Provider[] = [
  componentLoggerProvider(SENDER_LOGGER, 'sender'),
  {
    provide: SenderMetrics,
    inject: [Registry],
    useFactory: (registry: Registry) => new SenderMetrics(registry),
  },
  {
    provide: SENT_MESSAGE_STORE,
    inject: [SENDER_OPTIONS, OPTIONAL_NATS],
    useFactory: async (
      options: SenderOptions,
      nats: NatsConnection | undefined,
    ): Promise<SentMessageStore> =>
      nats === undefined
        ? new MemorySentMessageStore(options.dedupeTtlMs)
        : await KvSentMessageStore.open(nats, SENT_BUCKET, options.dedupeTtlMs),
  },
  {
    provide: MESSAGE_EVENTS,
    inject: [OPTIONAL_NATS],
    useFactory: (nats: NatsConnection | undefined): MessageEventsPublisher =>
      nats === undefined ? NO_MESSAGE_EVENTS : new JetStreamMessageEventsPublisher(nats),
  },
  {
    provide: LANDING_WATCHER,
    inject: [
      SENDER_OPTIONS,
      MESSAGE_EVENTS,
      SenderMetrics,
      SENDER_LOGGER,
      OPTIONAL_LISTENER,
      OPTIONAL_DATA_SOURCE,
      OPTIONAL_STREAM,
      OPTIONAL_NATS,
    ],
    useFactory: (
      options: SenderOptions,
      events: MessageEventsPublisher,
      metrics: SenderMetrics,
      logger: Logger,
      listener: SentMessageListener | undefined,
      dataSource: DataSource | undefined,
      stream: PendingStreamPublisher | undefined,
      nats: NatsConnection | undefined,
    ): LandingWatcher | null =>
      options.database && dataSource !== undefined
        ? new LandingWatcher(new LandedMessageRepository(dataSource), events, metrics, logger, {
            timeoutMs: options.landingTimeoutMs,
            // With NATS, block.indexed wakes it up; the timer is the safety net (and the only
            // wake-up of a single process without NATS).
            pollMs: nats === undefined ? 1000 : 5000,
            listener,
            // The Streaming API: a message that never landed will not happen as predicted.
            onExpired: (message) => {
              void stream?.invalidated(message.hashNorm, 'expired');
            },
          })
        : null,
  },
  LandingService,
  // One emulator for the process: fee estimates, and the pending traces' emulation and probes.
  { provide: SandboxExecutor, useFactory: (): SandboxExecutor => new SandboxExecutor() },
  {
    provide: FeeEstimator,
    inject: [SenderPool, PINO_LOGGER, Registry, SandboxExecutor],
    useFactory: (
      pool: SenderPool,
      logger: Logger,
      registry: Registry,
      executor: SandboxExecutor,
    ): FeeEstimator => {
      const behind = new EmulatorBehindNotice(registry, logger, 'estimate_fee');
      return new FeeEstimator(
        pool,
        (version) => {
          behind.seen(version);
        },
        executor,
      );
    },
  },
  {
    provide: MessageLimitsReader,
    inject: [SenderPool, SENDER_LOGGER],
    useFactory: (pool: SenderPool, logger: Logger): MessageLimitsReader =>
      new MessageLimitsReader(pool, logger),
  },
  {
    provide: MessageSender,
    inject: [
      SENDER_OPTIONS,
      SenderPool,
      MessageLimitsReader,
      SENT_MESSAGE_STORE,
      MESSAGE_EVENTS,
      SenderMetrics,
      SENDER_LOGGER,
      LandingService,
      OPTIONAL_LISTENER,
    ],
    useFactory: (
      options: SenderOptions,
      pool: SenderPool,
      limits: MessageLimitsReader,
      store: SentMessageStore,
      events: MessageEventsPublisher,
      metrics: SenderMetrics,
      logger: Logger,
      landing: LandingService,
      listener: SentMessageListener | undefined,
    ): MessageSender => {
      // Each first send is followed until it lands, and (with pending traces) emulated.
      const onFirstSend: ((message: SentMessage) => void)[] = [
        (message) => {
          landing.track(message);
        },
      ];
      if (listener !== undefined) {
        onFirstSend.push((message) => {
          listener.onSent(message);
        });
      }
      return new MessageSender({
        targets: (count) => pool.targets(count),
        limits,
        store,
        events,
        metrics,
        logger,
        fanout: options.fanout,
        onFirstSend,
      });
    },
  },
];
