import { type StreamingEnv } from '@app/config';
import { type FrameRateLimits } from './limits/frame-rate';

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
  /**
   * Frames one WebSocket connection may send: a token bucket checked before a frame is parsed, so a
   * flood of subscribes costs the server what the rate allows (limits/frame-rate.ts).
   */
  readonly wsFrames: FrameRateLimits;
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
  // A client subscribes, re-subscribes now and then and pings every few seconds: 10 frames a second
  // with 50 at once is far above that; 20 refusals in a row is a client that does not listen.
  wsFrames: { framesPerSecond: 10, burst: 50, refusedBeforeClose: 20, bytesPerToken: 64 * 1024 },
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
