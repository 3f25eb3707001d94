import { type RateLimitStoreFailureMode } from '@app/config';

/** What the gateway's edge needs from the environment (libs/config `edgeEnv` + network, database). */
export interface EdgeAccessOptions {
  /** This deployment's network (`TON_NETWORK`): a key is admitted only if its plan lists it. */
  readonly network: string;
  /** Key store; absent → keys are not checked and every caller is anonymous. */
  readonly databaseUrl?: string | undefined;
  /** Shared rate-limit store; absent → no rate limits. */
  readonly redisUrl?: string | undefined;
  /**
   * Subject prefix of the keys CLI's change broadcasts, heard on the process's NATS connection
   * (without one, key changes reach this gateway by cache TTL only).
   */
  readonly subjectPrefix?: string | undefined;
  readonly anonymousRps: number;
  readonly storeFailure: RateLimitStoreFailureMode;
  readonly trustedProxies: readonly string[];
  readonly keyCacheTtlMs: number;
  /** Redis key prefix of the limiter's buckets (tests isolate runs). */
  readonly rateLimitKeyPrefix?: string | undefined;
}

/** The options from a parsed environment (`edgeEnv` + `tonNetworkEnv` + `databaseEnv`). */
export function edgeAccessOptionsFromConfig(config: {
  TON_NETWORK: string;
  DATABASE_URL?: string | undefined;
  REDIS_URL?: string | undefined;
  RATE_LIMIT_ANONYMOUS_RPS: number;
  RATE_LIMIT_STORE_FAILURE: RateLimitStoreFailureMode;
  TRUSTED_PROXIES: string[];
  API_KEY_CACHE_TTL_MS: number;
}): EdgeAccessOptions {
  return {
    network: config.TON_NETWORK,
    databaseUrl: config.DATABASE_URL,
    redisUrl: config.REDIS_URL,
    anonymousRps: config.RATE_LIMIT_ANONYMOUS_RPS,
    storeFailure: config.RATE_LIMIT_STORE_FAILURE,
    trustedProxies: config.TRUSTED_PROXIES,
    keyCacheTtlMs: config.API_KEY_CACHE_TTL_MS,
  };
}
