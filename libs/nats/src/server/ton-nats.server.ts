import { prefixSubject } from '@app/contracts';
import { type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { ServerNats } from '@nestjs/microservices';

import { queueOf } from '../in-process/in-process.server';

export interface TonNatsServerOptions {
  servers: string | string[];
  /** Default queue group; `@RpcHandler` gives each handler its service's group anyway. */
  queue?: string;
  /** Connection name shown by the NATS server (`nats server report connections`). */
  name?: string;
  /** Prepended to every subscribed subject (test isolation on a shared NATS server). */
  subjectPrefix?: string;
}

/**
 * Nest's ServerNats with a subject prefix: subscriptions go to `<prefix>.<subject>` while handlers
 * are still looked up by their unprefixed pattern. Without a prefix it behaves exactly as
 * ServerNats (per-handler queue groups from `@MessagePattern(…, { queue })` included).
 */
export class TonNatsServer extends ServerNats {
  private readonly prefix: string;
  private readonly prefixedSubscriptions: Subscription[] = [];
  private readonly defaultQueue: string | undefined;

  constructor(options: TonNatsServerOptions) {
    const { subjectPrefix, ...natsOptions } = options;
    // maxReconnectAttempts -1: nats.js gives up after 10 attempts (~20 s), and a service whose
    // connection gave up would never serve again after a longer NATS outage.
    super({ ...natsOptions, gracefulShutdown: false, maxReconnectAttempts: -1 });
    this.prefix = subjectPrefix ?? '';
    this.defaultQueue = options.queue;
  }

  override bindEvents(client: NatsConnection): void {
    for (const [channel, handler] of this.getHandlers()) {
      const queue = queueOf(handler) ?? this.defaultQueue;
      this.prefixedSubscriptions.push(
        client.subscribe(prefixSubject(this.prefix, channel), {
          ...(queue === undefined ? {} : { queue }),
          callback: (error, message) => {
            if (error !== null) {
              this.logger.error(error);
              return;
            }
            this.handleMessage(channel, message).catch((err: unknown) => {
              this.logger.error(err);
            });
          },
        }),
      );
    }
  }
}
