import {
  enumVar,
  intVar,
  ipListVar,
  natsServersVar,
  pathOrUrlVar,
  portVar,
  postgresUrlListVar,
  postgresUrlVar,
  redisUrlVar,
  stringVar,
} from './env-vars';
import { z } from 'zod';

/**
 * Environment fragments, validated once at boot so a bad value stops the app before it serves. Each app composes the ones it needs in its
 * `src/config.ts`: `loadConfig(z.object({ ...httpEnv, ...natsEnv, ...loggingEnv }))`.
 * docs/configuration.md is generated from these descriptions (`npm run docs:config`).
 */

export const TON_NETWORKS = ['local', 'mainnet', 'testnet'] as const;
export type TonNetwork = (typeof TON_NETWORKS)[number];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];

export const LOCALNET_SEEDS = ['genesis', 'mainnet-replay', 'none'] as const;
export type LocalnetSeed = (typeof LOCALNET_SEEDS)[number];
/** How the localnet's validators sign masterchain blocks (apps/localnet local-chain-options.ts). */
export const LOCALNET_SIGNATURE_SETS = ['ordinary', 'simplex'] as const;

/** The gateway's HTTP listener. */
export const httpEnv = {
  PORT: portVar(8080).describe(
    'Gateway HTTP port (`/api/v2`, `/api/v3`, `/healthz`, `/readyz`, `/metrics`).',
  ),
  HOST: stringVar('0.0.0.0').describe('Interface the gateway listens on.'),
};

/** Transport: absent NATS_URL → in-process transport (single-process mode only). */
export const natsEnv = {
  NATS_URL: natsServersVar.describe(
    'NATS server(s). Absent → the in-process transport (single-process mode only; every mesh service requires it).',
  ),
  NATS_STREAM_REPLICAS: intVar(1, 5, 1).describe(
    "Replicas of every JetStream stream and KV bucket the services create (events, the Streaming API log, the sender's buckets): 1 on a single server; 3 on a three-node JetStream cluster, so losing one node loses no event and keeps the replay window. An existing stream is updated to it at boot.",
  ),
  NATS_REQUEST_TIMEOUT_MS: intVar(1, 600_000, 10_000).describe(
    'Default timeout of a NATS request between services (→ `UPSTREAM_TIMEOUT`).',
  ),
  REPLY_CHECK_CPU_PERCENT: intVar(1, 100, 25).describe(
    'Percent of one core the gateway may spend checking forwarded replies against their contracts (on a worker thread). Small replies are checked; a 1 MB page costs ~40 ms, and pages beyond the budget, or arriving while the worker is four behind, go unchecked, counted in `tonapi_nats_reply_checks_skipped_total`. 100 checks every reply the worker keeps up with.',
  ),
};

/** Database: absent DATABASE_URL → embedded PostgreSQL (single-process mode only). */
export const databaseEnv = {
  DATABASE_URL: postgresUrlVar.describe(
    'PostgreSQL connection. Absent → an embedded PostgreSQL (single-process mode only).',
  ),
};

/**
 * Streaming read replicas of DATABASE_URL for the query service's v3 reads (libs/database ReadRouter);
 * everything that writes keeps DATABASE_URL.
 */
export const databaseReadEnv = {
  DATABASE_READ_URLS: postgresUrlListVar.describe(
    "PostgreSQL streaming replicas of `DATABASE_URL` (hot standbys) that answer the query service's v3 reads, comma-separated. Each request reads from one of them (its page, address book and metadata from the same server), round robin over those that answer their probe as a standby within `DATABASE_READ_MAX_LAG_BYTES`; a replica that fails is out within a second and the primary answers. Absent → every read on `DATABASE_URL`.",
  ),
  DATABASE_READ_MAX_LAG_BYTES: intVar(0, Number.MAX_SAFE_INTEGER, 16_777_216).describe(
    "WAL bytes a read replica may be behind the primary (`pg_current_wal_lsn()` − `pg_last_wal_replay_lsn()`) and still take reads; further behind, the others or the primary answer until it catches up. 16 MiB ≈ a few seconds of a busy indexer's writes.",
  ),
};

/** Which chain: TON_NETWORK's bundled global config unless LITESERVERS_CONFIG overrides it. */
export const tonNetworkEnv = {
  TON_NETWORK: enumVar(TON_NETWORKS, 'local').describe(
    'Which chain: the embedded localnet or the bundled mainnet/testnet global config; also which `.ton`/`.t.me` collections the decoder reads as DNS items.',
  ),
  LITESERVERS_CONFIG: pathOrUrlVar.describe(
    "A global config (liteservers) to use instead of `TON_NETWORK`'s bundled one.",
  ),
  LITESERVER_TIMEOUT_MS: intVar(1, 600_000, 5000).describe(
    'Timeout of one lite_api query (→ `LITESERVER_TIMEOUT`, then failover).',
  ),
  LITESERVER_VERIFY: enumVar(['true', 'false'] as const, 'true').describe(
    "Prove every liteserver answer from the global config's `validator` section (docs/trustless.md). `false` is UNSAFE: any liteserver can then serve forged balances, states and blocks; only for benchmarks against liteservers you run yourself.",
  ),
  LITESERVER_TRUST_DIR: z
    .string()
    .min(1, { message: 'expected a directory path' })
    .optional()
    .meta({ type: 'directory path' })
    .describe(
      'Where the newest key block proven from the anchor is kept, so a restart proves from it instead of from `validator.init_block`. Absent → not kept (`npm start`: `.data/trust`).',
    ),
};

/** The embedded local network (TON_NETWORK=local). */
export const localnetEnv = {
  LOCALNET_SEED: enumVar(LOCALNET_SEEDS, 'genesis').describe(
    'Initial state of the localnet: generated wallets/Jetton/NFT…, the real accounts of `fixtures/mainnet/replay/`, or none (an empty chain).',
  ),
  LOCALNET_SHARDS: intVar(1, 2, 1).describe('Number of basechain shards of the localnet.'),
  LOCALNET_BLOCK_INTERVAL: intVar(50, 60_000, 400).describe(
    'Block production interval of the localnet (mainnet: 400 ms since April 2026).',
  ),
  LOCALNET_STATE_HISTORY: intVar(1, 1_000_000_000, 20_000).describe(
    'Masterchain blocks whose states the localnet keeps for historical reads; older blocks keep their contents and transactions.',
  ),
  LOCALNET_BLOCK_HISTORY: intVar(1, 1_000_000_000).describe(
    'Masterchain blocks whose contents (BoC, transactions) the localnet keeps; absent: all of them. Key blocks are always kept.',
  ),
  LOCALNET_CONFIG_OUT: stringVar('localnet.config.json').describe(
    'Where the localnet writes its global config for clients.',
  ),
  LOCALNET_ACCOUNTS_OUT: stringVar('localnet.accounts.json').describe(
    'Where the localnet writes the seeded accounts (addresses, keys) for developers.',
  ),
  LOCALNET_LITESERVERS: intVar(1, 16, 1).describe(
    'Liteservers the localnet runs on its one chain, each with its own key and port (several: to tell some to lie or stall through the admin API).',
  ),
  LOCALNET_SIGNATURES: enumVar(LOCALNET_SIGNATURE_SETS, 'ordinary').describe(
    "Signature sets of the localnet's block proofs: ordinary, or Simplex finalize certificates (`liteServer.signatureSet.simplex`, mainnet's key-block chain since 2026).",
  ),
  LOCALNET_ADMIN_PORT: portVar().describe(
    "Port of the localnet's admin API on 127.0.0.1 (seal a block, make a key block, set a liteserver's fault: docs/local-network.md). Absent → none.",
  ),
  LOCALNET_FRESH: enumVar(['0', '1'], '0').describe(
    '1 (or `npm start -- --fresh`): a new local chain instead of resuming the one in `.data/localnet`, and the embedded index cleared with it.',
  ),
};

/**
 * LOG_LEVEL: the lowest pino level written (fatal, error, warn, info, debug, trace, silent; default
 * info). At info a terminal shows what starts, stops and fails; `debug` adds the gateway's access log
 * (one line per request, see accessLogEnv) and other detail.
 */
export const loggingEnv = {
  LOG_LEVEL: enumVar(LOG_LEVELS, 'info').describe(
    'Lowest pino level written (fatal, error, warn, info, debug, trace, silent). `debug` adds the gateway access log.',
  ),
};

/**
 * ACCESS_LOG_LEVEL: the level of the gateway's access log line (one per HTTP request). debug by
 * default, so `npm start` at LOG_LEVEL=info is not a wall of requests; a deployment that ships access
 * logs sets it to info (k8s/base/configmap.yaml does).
 */
export const accessLogEnv = {
  ACCESS_LOG_LEVEL: enumVar(LOG_LEVELS, 'debug').describe(
    'Level of the gateway access log line (one per HTTP request); k8s ships it at `info`.',
  ),
};

/** Absent METRICS_PORT → /metrics on the main HTTP port. */
export const metricsEnv = {
  METRICS_PORT: portVar().describe(
    'Separate port for `/metrics`. Absent → `/metrics` on the main HTTP port (gateway).',
  ),
};

/** The ingestor (apps/ingestor): where the live follower starts and how far it reads ahead. */
export const ingestEnv = {
  INGEST_FOLLOW: enumVar(['on', 'off'] as const, 'on').describe(
    'Whether the ingestor runs the live follower (off: backfill-only replica).',
  ),
  INGEST_START_SEQNO: intVar(1, 2 ** 32 - 1).describe(
    'Masterchain seqno the follower starts from on an empty database. Absent → the head.',
  ),
  INGEST_WINDOW: intVar(1, 256, 8).describe(
    'Masterchain blocks fetched and parsed ahead of the writer.',
  ),
  INGEST_PARSE_THREADS: intVar(0, 16, 1).describe(
    'Threads that decode and parse fetched blocks (BoC, cell hashes, parseBlock); `0`: on the event loop.',
  ),
  INGEST_READY_LAG: intVar(1, 1_000_000, 30).describe(
    "Lag in masterchain blocks above which the ingestor's `/readyz` fails.",
  ),
};

/** The sender (apps/sender): how widely a message is sent and how long it is remembered. */
export const senderEnv = {
  SEND_FANOUT: intVar(1, 64, 4).describe(
    'Liteservers a message is sent to in parallel; the first acceptance answers.',
  ),
  SEND_DEDUPE_TTL_SECONDS: intVar(1, 86_400, 600).describe(
    'How long a sent hash is remembered (KV TTL): a refused resubmission within it answers like the first success.',
  ),
  SEND_LANDING_TIMEOUT_SECONDS: intVar(1, 86_400, 180).describe(
    'How long the landing watcher waits for a sent message to be indexed (needs PostgreSQL); then its pending trace is streamed as `trace_invalidated` (toncenter drops emulated traces after 30 s).',
  ),
};

/**
 * The Streaming API v2 log: JetStream stream `TON_STREAMING` in the mesh, a ring in memory in
 * the single process. Its retention is the replay window of reconnecting clients.
 */
export const streamLogEnv = {
  STREAM_RETENTION_SECONDS: intVar(10, 7 * 86_400, 3600).describe(
    'How long Streaming API events stay replayable for reconnecting clients (`Last-Event-ID` / `since`).',
  ),
  STREAM_MAX_BYTES: intVar(1_048_576, Number.MAX_SAFE_INTEGER).describe(
    'Byte budget of the JetStream stream `TON_STREAMING` (oldest events dropped first).',
  ),
};

/** The query service (apps/query). */
export const queryEnv = {
  QUERY_RENDER_CACHE_MB: intVar(0, 65_536, 32).describe(
    "Rendered v3 transactions, actions and address book entries the query service keeps between requests (transactions whose trace is stamped, complete traces whole; an eighth for classified traces' actions; an eighth for address book entries, dropped when the ingestor's or decoder's cursor moves), least recently used first out; 0 keeps nothing. Busy accounts' pages then skip their messages, account-state, action and address book reads.",
  ),
};

export const RATE_LIMIT_STORE_FAILURE_MODES = ['open', 'closed'] as const;
export type RateLimitStoreFailureMode = (typeof RATE_LIMIT_STORE_FAILURE_MODES)[number];

/**
 * The gateway's edge: API keys live in PostgreSQL (DATABASE_URL, or the single process's embedded
 * one; checked once a live key exists), rate limits in Redis (REDIS_URL; without it the same limits
 * are counted per process, in memory).
 */
export const edgeEnv = {
  REDIS_URL: redisUrlVar.describe(
    'Shared rate-limit store of the gateways. Absent → the same limits are counted per process, in memory.',
  ),
  RATE_LIMIT_ANONYMOUS_RPS: intVar(1, 1_000_000, 1).describe(
    'Requests per second per client IP without an API key (toncenter: 1).',
  ),
  RATE_LIMIT_STORE_FAILURE: enumVar(RATE_LIMIT_STORE_FAILURE_MODES, 'open').describe(
    'Redis down: let requests through (open) or answer 503 (closed); counted either way.',
  ),
  TRUSTED_PROXIES: ipListVar.describe(
    'Peers whose `X-Forwarded-For` names the client. Absent → the TCP peer is the client.',
  ),
  API_KEY_CACHE_TTL_MS: intVar(100, 3_600_000, 10_000).describe(
    'How long a gateway trusts a cached key lookup if it misses a change broadcast.',
  ),
};
