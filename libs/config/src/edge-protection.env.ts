import { z } from 'zod';
import { intVar, stringVar } from './env-vars';

/**
 * The gateway's protection against oversized, slow and abusive requests, each bound checked before
 * the request is read further (docs/configuration.md, "Edge protection").
 */
export const edgeProtectionEnv = {
  HTTP_BODY_LIMIT: intVar(1024, 64 * 1024 * 1024, 1024 * 1024).describe(
    'Largest request body; more → 413.',
  ),
  HTTP_MAX_QUERY_LENGTH: intVar(64, 1024 * 1024, 8192).describe(
    'Longest query string; more → 414. Node refuses request lines and headers over 16 KiB with 431.',
  ),
  HTTP_MAX_QUERY_PARAMS: intVar(1, 10_000, 100).describe('Most query parameters; more → 414.'),
  HTTP_MAX_JSON_DEPTH: intVar(1, 10_000, 64).describe(
    'Deepest nesting of a JSON body; deeper → 422 on v2, 400 elsewhere, before it is parsed.',
  ),
  HTTP_HEADERS_TIMEOUT_MS: intVar(100, 600_000, 10_000).describe(
    "Time to receive a request's headers (slowloris); then 408 and the connection is closed.",
  ),
  HTTP_REQUEST_TIMEOUT_MS: intVar(100, 600_000, 30_000).describe(
    'Time to receive a whole request, body included.',
  ),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: intVar(100, 600_000, 5000).describe(
    'How long an idle keep-alive connection stays open.',
  ),
  HTTP_IDLE_TIMEOUT_MS: intVar(100, 600_000, 30_000).describe(
    'A socket without any traffic for this long is closed.',
  ),
  HTTP_MAX_CONNECTIONS: intVar(0, 1_000_000, 10_000).describe(
    'Open connections above this are closed on accept (0: no limit).',
  ),
  V2_REQUEST_TIMEOUT_MS: intVar(100, 600_000, 10_000).describe(
    "Deadline of a v2 request (toncenter's 10 s); every NATS request gets what is left of it → 504.",
  ),
  V3_REQUEST_TIMEOUT_MS: intVar(100, 600_000, 3000).describe(
    "Deadline of a v3 request (toncenter's 3 s query timeout).",
  ),
  V3_MAX_TIMEOUT_MS: intVar(100, 600_000, 3000).describe(
    'Highest deadline a client may ask for with `X-Timeout` / `x_timeout` (toncenter caps at 3000).',
  ),
  CORS_ORIGINS: stringVar('*').describe(
    'Origins allowed to call the API from a browser (toncenter answers `*`).',
  ),
  SHED_EVENT_LOOP_DELAY_MS: intVar(0, 60_000, 1000).describe(
    'Mean event-loop delay over a 500 ms window above which requests get 503 + `Retry-After` (0: never). `/healthz`, `/readyz`, `/metrics` are never shed.',
  ),
  SHED_RETRY_AFTER_S: intVar(1, 3600, 2).describe('`Retry-After` of a shed request, in seconds.'),
  SHUTDOWN_GRACE_MS: intVar(0, 600_000, 10_000).describe(
    'On SIGTERM the gateway stops accepting, lets requests in flight finish for this long, then closes their connections.',
  ),
};

export type EdgeProtectionEnv = z.output<z.ZodObject<typeof edgeProtectionEnv>>;
