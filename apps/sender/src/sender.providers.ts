import { NATS_CONNECTION } from '@app/nats';
import { type Provider } from '@nestjs/common';
import { type NatsConnection } from '@nats-io/transport-node';
import { Registry } from 'prom-client';
import {
  JetStreamMessageEventsPublisher,
  MESSAGE_EVENTS,
  type MessageEventsPublisher,
  NO_MESSAGE_EVENTS,
} from './events/message-events.publisher';
import { LandingService } from './landing/landing.service';
import { SenderMetrics } from './metrics/sender.metrics';
import {
  KvSentMessageStore,
  MemorySentMessageStore,
  SENT_MESSAGE_STORE,
  type SentMessageStore,
} from './send/sent-message.store';
import { SENDER_OPTIONS, type SenderOptions } from './sender.options';

/** The JetStream KV bucket of sent hashes (one per deployment). */
const SENT_BUCKET = 'ton_sent_messages';

const OPTIONAL_NATS = { token: NATS_CONNECTION, optional: true };

/**
 * What the send path is built from: the shared store of sent hashes (JetStream KV, or memory in a
 * process without NATS), the events (JetStream, or none), the metrics and the landing watcher.
 */
export const SENDER_RUNTIME_PROVIDERS: Provider[] = [
  {
    provide: SenderMetrics,
    inject: [Registry],
    useFactory: (registry: Registry) => new SenderMetrics(registry),
  },
  {
    provide: SENT_MESSAGE_STORE,
    inject: [SENDER_OPTIONS, OPTIONAL_NATS],
    useFactory: async (
      options: SenderOptions,
      nats: NatsConnection | undefined,
    ): Promise<SentMessageStore> =>
      nats === undefined
        ? new MemorySentMessageStore(options.dedupeTtlMs)
        : await KvSentMessageStore.open(nats, SENT_BUCKET, options.dedupeTtlMs),
  },
  {
    provide: MESSAGE_EVENTS,
    inject: [OPTIONAL_NATS],
    useFactory: (nats: NatsConnection | undefined): MessageEventsPublisher =>
      nats === undefined ? NO_MESSAGE_EVENTS : new JetStreamMessageEventsPublisher(nats),
  },
  LandingService,
];
