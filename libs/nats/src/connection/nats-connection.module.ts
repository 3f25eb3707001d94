import {
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  type INestApplicationContext,
  Module,
  type OnApplicationShutdown,
  Optional,
} from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsServers } from '../nats-servers';
import { drainThenClose } from './drain-then-close';

/**
 * The process's one NATS connection (`NatsConnection`): requests and replies, JetStream events and
 * consumers, KV buckets, plain subscriptions. Inject it with `@Optional()`: a process without NATS
 * (the single process on its in-process bus) has none, and a service then takes its in-memory path.
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
 * those of the modules that import it (Nest orders hooks by module distance, globals last, and
 * among globals the one imported first last), so the services' followers and stores are closed on a
 * live connection and their last publishes are flushed. The RPC server stops taking requests before
 * any hook runs (Nest closes the transport first) and the stream log's followers stop in
 * `beforeApplicationShutdown`; composition roots import this module ahead of the others.
 */
@Injectable()
class NatsConnectionCloser implements OnApplicationShutdown {
  constructor(@Inject(NATS_CONNECTION) private readonly nats: NatsConnection) {}

  async onApplicationShutdown(): Promise<void> {
    await drainThenClose(this.nats);
  }
}

/** The process's connection, or none: what a composition root reads to wire the RPC server. */
@Injectable()
class ProcessNatsConnection {
  constructor(@Optional() @Inject(NATS_CONNECTION) readonly connection?: NatsConnection) {}
}

/**
 * The connection NatsConnectionModule gives `app`, undefined when it gives none (no NATS URL: the
 * in-process transport).
 */
export function natsConnectionOf(app: INestApplicationContext): NatsConnection | undefined {
  return app.get(ProcessNatsConnection, { strict: false }).connection;
}

/**
 * Provides NATS_CONNECTION to every module of the process, opened once at startup: the RPC client
 * (NatsRpcModule) and server (TonNatsServer), the stream log, JetStream publishers and consumers and
 * KV buckets all use it, so a process holds one connection to NATS.
 */
@Global()
@Module({})
export class NatsConnectionModule {
  static forRoot(options: NatsConnectionModuleOptions): DynamicModule {
    const natsUrl = options.natsUrl === '' ? undefined : options.natsUrl;
    if (natsUrl === undefined) {
      return {
        module: NatsConnectionModule,
        providers: [ProcessNatsConnection],
        exports: [ProcessNatsConnection],
      };
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
        ProcessNatsConnection,
      ],
      exports: [NATS_CONNECTION, ProcessNatsConnection],
    };
  }
}
