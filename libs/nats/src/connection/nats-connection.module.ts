import {
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsServers } from '../nats-servers';
import { drainThenClose } from './drain-then-close';

/**
 * The process's one NATS connection (`NatsConnection`) for what Nest's transport does not carry:
 * JetStream events and consumers, KV buckets, plain subscriptions. Inject it with `@Optional()`: a
 * process without NATS (the single process on its in-process bus) has none, and a service then
 * takes its in-memory path.
 */
export const NATS_CONNECTION = Symbol('NATS_CONNECTION');

export interface NatsConnectionModuleOptions {
  /** NATS server URL(s), comma-separated; absent or empty → no connection is provided. */
  readonly natsUrl?: string | undefined;
  /** The connection's name as the NATS server shows it (`nats server report connections`). */
  readonly name: string;
}

/**
 * Drains the connection after every service has stopped: a global module's shutdown hooks run after
 * those of the modules that import it (Nest orders hooks by module distance, globals last), so the
 * services' followers and stores are closed on a live connection and their last publishes are flushed.
 */
@Injectable()
class NatsConnectionCloser implements OnApplicationShutdown {
  constructor(@Inject(NATS_CONNECTION) private readonly nats: NatsConnection) {}

  async onApplicationShutdown(): Promise<void> {
    await drainThenClose(this.nats);
  }
}

/** Provides NATS_CONNECTION to every module of the process, opened once at startup. */
@Global()
@Module({})
export class NatsConnectionModule {
  static forRoot(options: NatsConnectionModuleOptions): DynamicModule {
    const natsUrl = options.natsUrl === '' ? undefined : options.natsUrl;
    if (natsUrl === undefined) {
      return { module: NatsConnectionModule };
    }
    return {
      module: NatsConnectionModule,
      providers: [
        {
          provide: NATS_CONNECTION,
          useFactory: (): Promise<NatsConnection> =>
            connect({
              servers: natsServers(natsUrl),
              name: options.name,
              // nats.js gives up after 10 attempts (~20 s); an outage longer than that must not
              // leave the service disconnected for good.
              maxReconnectAttempts: -1,
            }),
        },
        NatsConnectionCloser,
      ],
      exports: [NATS_CONNECTION],
    };
  }
}
