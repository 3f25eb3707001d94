import { type BlockIndexedEvent } from '@app/contracts';
import { NATS_CONNECTION, type NewEventsFollower } from '@app/nats';
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
import { type LandingWatcher } from './landing.watcher';
import { type SentMessage } from '../send/sent-message.listener';
import { LANDING_WATCHER, SENDER_LOGGER } from '../sender.tokens';

/**
 * The landing watcher of the sender (sender.providers.ts builds it, only with PostgreSQL): started at
 * bootstrap, woken by `block.indexed` when the process has NATS, stopped at shutdown.
 */
@Injectable()
export class LandingService implements OnApplicationBootstrap, OnApplicationShutdown {
  // Subscribed at bootstrap, not provided: the subscription starts with the watcher, not when built.
  private wakeups: NewEventsFollower<BlockIndexedEvent> | undefined;

  constructor(
    @Inject(LANDING_WATCHER) private readonly watcher: LandingWatcher | null,
    @Inject(SENDER_LOGGER) private readonly logger: Logger,
    @Optional() @Inject(NATS_CONNECTION) private readonly nats?: NatsConnection,
  ) {}

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
    if (watcher === null) {
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
