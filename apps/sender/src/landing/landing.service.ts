import { type BlockIndexedEvent } from '@app/contracts';
import { DataSource, LandedMessageRepository } from '@app/database';
import { NATS_CONNECTION, type NewEventsFollower } from '@app/nats';
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
import { followBlockIndexed } from './block-indexed.wakeups';
import { LandingWatcher } from './landing.watcher';
import { MESSAGE_EVENTS, type MessageEventsPublisher } from '../events/message-events.publisher';
import { SenderMetrics } from '../metrics/sender.metrics';
import { PendingStreamPublisher } from '../pending/pending-stream.publisher';
import {
  SENT_MESSAGE_LISTENER,
  type SentMessage,
  type SentMessageListener,
} from '../send/sent-message.listener';
import { SENDER_OPTIONS, type SenderOptions } from '../sender.options';

/**
 * The landing watcher of the sender (only with PostgreSQL, `SenderOptions.database`): started at
 * bootstrap, woken by `block.indexed` when the process has NATS, stopped at shutdown.
 */
@Injectable()
export class LandingService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly watcher: LandingWatcher | undefined;
  private readonly logger: Logger;
  private wakeups: NewEventsFollower<BlockIndexedEvent> | undefined;

  constructor(
    @Inject(SENDER_OPTIONS) options: SenderOptions,
    @Inject(MESSAGE_EVENTS) events: MessageEventsPublisher,
    metrics: SenderMetrics,
    @Inject(PINO_LOGGER) logger: Logger,
    @Optional() @Inject(SENT_MESSAGE_LISTENER) listener?: SentMessageListener,
    @Optional() @Inject(DataSource) dataSource?: DataSource,
    @Optional() stream?: PendingStreamPublisher,
    @Optional() @Inject(NATS_CONNECTION) private readonly nats?: NatsConnection,
  ) {
    this.logger = logger.child({ component: 'sender' });
    this.watcher =
      options.database && dataSource !== undefined
        ? new LandingWatcher(
            new LandedMessageRepository(dataSource),
            events,
            metrics,
            this.logger,
            {
              timeoutMs: options.landingTimeoutMs,
              // With NATS, block.indexed wakes it up; the timer is the safety net (and the only
              // wake-up of a single process without NATS).
              pollMs: nats === undefined ? 1000 : 5000,
              listener,
              // The Streaming API: a message that never landed will not happen as predicted.
              onExpired: (message) => {
                void stream?.invalidated(message.hashNorm, 'expired');
              },
            },
          )
        : undefined;
  }

  /** Messages still followed (0 when the watcher is off). */
  get size(): number {
    return this.watcher?.size ?? 0;
  }

  /** Follows a message from its first send until it is indexed or times out. */
  track(message: SentMessage): void {
    this.watcher?.track(message);
  }

  async onApplicationBootstrap(): Promise<void> {
    const watcher = this.watcher;
    if (watcher === undefined) {
      return;
    }
    watcher.start();
    if (this.nats !== undefined) {
      this.wakeups = await followBlockIndexed(
        this.nats,
        () => {
          watcher.wake();
        },
        this.logger,
      );
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.wakeups?.stop();
    await this.watcher?.stop();
  }
}
