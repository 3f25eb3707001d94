import { type Provider, type Type } from '@nestjs/common';
import { SENT_MESSAGE_LISTENER } from '../send/sent-message.listener';
import { PendingStreamPublisher } from './pending-stream.publisher';
import { PendingTracesController } from './pending-traces.controller';
import { PendingTracesService } from './pending-traces.service';
import { PENDING_OPTIONS, type PendingOptions } from './pending.options';

/**
 * What SenderModule adds for pending traces: the service (also the send path's SentMessageListener),
 * its options, and the publisher of pending updates and invalidations to the Streaming API's log
 * (STREAM_LOG when the process has one; the RpcClient for address books when it has one). Needs SenderPool, the Registry and the logger in the same module; PostgreSQL's
 * DataSource when the global DatabaseModule is there (without it traces only expire).
 */
export function pendingTracesProviders(options: PendingOptions): Provider[] {
  return [
    { provide: PENDING_OPTIONS, useValue: options },
    PendingTracesService,
    PendingStreamPublisher,
    { provide: SENT_MESSAGE_LISTENER, useExisting: PendingTracesService },
  ];
}

export const PENDING_TRACES_CONTROLLERS: Type[] = [PendingTracesController];
