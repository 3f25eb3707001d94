import { prefixSubject, Subjects, type StreamSubject } from '@app/contracts';
import {
  type ConsumerMessages,
  DeliverPolicy,
  jetstream,
  type JetStreamClient,
  jetstreamManager,
} from '@nats-io/jetstream';
import { headers, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import { ensureStream } from '../jetstream/jetstream.helpers';
import { CHECKED_CONTRACT_HEADER, streamContractFingerprint } from './contract-fingerprint';
import {
  type AppendOptions,
  type StreamFollower,
  type StreamLog,
  type StreamLogEntry,
  type StreamLogStart,
} from './stream-log';

export interface JetStreamStreamLogOptions {
  /**
   * Prepended to every `ton.stream.v1.*` subject as the RPC subjects are (`<prefix>.<subject>`, see
   * prefixSubject): tests and shared NATS accounts isolate with it.
   */
  readonly subjectPrefix?: string;
  /** The replay window: entries older than this are discarded by JetStream. */
  readonly retentionMs: number;
  /** A byte budget for the stream (oldest discarded first); unlimited when absent. */
  readonly maxBytes?: number;
}

const STREAM_SUBJECTS = new Set<string>(Object.values(Subjects.stream));
const STREAM_BASE_NAME = 'TON_STREAMING';

/**
 * The StreamLog of the mesh: a JetStream stream whose sequence is the replay position. Appends carry
 * `Nats-Msg-Id`, so a producer that retries (or two that render the same block) store it once within
 * the duplicate window; followers are ordered consumers (no acks, recreated by the client on gaps).
 */
export class JetStreamStreamLog implements StreamLog {
  private readonly js: JetStreamClient;
  private readonly prefix: string;
  private readonly streamName: string;
  private ready: Promise<unknown> | undefined;
  private readonly followers = new Set<ConsumerMessages>();

  constructor(
    private readonly nc: NatsConnection,
    private readonly options: JetStreamStreamLogOptions,
  ) {
    this.js = jetstream(nc);
    this.prefix = prefixSubject(options.subjectPrefix ?? '', '');
    this.streamName = streamNameFor(options.subjectPrefix ?? '');
  }

  async append(
    subject: StreamSubject,
    payload: unknown,
    msgId: string,
    options: AppendOptions = {},
  ): Promise<number> {
    await this.ensure();
    const json = options.json ?? JSON.stringify(payload);
    // A checked entry says against which contracts: a follower built from the same ones need not
    // check it again, one built from others (a rolling upgrade) does.
    const ack = await this.js.publish(`${this.prefix}${subject}`, json, {
      msgID: msgId,
      ...(options.checked === true ? { headers: checkedHeaders() } : {}),
    });
    // For a duplicate JetStream answers with the sequence of the copy it kept.
    return ack.seq;
  }

  async follow(
    start: StreamLogStart,
    onEntry: (entry: StreamLogEntry) => void | Promise<void>,
  ): Promise<StreamFollower> {
    await this.ensure();
    const consumer = await this.js.consumers.get(this.streamName, {
      filter_subjects: `${this.prefix}ton.stream.v1.>`,
      ...(start.kind === 'new'
        ? { deliver_policy: DeliverPolicy.New }
        : { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: Math.max(1, start.seq) }),
    });
    const messages = await consumer.consume();
    this.followers.add(messages);
    const state = { closed: false };
    const done = (async () => {
      for await (const message of messages) {
        // Entries buffered before close() must not reach a follower that has gone.
        if (state.closed) {
          break;
        }
        const subject = message.subject.slice(this.prefix.length);
        if (!isStreamSubject(subject)) {
          continue;
        }
        let payload: unknown;
        try {
          payload = JSON.parse(message.string());
        } catch {
          // Not ours to judge further: the hub checks each unchecked payload against its contract.
          continue;
        }
        const checked =
          message.headers?.get(CHECKED_CONTRACT_HEADER) === streamContractFingerprint();
        await onEntry({ seq: message.seq, subject, payload, ...(checked ? { checked } : {}) });
      }
    })();
    return {
      close: async () => {
        state.closed = true;
        this.followers.delete(messages);
        await messages.close();
        await done.catch(() => undefined);
      },
    };
  }

  async bounds(): Promise<{ readonly first: number; readonly last: number }> {
    await this.ensure();
    const jsm = await jetstreamManager(this.nc);
    const info = await jsm.streams.info(this.streamName);
    const { messages, first_seq: first, last_seq: last } = info.state;
    // An empty stream reports first 0 (new) or last + 1 (all expired): the contract wants last + 1.
    return { first: messages === 0 ? last + 1 : first, last };
  }

  async close(): Promise<void> {
    await Promise.all([...this.followers].map((m) => m.close()));
    this.followers.clear();
  }

  private ensure(): Promise<unknown> {
    this.ready ??= ensureStream(this.nc, {
      name: this.streamName,
      subjects: [`${this.prefix}ton.stream.v1.>`],
      maxAgeMs: this.options.retentionMs,
      ...(this.options.maxBytes === undefined ? {} : { maxBytes: this.options.maxBytes }),
    }).catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }
}

function isStreamSubject(subject: string): subject is StreamSubject {
  return STREAM_SUBJECTS.has(subject);
}

/** One stream per subject prefix (stream names allow only [A-Za-z0-9_-]). */
export function streamNameFor(prefix: string): string {
  const suffix = prefix.replace(/[^A-Za-z0-9_-]/g, '_').replace(/_+$/, '');
  return suffix === '' ? STREAM_BASE_NAME : `${STREAM_BASE_NAME}_${suffix}`;
}

function checkedHeaders(): MsgHdrs {
  const h = headers();
  h.set(CHECKED_CONTRACT_HEADER, streamContractFingerprint());
  return h;
}
