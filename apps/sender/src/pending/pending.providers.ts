import {
  CompletedTraceQueryRepository,
  DataSource,
  TransactionQueryRepository,
} from '@app/database';
import { NATS_CONNECTION } from '@app/nats';
import { componentLoggerProvider, EmulatorBehindNotice } from '@app/observability';
import { type Provider, type Type } from '@nestjs/common';
import { type NatsConnection } from '@nats-io/transport-node';
import { type Logger } from 'pino';
import { Registry } from 'prom-client';
import { SENT_MESSAGE_LISTENER } from '../send/sent-message.listener';
import { SenderPool } from '../sender-pool';
import { KvPendingTraceStore } from './kv-pending-trace.store';
import { LiteserverChainFactory } from './liteserver-chain';
import { MemoryPendingTraceStore } from './memory-pending-trace.store';
import { PendingStreamPublisher } from './pending-stream.publisher';
import { PENDING_TRACE_STORE, type PendingTraceStore } from './pending-trace.store';
import { PendingTracesController } from './pending-traces.controller';
import { PendingTracesService } from './pending-traces.service';
import { PendingMetrics, PendingStreamMetrics } from './pending.metrics';
import { PENDING_OPTIONS, type PendingOptions } from './pending.options';
import {
  COMPLETED_TRACES,
  INDEXED_TRANSACTIONS,
  PENDING_EMULATOR_BEHIND,
  PENDING_LOGGER,
  PENDING_STREAM_LOGGER,
} from './pending.tokens';
import { SandboxExecutor } from '../sandbox-executor';
import { TraceEmulator } from './trace-emulator';

const OPTIONAL_DATA_SOURCE = { token: DataSource, optional: true };

/**
 * What SenderModule adds for pending traces: the service (also the send path's SentMessageListener),
 * its options, the parts it emulates with (the head's states over SenderPool, the trace emulator on
 * the sandbox's executor, the notice of a network newer than the emulator), its metrics, the readers
 * of what PostgreSQL has indexed (null without the DataSource), its store (a JetStream KV bucket every
 * replica sees with the process's NATS connection, memory without one), and the publisher of pending
 * updates and invalidations to the Streaming API's log (STREAM_LOG when the process has one; the
 * RpcClient for address books when it has one) with its metrics. Needs SenderPool, the Registry and
 * the logger in the same module; PostgreSQL's DataSource when the global DatabaseModule is there
 * (without it traces only expire).
 */
export function pendingTracesProviders(options: PendingOptions): Provider[] {
  return [
    { provide: PENDING_OPTIONS, useValue: options },
    componentLoggerProvider(PENDING_LOGGER, 'pending-traces'),
    {
      provide: PendingMetrics,
      inject: [Registry],
      useFactory: (registry: Registry): PendingMetrics => new PendingMetrics(registry),
    },
    {
      provide: PENDING_EMULATOR_BEHIND,
      inject: [Registry, PENDING_LOGGER],
      useFactory: (registry: Registry, logger: Logger): EmulatorBehindNotice =>
        new EmulatorBehindNotice(registry, logger, 'pending_trace'),
    },
    {
      provide: LiteserverChainFactory,
      inject: [SenderPool],
      useFactory: (pool: SenderPool): LiteserverChainFactory => new LiteserverChainFactory(pool),
    },
    {
      provide: TraceEmulator,
      inject: [SandboxExecutor],
      useFactory: (executor: SandboxExecutor): TraceEmulator =>
        new TraceEmulator(() => executor.load()),
    },
    {
      provide: COMPLETED_TRACES,
      inject: [OPTIONAL_DATA_SOURCE],
      useFactory: (dataSource: DataSource | undefined): CompletedTraceQueryRepository | null =>
        dataSource === undefined ? null : new CompletedTraceQueryRepository(dataSource),
    },
    {
      provide: INDEXED_TRANSACTIONS,
      inject: [OPTIONAL_DATA_SOURCE],
      useFactory: (dataSource: DataSource | undefined): TransactionQueryRepository | null =>
        dataSource === undefined ? null : new TransactionQueryRepository(dataSource),
    },
    {
      provide: PENDING_TRACE_STORE,
      inject: [{ token: NATS_CONNECTION, optional: true }],
      useFactory: async (nats: NatsConnection | undefined): Promise<PendingTraceStore> =>
        nats === undefined
          ? new MemoryPendingTraceStore(options.ttlMs)
          : await KvPendingTraceStore.open(nats, options.bucket, options.ttlMs),
    },
    PendingTracesService,
    componentLoggerProvider(PENDING_STREAM_LOGGER, 'pending-stream'),
    {
      provide: PendingStreamMetrics,
      inject: [Registry],
      useFactory: (registry: Registry): PendingStreamMetrics => new PendingStreamMetrics(registry),
    },
    PendingStreamPublisher,
    { provide: SENT_MESSAGE_LISTENER, useExisting: PendingTracesService },
  ];
}

export const PENDING_TRACES_CONTROLLERS: Type[] = [PendingTracesController];
