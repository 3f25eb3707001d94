import {
  type BeforeApplicationShutdown,
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
} from '@nestjs/common';
import { type NatsConnection } from '@nats-io/transport-node';
import { NATS_CONNECTION } from '../connection/nats-connection.module';
import { JetStreamStreamLog } from './jetstream-stream-log';
import { MemoryStreamLog } from './memory-stream-log';
import { STREAM_LOG, type StreamLog } from './stream-log';

export interface StreamLogModuleOptions {
  readonly subjectPrefix?: string | undefined;
  /** The replay window (STREAM_RETENTION_SECONDS). */
  readonly retentionMs: number;
  /** JetStream byte budget of the stream (STREAM_MAX_BYTES); unlimited when absent. */
  readonly maxBytes?: number | undefined;
  /** In-memory ring size (entries) of the single process. */
  readonly maxEntries?: number;
}

const DEFAULT_MAX_ENTRIES = 50_000;

/**
 * Stops the log's followers before the process's NATS connection drains (NatsConnectionModule drains
 * it in `onApplicationShutdown`); the producers' appends need nothing stopped.
 */
@Injectable()
class StreamLogCloser implements BeforeApplicationShutdown {
  constructor(@Inject(STREAM_LOG) private readonly log: StreamLog) {}

  async beforeApplicationShutdown(): Promise<void> {
    await this.log.close();
  }
}

/**
 * Provides STREAM_LOG to every module of the process (producers append, the gateway follows): the
 * JetStream log on the process's NATS connection (NATS_CONNECTION) when it has one, else one shared
 * in-memory log (the single process without NATS).
 */
@Global()
@Module({})
export class StreamLogModule {
  static forRoot(options: StreamLogModuleOptions): DynamicModule {
    return {
      module: StreamLogModule,
      providers: [
        {
          provide: STREAM_LOG,
          inject: [{ token: NATS_CONNECTION, optional: true }],
          useFactory: (nats: NatsConnection | undefined): StreamLog =>
            nats === undefined
              ? new MemoryStreamLog({
                  retentionMs: options.retentionMs,
                  maxEntries: options.maxEntries ?? DEFAULT_MAX_ENTRIES,
                })
              : new JetStreamStreamLog(nats, {
                  retentionMs: options.retentionMs,
                  ...(options.subjectPrefix === undefined
                    ? {}
                    : { subjectPrefix: options.subjectPrefix }),
                  ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
                }),
        },
        StreamLogCloser,
      ],
      exports: [STREAM_LOG],
    };
  }
}
