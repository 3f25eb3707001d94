import {
  AckPolicy,
  type ConsumerConfig,
  type ConsumerInfo,
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
import { streamReplicas } from './stream-replicas';

/**
 * Small JetStream helpers for the event side of the mesh (ingestor → decoder). Events are wake-up
 * hints: consumers re-read progress from PostgreSQL, so at-least-once delivery
 * with explicit acks is all that is needed here.
 */

export interface StreamSpec {
  name: string;
  subjects: string[];
  /** Discard events older than this (default: keep until limits). */
  maxAgeMs?: number;
  /** Discard the oldest events beyond this many bytes (default: unlimited). */
  maxBytes?: number;
  /** Servers holding the stream (default NATS_STREAM_REPLICAS, itself 1). */
  replicas?: number;
}

/**
 * Creates the stream, or updates its subjects, max age and replicas if it exists (idempotent at every
 * boot; a clustered JetStream moves an existing stream to the new replica count).
 */
export async function ensureStream(nc: NatsConnection, spec: StreamSpec): Promise<StreamInfo> {
  const jsm = await jetstreamManager(nc);
  const config = {
    name: spec.name,
    subjects: spec.subjects,
    num_replicas: spec.replicas ?? streamReplicas(),
    ...(spec.maxAgeMs === undefined ? {} : { max_age: spec.maxAgeMs * 1_000_000 }),
    ...(spec.maxBytes === undefined ? {} : { max_bytes: spec.maxBytes }),
  };
  let existing: StreamInfo;
  try {
    existing = await jsm.streams.info(spec.name);
  } catch (err) {
    if (err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamNotFound) {
      return jsm.streams.add(config);
    }
    throw err;
  }
  // Only a changed stream is updated: every service ensures the streams it uses at boot, and an
  // update of a replicated stream that another service has just created can outlast the request's
  // timeout while its replicas form.
  const current = existing.config;
  const unchanged =
    [...current.subjects].sort().join(' ') === [...config.subjects].sort().join(' ') &&
    current.num_replicas === config.num_replicas &&
    (config.max_age === undefined || current.max_age === config.max_age) &&
    (config.max_bytes === undefined || current.max_bytes === config.max_bytes);
  return unchanged ? existing : jsm.streams.update(spec.name, config);
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
  /**
   * How long each pull waits on the server (default 30 s). The server sends idle heartbeats every
   * half of it, and the client checks its consumer again after two are missed or at a reconnect, so
   * this bounds how long a deleted consumer or stream can go unnoticed.
   */
  pullExpiresMs?: number;
  /**
   * The first stream sequence a durable created by this call delivers (default: the stream's first).
   * A durable that already exists keeps its own position.
   */
  startSeq?: number;
  /**
   * Told once, at once, when the consumer or its stream is found gone (deleted, or a server restarted
   * without its store) or the server stopped sending heartbeats; the iteration then ends (after the
   * events already buffered, with an error when the server said what was missing).
   */
  onLost?: (reason: string) => void;
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
 * that fail `schema` are terminated (never redelivered) and reported to `onInvalid`. Unlike the
 * client's default, which keeps waiting for a consumer that no longer exists, the iteration ends
 * when the consumer or its stream is gone (`onLost`), so that the caller can create it again.
 */
export async function consumeDurable<T>(
  nc: NatsConnection,
  spec: DurableConsumerSpec,
  schema: z.ZodType<T>,
  onInvalid?: (subject: string, seq: number, error: unknown) => void,
): Promise<DurableEvents<T>> {
  await ensureDurable(nc, spec);
  const consumer = await jetstream(nc).consumers.get(spec.stream, spec.durable);
  const messages: ConsumerMessages = await consumer.consume({
    max_messages: spec.batch ?? 16,
    expires: spec.pullExpiresMs ?? 30_000,
    abort_on_missing_resource: true,
  });
  watchLost(messages, spec.onLost);
  return validEvents(messages, schema, onInvalid, (msg) => {
    msg.term('invalid payload');
  });
}

/**
 * Creates the durable, or updates the one that exists. The start of delivery is fixed when a consumer
 * is created (the server refuses to change it), so an existing durable is updated with its own.
 */
async function ensureDurable(nc: NatsConnection, spec: DurableConsumerSpec): Promise<void> {
  const jsm = await jetstreamManager(nc);
  let existing: ConsumerInfo | undefined;
  try {
    existing = await jsm.consumers.info(spec.stream, spec.durable);
  } catch (err) {
    if (!(err instanceof JetStreamApiError && err.code === JetStreamApiCodes.ConsumerNotFound)) {
      throw err;
    }
  }
  const start: Partial<ConsumerConfig> =
    existing !== undefined
      ? pickStart(existing.config)
      : spec.startSeq === undefined
        ? {}
        : { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: spec.startSeq };
  await jsm.consumers.add(spec.stream, {
    durable_name: spec.durable,
    ack_policy: AckPolicy.Explicit,
    ack_wait: (spec.ackWaitMs ?? 30_000) * 1_000_000,
    ...(spec.filterSubject === undefined ? {} : { filter_subject: spec.filterSubject }),
    ...start,
  });
}

function pickStart(config: ConsumerConfig): Partial<ConsumerConfig> {
  return {
    deliver_policy: config.deliver_policy,
    ...(config.opt_start_seq === undefined ? {} : { opt_start_seq: config.opt_start_seq }),
    ...(config.opt_start_time === undefined ? {} : { opt_start_time: config.opt_start_time }),
  };
}

/**
 * Missed heartbeats after which the consume is given up: the client itself checks the consumer and
 * pulls again after two; four means even that went unanswered.
 */
const LOST_AFTER_MISSED_HEARTBEATS = 4;

/** Reports the first notification that the consume cannot go on, and ends it on missed heartbeats. */
function watchLost(messages: ConsumerMessages, onLost?: (reason: string) => void): void {
  void (async () => {
    // Ends when the consume stops: the client stops every status iterator with it.
    for await (const status of messages.status()) {
      let reason: string | undefined;
      if (status.type === 'consumer_deleted') {
        reason = 'consumer deleted';
      } else if (status.type === 'consumer_not_found') {
        reason = 'consumer not found';
      } else if (status.type === 'stream_not_found') {
        reason = 'stream not found';
      } else if (
        status.type === 'heartbeats_missed' &&
        status.count >= LOST_AFTER_MISSED_HEARTBEATS
      ) {
        reason = `${String(status.count)} heartbeats missed`;
        // The client would keep waiting: end the iteration (after what is buffered).
        void messages.close();
      }
      if (reason !== undefined) {
        onLost?.(reason);
        return;
      }
    }
  })();
}

export interface FollowSpec {
  stream: string;
  filterSubject: string;
  /**
   * How long each pull waits on the server (default 30 s); heartbeats come every half of it, which
   * bounds how long a server that stopped answering goes unnoticed (as for consumeDurable).
   */
  pullExpiresMs?: number;
  /**
   * Told once, at once, when the follow cannot go on: its consumer or its stream is gone (deleted, or
   * a server restarted without its store) or the server stopped sending heartbeats. The iteration
   * then ends, with an error when the server said what was missing.
   */
  onLost?: (reason: string) => void;
}

/**
 * Follows the events published to `stream` on `filterSubject` from now on, with an ephemeral ordered
 * consumer: every caller sees every event (no queue, no acks), as each replica of a service that keeps
 * its own in-memory work needs. Invalid payloads are skipped and reported to `onInvalid`. Unlike the
 * client's default, which keeps re-creating its consumer on a stream that no longer exists (or on a
 * new stream of the same name, from a sequence that stream may never reach), the iteration ends when
 * the stream or the consumer is gone (`onLost`): NewEventsFollower follows again from then on.
 */
export async function followNewEvents<T>(
  nc: NatsConnection,
  spec: FollowSpec,
  schema: z.ZodType<T>,
  onInvalid?: (subject: string, seq: number, error: unknown) => void,
): Promise<DurableEvents<T>> {
  const consumer = await jetstream(nc).consumers.get(spec.stream, {
    // A single string becomes `filter_subject`, which servers before 2.10 understand.
    filter_subjects: spec.filterSubject,
    deliver_policy: DeliverPolicy.New,
  });
  const messages: ConsumerMessages = await consumer.consume({
    expires: spec.pullExpiresMs ?? 30_000,
    abort_on_missing_resource: true,
  });
  watchLost(messages, spec.onLost);
  return validEvents(messages, schema, onInvalid);
}

/**
 * The events of `messages` whose payload passes `schema`, closable. An invalid one is handed to
 * `reject` (a durable terminates it, so that it is never redelivered), then reported to `onInvalid`.
 */
function validEvents<T>(
  messages: ConsumerMessages,
  schema: z.ZodType<T>,
  onInvalid: ((subject: string, seq: number, error: unknown) => void) | undefined,
  reject?: (msg: JsMsg) => void,
): DurableEvents<T> {
  async function* iterate(): AsyncGenerator<EventDelivery<T>> {
    for await (const msg of messages) {
      const delivery = toDelivery(msg, schema);
      if (delivery.ok) {
        yield delivery.value;
      } else {
        reject?.(msg);
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
