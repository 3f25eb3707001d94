import {
  AckPolicy,
  type ConsumerMessages,
  DeliverPolicy,
  jetstream,
  JetStreamApiCodes,
  JetStreamApiError,
  jetstreamManager,
  type JsMsg,
  type StreamInfo,
} from '@nats-io/jetstream';
import { type NatsConnection } from '@nats-io/transport-node';
import { type z } from 'zod';

import { requestHeaders } from '../headers';

/**
 * Small JetStream helpers for the event side of the mesh (ingestor → decoder). Events are wake-up
 * hints: consumers re-read progress from PostgreSQL (house style 3.2), so at-least-once delivery
 * with explicit acks is all that is needed here.
 */

export interface StreamSpec {
  name: string;
  subjects: string[];
  /** Discard events older than this (default: keep until limits). */
  maxAgeMs?: number;
  /** Discard the oldest events beyond this many bytes (default: unlimited). */
  maxBytes?: number;
}

/** Creates the stream, or updates its subjects/max age if it exists (idempotent at every boot). */
export async function ensureStream(nc: NatsConnection, spec: StreamSpec): Promise<StreamInfo> {
  const jsm = await jetstreamManager(nc);
  const config = {
    name: spec.name,
    subjects: spec.subjects,
    ...(spec.maxAgeMs === undefined ? {} : { max_age: spec.maxAgeMs * 1_000_000 }),
    ...(spec.maxBytes === undefined ? {} : { max_bytes: spec.maxBytes }),
  };
  try {
    await jsm.streams.info(spec.name);
  } catch (err) {
    if (err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamNotFound) {
      return jsm.streams.add(config);
    }
    throw err;
  }
  return jsm.streams.update(spec.name, config);
}

export interface PublishEventOptions {
  /** JetStream de-duplication id (`Nats-Msg-Id`): a retried publish is stored once. */
  msgId?: string;
  requestId?: string;
}

export interface PublishedEvent {
  stream: string;
  seq: number;
  duplicate: boolean;
}

/** Publishes a JSON event (JSON.stringify throws on bigint: use decimal strings) and awaits the ack. */
export async function publishEvent(
  nc: NatsConnection,
  subject: string,
  payload: unknown,
  options: PublishEventOptions = {},
): Promise<PublishedEvent> {
  const js = jetstream(nc);
  const ack = await js.publish(subject, JSON.stringify(payload), {
    ...(options.msgId === undefined ? {} : { msgID: options.msgId }),
    ...(options.requestId === undefined ? {} : { headers: requestHeaders(options.requestId) }),
  });
  return { stream: ack.stream, seq: ack.seq, duplicate: ack.duplicate };
}

export interface DurableConsumerSpec {
  stream: string;
  /** Durable name: progress survives restarts and replicas share the deliveries. */
  durable: string;
  filterSubject?: string;
  /** Redeliver an unacknowledged event after this long (default 30 s). */
  ackWaitMs?: number;
  /** How many events to buffer per pull (default 16). */
  batch?: number;
}

/** One delivered event with its validated payload. */
export interface EventDelivery<T> {
  subject: string;
  /** Stream sequence. */
  seq: number;
  deliveryCount: number;
  payload: T;
  /** Acknowledge and wait for the server's confirmation. */
  ack(): Promise<void>;
  /** Ask for redelivery, optionally after a delay. */
  nak(delayMs?: number): void;
  /** Never redeliver (poison event). */
  term(reason?: string): void;
}

/** An async iterator over a durable pull consumer; `close()` ends the iteration. */
export interface DurableEvents<T> extends AsyncIterable<EventDelivery<T>> {
  close(): Promise<void>;
}

/**
 * Creates (or reuses) a durable pull consumer with explicit acks and iterates its events. Payloads
 * that fail `schema` are terminated (never redelivered) and reported to `onInvalid`.
 */
export async function consumeDurable<T>(
  nc: NatsConnection,
  spec: DurableConsumerSpec,
  schema: z.ZodType<T>,
  onInvalid?: (subject: string, seq: number, error: unknown) => void,
): Promise<DurableEvents<T>> {
  const jsm = await jetstreamManager(nc);
  await jsm.consumers.add(spec.stream, {
    durable_name: spec.durable,
    ack_policy: AckPolicy.Explicit,
    ack_wait: (spec.ackWaitMs ?? 30_000) * 1_000_000,
    ...(spec.filterSubject === undefined ? {} : { filter_subject: spec.filterSubject }),
  });
  const consumer = await jetstream(nc).consumers.get(spec.stream, spec.durable);
  const messages: ConsumerMessages = await consumer.consume({ max_messages: spec.batch ?? 16 });

  async function* iterate(): AsyncGenerator<EventDelivery<T>> {
    for await (const msg of messages) {
      const delivery = toDelivery(msg, schema);
      if (delivery.ok) {
        yield delivery.value;
      } else {
        msg.term('invalid payload');
        onInvalid?.(msg.subject, msg.seq, delivery.error);
      }
    }
  }

  return {
    [Symbol.asyncIterator]: iterate,
    close: async () => {
      await messages.close();
    },
  };
}

/**
 * Follows the events published to `stream` on `filterSubject` from now on, with an ephemeral ordered
 * consumer: every caller sees every event (no queue, no acks), as each replica of a service that keeps
 * its own in-memory work needs. Invalid payloads are skipped and reported to `onInvalid`.
 */
export async function followNewEvents<T>(
  nc: NatsConnection,
  spec: { stream: string; filterSubject: string },
  schema: z.ZodType<T>,
  onInvalid?: (subject: string, seq: number, error: unknown) => void,
): Promise<DurableEvents<T>> {
  const consumer = await jetstream(nc).consumers.get(spec.stream, {
    // A single string becomes `filter_subject`, which servers before 2.10 understand.
    filter_subjects: spec.filterSubject,
    deliver_policy: DeliverPolicy.New,
  });
  const messages: ConsumerMessages = await consumer.consume();

  async function* iterate(): AsyncGenerator<EventDelivery<T>> {
    for await (const msg of messages) {
      const delivery = toDelivery(msg, schema);
      if (delivery.ok) {
        yield delivery.value;
      } else {
        onInvalid?.(msg.subject, msg.seq, delivery.error);
      }
    }
  }

  return {
    [Symbol.asyncIterator]: iterate,
    close: async () => {
      await messages.close();
    },
  };
}

function toDelivery<T>(
  msg: JsMsg,
  schema: z.ZodType<T>,
): { ok: true; value: EventDelivery<T> } | { ok: false; error: unknown } {
  let raw: unknown;
  try {
    raw = JSON.parse(msg.string());
  } catch (error) {
    return { ok: false, error };
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    return { ok: false, error: parsed.error };
  }
  return {
    ok: true,
    value: {
      subject: msg.subject,
      seq: msg.seq,
      deliveryCount: msg.info.deliveryCount,
      payload: parsed.data,
      ack: async () => {
        await msg.ackAck();
      },
      nak: (delayMs) => {
        msg.nak(delayMs);
      },
      term: (reason) => {
        msg.term(reason);
      },
    },
  };
}

export { connect as connectNats } from '@nats-io/transport-node';
