/**
 * TEP-64 token metadata as toncenter's v3 `metadata` reports it (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): the standard
 * keys at the top of `token_info`, every other key in `extra`. One implementation for the decoder (which
 * stores fetched off-chain metadata in `address_metadata`) and the query service (which answers
 * on-chain content directly).
 */

/** The standard keys of token metadata (TEP-64); `address_metadata` has a column for each. */
export const STANDARD_METADATA_KEYS = ['name', 'symbol', 'description', 'image'] as const;
export type StandardMetadataKey = (typeof STANDARD_METADATA_KEYS)[number];

export interface SplitMetadata {
  /** Standard keys with a string value, in the content's key order. */
  readonly standard: Partial<Record<StandardMetadataKey, string>>;
  /** Every other key (and a standard key whose value is not a string), in the content's key order. */
  readonly extra: Record<string, unknown>;
}

function isStandard(key: string): key is StandardMetadataKey {
  return (STANDARD_METADATA_KEYS as readonly string[]).includes(key);
}

/**
 * Splits metadata into the standard keys and `extra`. A standard key whose value is not a string
 * (off-chain JSON may say `"name": 5`) stays in `extra`, so nothing is lost and the text columns of
 * `address_metadata` only hold text; on-chain content values are always text (TEP-64 snake data).
 */
export function splitTokenMetadata(content: Readonly<Record<string, unknown>>): SplitMetadata {
  const standard: Partial<Record<StandardMetadataKey, string>> = {};
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(content)) {
    if (isStandard(key) && typeof value === 'string') {
      standard[key] = value;
    } else {
      extra[key] = value;
    }
  }
  return { standard, extra };
}

/**
 * Semi-chain content (TEP-64 "Semi-chain content layout"): on-chain data that also has a `uri`; the
 * off-chain JSON it points to supplies the keys the chain does not, and a key present on chain wins.
 */
export function mergeSemichainMetadata(
  offchain: Readonly<Record<string, unknown>>,
  onchain: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  return { ...offchain, ...onchain };
}

/** The off-chain URI of stored token content (`{uri}` or semi-chain), if it has one. */
export function contentUri(content: unknown): string | undefined {
  if (!isRecord(content)) {
    return undefined;
  }
  const uri = content.uri;
  return typeof uri === 'string' ? uri : undefined;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
