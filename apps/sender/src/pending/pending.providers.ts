import { NATS_CONNECTION } from '@app/nats';
import { type Provider, type Type } from '@nestjs/common';
import { type NatsConnection } from '@nats-io/transport-node';
import { SENT_MESSAGE_LISTENER } from '../send/sent-message.listener';
import { KvPendingTraceStore } from './kv-pending-trace.store';
import { MemoryPendingTraceStore } from './memory-pending-trace.store';
import { PendingStreamPublisher } from './pending-stream.publisher';
import { PENDING_TRACE_STORE, type PendingTraceStore } from './pending-trace.store';
import { PendingTracesController } from './pending-traces.controller';
import { PendingTracesService } from './pending-traces.service';
import { PENDING_OPTIONS, type PendingOptions } from './pending.options';

/**
 * What SenderModule adds for pending traces: the service (also the send path's SentMessageListener),
 * its options, its store (a JetStream KV bucket every replica sees with the process's NATS connection,
 * memory without one), and the publisher of pending updates and invalidations to the Streaming API's
 * log (STREAM_LOG when the process has one; the RpcClient for address books when it has one). Needs
 * SenderPool, the Registry and the logger in the same module; PostgreSQL's DataSource when the global
 * DatabaseModule is there (without it traces only expire).
 */
export function pendingTracesProviders(options: PendingOptions): Provider[] {
  return [
    { provide: PENDING_OPTIONS, useValue: options },
    {
      provide: PENDING_TRACE_STORE,
      inject: [{ token: NATS_CONNECTION, optional: true }],
      useFactory: async (nats: NatsConnection | undefined): Promise<PendingTraceStore> =>
        nats === undefined
          ? new MemoryPendingTraceStore(options.ttlMs)
          : await KvPendingTraceStore.open(nats, options.bucket, options.ttlMs),
    },
    PendingTracesService,
    PendingStreamPublisher,
    { provide: SENT_MESSAGE_LISTENER, useExisting: PendingTracesService },
  ];
}

export const PENDING_TRACES_CONTROLLERS: Type[] = [PendingTracesController];
