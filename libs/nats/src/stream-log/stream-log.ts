import { type StreamSubject } from '@app/contracts';

/**
 * The ordered, replayable log behind the Streaming API v2: producers append rendered
 * snapshots, every gateway replica follows it and derives its clients' notifications. Positions
 * (`seq`) are global and dense per log, so a client's last seen position means the same thing on every
 * replica: that is what makes replay after a reconnect exact (no gap, no duplicate).
 *
 * Two implementations: JetStream (the mesh; retention is the replay window, any number of replicas)
 * and in-memory (the single process without NATS; a bounded ring).
 */
export interface StreamLogEntry {
  readonly seq: number;
  readonly subject: StreamSubject;
  /** The JSON payload as published (parse with the subject's zod schema from @app/contracts). */
  readonly payload: unknown;
  /**
   * True when its producer checked the payload against its subject's contract before appending it:
   * in this process (the in-memory log), or, over JetStream, against the very contracts this build
   * has (its contract fingerprint header, contract-fingerprint.ts, equals ours). A follower need not
   * check it again, but must not trust it to be well formed beyond that. An entry from a producer
   * built from other contracts, or one that did not say, is checked where it is read.
   */
  readonly checked?: true;
}

/** How an entry is appended. */
export interface AppendOptions {
  /** `JSON.stringify(payload)`, when the caller has it already: the log does not serialise again. */
  readonly json?: string;
  /** The caller checked the payload against its subject's schema (StreamLogEntry.checked). */
  readonly checked?: boolean;
  /**
   * The caller gives the payload up and never changes it again: a follower in the same process may
   * be handed the object itself instead of a copy (over the wire the JSON travels regardless).
   */
  readonly handedOver?: boolean;
}

export type StreamLogStart =
  /** Only entries appended after the follower starts. */
  | { readonly kind: 'new' }
  /** Every retained entry with `seq >= seq`, then live ones. */
  | { readonly kind: 'seq'; readonly seq: number };

export interface StreamFollower {
  /** Stops delivery; no `onEntry` call happens after it resolves. */
  close(): Promise<void>;
}

export interface StreamLog {
  /**
   * Appends `payload` (JSON-serialisable) under `subject`. `msgId` de-duplicates: a second append with
   * the same id within the duplicate window returns the first one's seq and stores nothing.
   */
  append(
    subject: StreamSubject,
    payload: unknown,
    msgId: string,
    options?: AppendOptions,
  ): Promise<number>;
  /**
   * Calls `onEntry` for each entry from `start`, strictly in seq order, each once. A slow `onEntry`
   * (a promise) delays the next delivery (back-pressure to the log, not to memory).
   */
  follow(
    start: StreamLogStart,
    onEntry: (entry: StreamLogEntry) => void | Promise<void>,
  ): Promise<StreamFollower>;
  /** First and last retained seq (`first > last` when empty; `last` is 0 before the first append). */
  bounds(): Promise<{ readonly first: number; readonly last: number }>;
  close(): Promise<void>;
}

/** Nest injection token of the process's StreamLog (StreamLogModule). */
export const STREAM_LOG = Symbol('STREAM_LOG');
