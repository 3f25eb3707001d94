import { type StreamingEnv } from '@app/config';

/** The Streaming API's limits and timings (libs/config "Streaming API"). */
export interface StreamingOptions {
  /** Per-connection queue: at most this many frames waiting to be read… */
  readonly queueMessages: number;
  /** …and this many bytes; beyond either the client is disconnected as a slow consumer. */
  readonly queueBytes: number;
  /** Parallel connections of a caller without a key (per client IP). */
  readonly anonymousConnections: number;
  /** Subscribed addresses of a caller without a key, over its connections. */
  readonly anonymousAddresses: number;
  /** SSE `: keepalive` interval and WebSocket ping interval (toncenter: 15 s). */
  readonly keepaliveMs: number;
  /** Follow the log from boot rather than from the first client. */
  readonly followAtBoot: boolean;
  /** Entries before a resume point re-derived silently to restore `trace_invalidated` tracking. */
  readonly replayLookbackEntries: number;
  /** Traces per client awaiting finalization or invalidation. */
  readonly maxOpenTraces: number;
  /**
   * How long a WebSocket over its caller's connection limit waits for a `subscribe` carrying `since`
   * (a resume evicts the oldest connection) before it is refused.
   */
  readonly admissionWaitMs: number;
  /** Redis key prefix of the shared connection counts (tests isolate runs). */
  readonly limitKeyPrefix?: string | undefined;
}

export const DEFAULT_STREAMING: StreamingOptions = {
  queueMessages: 1024,
  queueBytes: 4 * 1024 * 1024,
  anonymousConnections: 2,
  anonymousAddresses: 100,
  keepaliveMs: 15_000,
  followAtBoot: false,
  replayLookbackEntries: 1000,
  maxOpenTraces: 10_000,
  admissionWaitMs: 2000,
};

export function streamingFromEnv(env: StreamingEnv): StreamingOptions {
  return {
    ...DEFAULT_STREAMING,
    queueMessages: env.STREAMING_QUEUE_MESSAGES,
    queueBytes: env.STREAMING_QUEUE_BYTES,
    anonymousConnections: env.STREAMING_ANON_CONNECTIONS,
    anonymousAddresses: env.STREAMING_ANON_ADDRESSES,
    followAtBoot: env.STREAMING_FOLLOW_AT_BOOT === 'on',
  };
}
