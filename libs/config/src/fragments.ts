import {
  enumVar,
  intVar,
  ipListVar,
  natsServersVar,
  pathOrUrlVar,
  portVar,
  postgresUrlVar,
  redisUrlVar,
  stringVar,
} from './env-vars';

/**
 * Environment fragments (house style 3.7). Each app composes the ones it needs in its
 * `src/config.ts`: `loadConfig(z.object({ ...httpEnv, ...natsEnv, ...loggingEnv }))`.
 * Every variable is documented in libs/config/README.md.
 */

export const TON_NETWORKS = ['local', 'mainnet', 'testnet'] as const;
export type TonNetwork = (typeof TON_NETWORKS)[number];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];

export const LOCALNET_SEEDS = ['genesis', 'mainnet-replay', 'none'] as const;
export type LocalnetSeed = (typeof LOCALNET_SEEDS)[number];

/** The gateway's HTTP listener. */
export const httpEnv = {
  PORT: portVar(8080),
  HOST: stringVar('0.0.0.0'),
};

/** Transport: absent NATS_URL → in-process transport (single-process mode only). */
export const natsEnv = {
  NATS_URL: natsServersVar,
  NATS_REQUEST_TIMEOUT_MS: intVar(1, 600_000, 10_000),
  /** Percent of one core the gateway may spend checking forwarded replies against their contracts. */
  REPLY_CHECK_CPU_PERCENT: intVar(1, 100, 25),
};

/** Database: absent DATABASE_URL → embedded PostgreSQL (single-process mode only). */
export const databaseEnv = {
  DATABASE_URL: postgresUrlVar,
};

/** Which chain: TON_NETWORK's bundled global config unless LITESERVERS_CONFIG overrides it. */
export const tonNetworkEnv = {
  TON_NETWORK: enumVar(TON_NETWORKS, 'local'),
  LITESERVERS_CONFIG: pathOrUrlVar,
  LITESERVER_TIMEOUT_MS: intVar(1, 600_000, 5000),
};

/** The embedded local network (TON_NETWORK=local). */
export const localnetEnv = {
  LOCALNET_SEED: enumVar(LOCALNET_SEEDS, 'genesis'),
  LOCALNET_SHARDS: intVar(1, 2, 1),
  LOCALNET_BLOCK_INTERVAL: intVar(50, 60_000, 400),
  /** Masterchain blocks whose states the localnet keeps (apps/localnet DEFAULT_STATE_HISTORY). */
  LOCALNET_STATE_HISTORY: intVar(1, 1_000_000_000, 20_000),
  /** Masterchain blocks whose contents the localnet keeps; absent: all of them. */
  LOCALNET_BLOCK_HISTORY: intVar(1, 1_000_000_000),
  LOCALNET_CONFIG_OUT: stringVar('localnet.config.json'),
  LOCALNET_ACCOUNTS_OUT: stringVar('localnet.accounts.json'),
  /** 1 (or `npm start -- --fresh`): a new local chain, and the embedded index cleared with it. */
  LOCALNET_FRESH: enumVar(['0', '1'], '0'),
};

export const loggingEnv = {
  LOG_LEVEL: enumVar(LOG_LEVELS, 'info'),
};

/** Absent METRICS_PORT → /metrics on the main HTTP port. */
export const metricsEnv = {
  METRICS_PORT: portVar(),
};

/** The ingestor (apps/ingestor): where the live follower starts and how far it reads ahead. */
export const ingestEnv = {
  /** Off: the ingestor runs no live follower (backfill-only replicas, or a single process without it). */
  INGEST_FOLLOW: enumVar(['on', 'off'] as const, 'on'),
  /** Masterchain seqno to start from on an empty database (default: the head). */
  INGEST_START_SEQNO: intVar(1, 2 ** 32 - 1),
  /** Masterchain blocks fetched and parsed ahead of the writer. */
  INGEST_WINDOW: intVar(1, 256, 8),
  /** Threads that decode and parse fetched blocks (the ingestor's main CPU cost); 0: the event loop. */
  INGEST_PARSE_THREADS: intVar(0, 16, 1),
  /** Lag (masterchain blocks) above which the ingestor reports not ready. */
  INGEST_READY_LAG: intVar(1, 1_000_000, 30),
};

/** The sender (apps/sender): how widely a message is sent and how long it is remembered. */
export const senderEnv = {
  /** Liteservers a message is sent to in parallel; the first acceptance answers the client. */
  SEND_FANOUT: intVar(1, 64, 4),
  /**
   * How long a sent message's hash is remembered (JetStream KV TTL, shared by replicas): within it a
   * resubmission the liteservers refuse as already applied answers like the first success.
   */
  SEND_DEDUPE_TTL_SECONDS: intVar(1, 86_400, 600),
  /** How long the landing watcher waits for a sent message's transaction to be indexed. */
  SEND_LANDING_TIMEOUT_SECONDS: intVar(1, 86_400, 180),
};

/**
 * The Streaming API v2 log (issue 12): JetStream stream `TON_STREAMING` in the mesh, a ring in memory in
 * the single process. Its retention is the replay window of reconnecting clients.
 */
export const streamLogEnv = {
  /** How long streamed events stay replayable (`Last-Event-ID` / `since`). */
  STREAM_RETENTION_SECONDS: intVar(10, 7 * 86_400, 3600),
  /** A byte budget for the JetStream stream (oldest events go first); unlimited when absent. */
  STREAM_MAX_BYTES: intVar(1_048_576, Number.MAX_SAFE_INTEGER),
};

/** The query service (apps/query). */
export const queryEnv = {
  /**
   * MiB of rendered v3 transactions, actions and address book entries kept between requests: the
   * pages of busy accounts are asked again and again. 0 keeps nothing.
   */
  QUERY_RENDER_CACHE_MB: intVar(0, 65_536, 32),
};

export const RATE_LIMIT_STORE_FAILURE_MODES = ['open', 'closed'] as const;
export type RateLimitStoreFailureMode = (typeof RATE_LIMIT_STORE_FAILURE_MODES)[number];

/**
 * The gateway's edge (issue 9): API keys live in PostgreSQL (DATABASE_URL; without it every caller is
 * anonymous), rate limits in Redis (REDIS_URL; without it nothing is limited).
 */
export const edgeEnv = {
  REDIS_URL: redisUrlVar,
  /** Requests per second of a caller without a key, per client IP (toncenter: 1). */
  RATE_LIMIT_ANONYMOUS_RPS: intVar(1, 1_000_000, 1),
  /** What to do when Redis does not answer: let requests through (open) or refuse them (closed). */
  RATE_LIMIT_STORE_FAILURE: enumVar(RATE_LIMIT_STORE_FAILURE_MODES, 'open'),
  /** Proxies whose X-Forwarded-For is believed; absent → the TCP peer is the client. */
  TRUSTED_PROXIES: ipListVar,
  /** How long a gateway trusts a cached key lookup when it misses a change broadcast. */
  API_KEY_CACHE_TTL_MS: intVar(100, 3_600_000, 10_000),
};
