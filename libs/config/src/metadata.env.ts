import { z } from 'zod';
import { enumVar, intVar } from './env-vars';

const GATEWAY_MESSAGE = 'expected an http(s) URL';

/**
 * The decoder's off-chain token metadata fetcher (issue 7; toncenter's ton-metadata-fetcher). It
 * requests URLs taken from chain data: see docs/operations.md ("Off-chain metadata") for the SSRF
 * guard. Documented in libs/config/README.md ("Off-chain metadata").
 */
export const metadataFetchEnv = {
  /** `false`: no fetcher; content that points off-chain stays `is_indexed: false`. */
  METADATA_FETCH: enumVar(['true', 'false'] as const, 'true'),
  /** IPFS HTTP gateway for `ipfs://<cid>/<path>` URIs. */
  METADATA_IPFS_GATEWAY: z
    .string({ error: GATEWAY_MESSAGE })
    .regex(/^https?:\/\/\S+$/i, { message: GATEWAY_MESSAGE })
    .optional()
    .transform((v) => v ?? 'https://ipfs.io/ipfs/'),
  /** Per fetch, redirects and body included. */
  METADATA_FETCH_TIMEOUT_MS: intVar(100, 120_000, 10_000),
  /** `true`: requests may reach loopback, private, link-local and other refused ranges. */
  METADATA_FETCH_ALLOW_PRIVATE: enumVar(['true', 'false'] as const, 'false'),
  METADATA_FETCH_CONCURRENCY: intVar(1, 256, 8),
  METADATA_FETCH_BATCH: intVar(1, 10_000, 100),
  METADATA_FETCH_INTERVAL_MS: intVar(100, 3_600_000, 30_000),
  /** Retrieved metadata (and permanent failures) are fetched again after this long. */
  METADATA_REFRESH_SECONDS: intVar(60, 31_536_000, 86_400),
};

export type MetadataFetchEnv = z.output<z.ZodObject<typeof metadataFetchEnv>>;
