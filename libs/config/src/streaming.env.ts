import { z } from 'zod';
import { enumVar, intVar } from './env-vars';

/**
 * The gateway's Streaming API v2: per-connection buffers and the limits of callers without an API
 * key (a key's limits are its plan's columns).
 */
export const streamingEnv = {
  STREAMING_QUEUE_MESSAGES: intVar(16, 1_000_000, 1024).describe(
    'Frames a connection may have waiting to be read; one more and it is disconnected as a slow consumer (told first).',
  ),
  STREAMING_QUEUE_BYTES: intVar(65_536, 1024 * 1024 * 1024, 4 * 1024 * 1024).describe(
    'Bytes a connection may have waiting to be read (same).',
  ),
  STREAMING_ANON_CONNECTIONS: intVar(0, 1_000_000, 2).describe(
    'Parallel streaming connections per client IP without a key (0: streaming needs a key, as on toncenter.com).',
  ),
  STREAMING_ANON_ADDRESSES: intVar(0, 10_000_000, 100).describe(
    'Addresses subscribed per client IP without a key, over all its connections.',
  ),
  STREAMING_FOLLOW_AT_BOOT: enumVar(['on', 'off'] as const, 'off').describe(
    'Follow the stream log from boot rather than from the first client (the first events after boot are then not lost).',
  ),
};

export type StreamingEnv = z.output<z.ZodObject<typeof streamingEnv>>;
