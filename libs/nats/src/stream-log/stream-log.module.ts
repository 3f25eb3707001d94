import {
  type DynamicModule,
  Global,
  Inject,
  Module,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsServers } from '../nats-servers';
import { drainThenClose } from '../connection/drain-then-close';
import { JetStreamStreamLog } from './jetstream-stream-log';
import { MemoryStreamLog } from './memory-stream-log';
import { STREAM_LOG, type StreamLog } from './stream-log';

export interface StreamLogModuleOptions {
  /** NATS servers (comma-separated): the JetStream log. Absent: the in-memory log of one process. */
  readonly natsUrl?: string | undefined;
  readonly subjectPrefix?: string | undefined;
  /** The replay window (STREAM_RETENTION_SECONDS). */
  readonly retentionMs: number;
  /** JetStream byte budget of the stream (STREAM_MAX_BYTES); unlimited when absent. */
  readonly maxBytes?: number | undefined;
  /** In-memory ring size (entries) of the single process. */
  readonly maxEntries?: number;
}

const DEFAULT_MAX_ENTRIES = 50_000;

interface OpenedLog {
  readonly log: StreamLog;
  readonly nc: NatsConnection | undefined;
}

const OPENED_LOG = Symbol('OPENED_STREAM_LOG');

class StreamLogCloser implements OnApplicationShutdown {
  constructor(@Inject(OPENED_LOG) private readonly opened: OpenedLog) {}

  async onApplicationShutdown(): Promise<void> {
    await this.opened.log.close();
    if (this.opened.nc) {
      await drainThenClose(this.opened.nc);
    }
  }
}

/**
 * Provides STREAM_LOG to every module of the process (producers append, the gateway follows): the
 * JetStream log in the mesh, one shared in-memory log in the single process without NATS.
 */
@Global()
@Module({})
export class StreamLogModule {
  static forRoot(options: StreamLogModuleOptions): DynamicModule {
    return {
      module: StreamLogModule,
      providers: [
        {
          provide: OPENED_LOG,
          useFactory: async (): Promise<OpenedLog> => {
            if (options.natsUrl === undefined) {
              return {
                nc: undefined,
                log: new MemoryStreamLog({
                  retentionMs: options.retentionMs,
                  maxEntries: options.maxEntries ?? DEFAULT_MAX_ENTRIES,
                }),
              };
            }
            const nc = await connect({
              servers: natsServers(options.natsUrl),
              name: 'stream-log',
              maxReconnectAttempts: -1,
            });
            return {
              nc,
              log: new JetStreamStreamLog(nc, {
                retentionMs: options.retentionMs,
                ...(options.subjectPrefix === undefined
                  ? {}
                  : { subjectPrefix: options.subjectPrefix }),
                ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
              }),
            };
          },
        },
        { provide: STREAM_LOG, inject: [OPENED_LOG], useFactory: (o: OpenedLog) => o.log },
        StreamLogCloser,
      ],
      exports: [STREAM_LOG],
    };
  }
}
