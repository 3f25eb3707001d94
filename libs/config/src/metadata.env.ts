import { z } from 'zod';
import { enumVar, intVar } from './env-vars';

const GATEWAY_MESSAGE = 'expected an http(s) URL';

/**
 * The decoder's off-chain token metadata fetcher. It requests URLs taken from chain data: see
 * docs/operations.md ("Off-chain metadata") for the SSRF guard.
 */
export const metadataFetchEnv = {
  METADATA_FETCH: enumVar(['true', 'false'] as const, 'true').describe(
    'Run the fetcher (off: content that points off-chain stays `is_indexed: false`).',
  ),
  METADATA_IPFS_GATEWAY: z
    .string({ error: GATEWAY_MESSAGE })
    .regex(/^https?:\/\/\S+$/i, { message: GATEWAY_MESSAGE })
    .optional()
    .transform((v) => v ?? 'https://ipfs.io/ipfs/')
    .meta({ type: 'http(s) URL', default: 'https://ipfs.io/ipfs/' })
    .describe('Gateway for `ipfs://<cid>/<path>` URIs.'),
  METADATA_FETCH_TIMEOUT_MS: intVar(100, 120_000, 10_000).describe(
    'Deadline of one fetch, redirects (at most 3) and body (at most 10 MiB) included.',
  ),
  METADATA_FETCH_ALLOW_PRIVATE: enumVar(['true', 'false'] as const, 'false').describe(
    'Let requests reach refused address ranges (tests; a deployment serving metadata privately).',
  ),
  METADATA_FETCH_CONCURRENCY: intVar(1, 256, 8).describe('Fetches in flight at once.'),
  METADATA_FETCH_BATCH: intVar(1, 10_000, 100).describe('Tokens taken per round.'),
  METADATA_FETCH_INTERVAL_MS: intVar(100, 3_600_000, 30_000).describe(
    'Pause between rounds once there is nothing left to fetch.',
  ),
  METADATA_REFRESH_SECONDS: intVar(60, 31_536_000, 86_400).describe(
    'Retrieved metadata and permanent failures are fetched again after this long.',
  ),
};

export type MetadataFetchEnv = z.output<z.ZodObject<typeof metadataFetchEnv>>;
