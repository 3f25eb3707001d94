import { z } from 'zod';
import { enumVar, intVar } from './env-vars';

/**
 * The gateway's Streaming API v2 (issue 12): per-connection buffers and the limits of callers
 * without an API key (a key's limits are its plan's columns). Documented in libs/config/README.md
 * ("Streaming API").
 */
export const streamingEnv = {
  /** Frames a connection may have waiting to be read before it is disconnected as a slow consumer. */
  STREAMING_QUEUE_MESSAGES: intVar(16, 1_000_000, 1024),
  /** Bytes a connection may have waiting to be read (same). */
  STREAMING_QUEUE_BYTES: intVar(65_536, 1024 * 1024 * 1024, 4 * 1024 * 1024),
  /** Parallel streaming connections per client IP without a key (toncenter: 0). */
  STREAMING_ANON_CONNECTIONS: intVar(0, 1_000_000, 2),
  /** Addresses subscribed per client IP without a key, over its connections. */
  STREAMING_ANON_ADDRESSES: intVar(0, 10_000_000, 100),
  /** `on`: follow the stream log from boot, not from the first client. */
  STREAMING_FOLLOW_AT_BOOT: enumVar(['on', 'off'] as const, 'off'),
};

export type StreamingEnv = z.output<z.ZodObject<typeof streamingEnv>>;
