import { z } from 'zod';
import { intVar, stringVar } from './env-vars';

/**
 * The gateway's protection against oversized, slow and abusive requests (issue 9). Every variable is
 * documented in libs/config/README.md ("Edge protection").
 */
export const edgeProtectionEnv = {
  /** Largest request body in bytes (a v2 BoC is at most a few hundred KiB). */
  HTTP_BODY_LIMIT: intVar(1024, 64 * 1024 * 1024, 1024 * 1024),
  /** Longest query string in bytes (→ 414). */
  HTTP_MAX_QUERY_LENGTH: intVar(64, 1024 * 1024, 8192),
  /** Most query parameters in one request (→ 414). */
  HTTP_MAX_QUERY_PARAMS: intVar(1, 10_000, 100),
  /** Deepest nesting of a JSON body (→ 4xx before anything reads it). */
  HTTP_MAX_JSON_DEPTH: intVar(1, 10_000, 64),
  /** Time to receive a request's headers (slowloris). */
  HTTP_HEADERS_TIMEOUT_MS: intVar(100, 600_000, 10_000),
  /** Time to receive a whole request, body included. */
  HTTP_REQUEST_TIMEOUT_MS: intVar(100, 600_000, 30_000),
  /** How long an idle keep-alive connection is kept open. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: intVar(100, 600_000, 5000),
  /** A socket with no traffic at all for this long is closed. */
  HTTP_IDLE_TIMEOUT_MS: intVar(100, 600_000, 30_000),
  /** Open connections above this are closed on accept (0: no limit). */
  HTTP_MAX_CONNECTIONS: intVar(0, 1_000_000, 10_000),
  /** Deadline of a v2 request (toncenter's tonlib request timeout is 10 s). */
  V2_REQUEST_TIMEOUT_MS: intVar(100, 600_000, 10_000),
  /** Deadline of a v3 request (toncenter's query timeout is 3 s). */
  V3_REQUEST_TIMEOUT_MS: intVar(100, 600_000, 3000),
  /** Highest deadline a v3 client may ask for with `X-Timeout` / `x_timeout`. */
  V3_MAX_TIMEOUT_MS: intVar(100, 600_000, 3000),
  /** Origins allowed by CORS: `*` (toncenter), a comma-separated list, or `off`. */
  CORS_ORIGINS: stringVar('*'),
  /** Event-loop delay (mean over a sampling window) above which requests get 503 (0: never). */
  SHED_EVENT_LOOP_DELAY_MS: intVar(0, 60_000, 1000),
  /** `Retry-After` of a shed request, in seconds. */
  SHED_RETRY_AFTER_S: intVar(1, 3600, 2),
  /** How long a stopping gateway waits for requests in flight before closing their connections. */
  SHUTDOWN_GRACE_MS: intVar(0, 600_000, 10_000),
};

export type EdgeProtectionEnv = z.output<z.ZodObject<typeof edgeProtectionEnv>>;
