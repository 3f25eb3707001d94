import { type MetadataFetchEnv } from '@app/config';

/** The decoder's off-chain metadata fetcher settings (env METADATA_*, libs/config metadataFetchEnv). */
export interface MetadataFetchOptions {
  /** IPFS HTTP gateway for `ipfs://` URIs, ending in `/ipfs/`. */
  readonly ipfsGateway: string;
  /** Per fetch, redirects and body included. */
  readonly timeoutMs: number;
  /** Allow loopback, private and other refused address ranges (tests, private deployments). */
  readonly allowPrivate: boolean;
  /** Fetches in flight at once. */
  readonly concurrency: number;
  /** Tokens taken per round. */
  readonly batchSize: number;
  /** Pause between rounds when there was nothing more to do. */
  readonly intervalMs: number;
  /** Retrieved (or permanently failed) metadata is fetched again after this long. */
  readonly refreshMs: number;
  /** Delay of the first round after start (default 1 s). */
  readonly firstRoundDelayMs?: number;
  /** Transient failures before giving up until the refresh (default 5). */
  readonly maxAttempts?: number;
  /** First retry delay, doubled at each further attempt (default 60 s). */
  readonly retryBaseMs?: number;
}

/** toncenter's metadata fetcher caps bodies at 10 MB. */
export const METADATA_MAX_BYTES = 10 * 1024 * 1024;
export const METADATA_MAX_REDIRECTS = 3;
/** A User-Agent of its own: some hosts block default library agents (toncenter sets one too). */
export const METADATA_USER_AGENT = 'ton-access-metadata-fetcher/0.1 (+token metadata, TEP-64)';

/** The fetcher's settings from the environment; undefined when METADATA_FETCH=false. */
export function metadataFetchFromEnv(env: MetadataFetchEnv): MetadataFetchOptions | undefined {
  if (env.METADATA_FETCH === 'false') {
    return undefined;
  }
  return {
    ipfsGateway: env.METADATA_IPFS_GATEWAY,
    timeoutMs: env.METADATA_FETCH_TIMEOUT_MS,
    allowPrivate: env.METADATA_FETCH_ALLOW_PRIVATE === 'true',
    concurrency: env.METADATA_FETCH_CONCURRENCY,
    batchSize: env.METADATA_FETCH_BATCH,
    intervalMs: env.METADATA_FETCH_INTERVAL_MS,
    refreshMs: env.METADATA_REFRESH_SECONDS * 1000,
  };
}
