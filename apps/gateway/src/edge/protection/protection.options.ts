import { type EdgeProtectionEnv } from '@app/config';

/** The gateway's limits against oversized, slow and abusive traffic (libs/config "Edge protection"). */
export interface EdgeProtectionOptions {
  readonly bodyLimitBytes: number;
  readonly maxQueryLength: number;
  readonly maxQueryParams: number;
  readonly maxJsonDepth: number;
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly keepAliveTimeoutMs: number;
  readonly idleTimeoutMs: number;
  /** 0: unlimited. */
  readonly maxConnections: number;
  readonly v2DeadlineMs: number;
  readonly v3DeadlineMs: number;
  readonly v3MaxDeadlineMs: number;
  /** `['*']`, a list of origins, or empty (CORS off). */
  readonly corsOrigins: readonly string[];
  /** 0: never shed. */
  readonly shedEventLoopDelayMs: number;
  readonly shedRetryAfterSeconds: number;
  /** How often the event-loop delay is sampled. */
  readonly shedSampleIntervalMs: number;
  readonly shutdownGraceMs: number;
}

export const DEFAULT_PROTECTION: EdgeProtectionOptions = {
  bodyLimitBytes: 1024 * 1024,
  maxQueryLength: 8192,
  maxQueryParams: 100,
  maxJsonDepth: 64,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5000,
  idleTimeoutMs: 30_000,
  maxConnections: 10_000,
  v2DeadlineMs: 10_000,
  v3DeadlineMs: 3000,
  v3MaxDeadlineMs: 3000,
  corsOrigins: ['*'],
  shedEventLoopDelayMs: 1000,
  shedRetryAfterSeconds: 2,
  shedSampleIntervalMs: 500,
  shutdownGraceMs: 10_000,
};

/** `*`, `off`, or a comma-separated list of origins. */
export function parseCorsOrigins(value: string): readonly string[] {
  if (value.trim() === 'off') {
    return [];
  }
  return value
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
}

export function protectionFromEnv(env: EdgeProtectionEnv): EdgeProtectionOptions {
  return {
    ...DEFAULT_PROTECTION,
    bodyLimitBytes: env.HTTP_BODY_LIMIT,
    maxQueryLength: env.HTTP_MAX_QUERY_LENGTH,
    maxQueryParams: env.HTTP_MAX_QUERY_PARAMS,
    maxJsonDepth: env.HTTP_MAX_JSON_DEPTH,
    headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    idleTimeoutMs: env.HTTP_IDLE_TIMEOUT_MS,
    maxConnections: env.HTTP_MAX_CONNECTIONS,
    v2DeadlineMs: env.V2_REQUEST_TIMEOUT_MS,
    v3DeadlineMs: env.V3_REQUEST_TIMEOUT_MS,
    v3MaxDeadlineMs: env.V3_MAX_TIMEOUT_MS,
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
    shedEventLoopDelayMs: env.SHED_EVENT_LOOP_DELAY_MS,
    shedRetryAfterSeconds: env.SHED_RETRY_AFTER_S,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
  };
}
