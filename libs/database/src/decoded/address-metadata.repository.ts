import { type DataSource } from 'typeorm';
import { type AddressMetadataEntity } from '../entities/address-metadata.entity';
import { type JettonMasterEntity } from '../entities/jetton-master.entity';
import { type QueryRow } from '../entities/query-row';

/** The token tables whose content may point off-chain; toncenter's `address_metadata.type` values. */
export const METADATA_TOKEN_KINDS = ['jetton_masters', 'nft_collections', 'nft_items'] as const;
export type MetadataTokenKind = (typeof METADATA_TOKEN_KINDS)[number];

/** The content column of each token table (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp). */
const CONTENT_COLUMN: Record<MetadataTokenKind, string> = {
  jetton_masters: 'jetton_content',
  nft_collections: 'collection_content',
  nft_items: 'content',
};

/** A token whose stored content has a `uri` and whose metadata is to be fetched now. */
export interface MetadataCandidate {
  readonly kind: MetadataTokenKind;
  readonly address: string;
  /** The token row's id (decimal), the fetcher's scan position over tokens without a row. */
  readonly id: string;
  /** The token's stored content (jsonb) as it is now. */
  readonly content: unknown;
  /** Transient failures so far (0 for a token without a row). */
  readonly attempts: number;
  /** The row's `valid` (null without a row or before the first retrieval). */
  readonly valid: boolean | null;
}

/** The outcome of a fetch that settles the metadata until `nextAttemptAt` (a refresh). */
export interface MetadataResult {
  readonly kind: MetadataTokenKind;
  readonly address: string;
  readonly valid: boolean;
  readonly name: string | null;
  readonly description: string | null;
  readonly symbol: string | null;
  readonly image: string | null;
  readonly extra: Record<string, unknown> | null;
  readonly lastError: string | null;
  readonly now: Date;
  readonly expiresAt: Date;
}

/** A transient failure: retried at `nextAttemptAt`; `exhausted` gives up (valid stays true or false). */
export interface MetadataRetry {
  readonly kind: MetadataTokenKind;
  readonly address: string;
  readonly attempts: number;
  readonly nextAttemptAt: Date;
  readonly lastError: string;
  readonly exhausted: boolean;
  readonly now: Date;
}

/**
 * A candidate as the queries read it: the `address_metadata` row's columns (or their defaults for a
 * token without one), the token row's id (every token table's `id bigserial`), and two columns the
 * entities cannot name: the content column the kind picks, and `type` read as `kind`.
 */
type CandidateRow = QueryRow<AddressMetadataEntity, 'address' | 'attempts' | 'valid'> &
  QueryRow<JettonMasterEntity, 'id'> & { content: unknown; kind: string };

function isKind(v: string): v is MetadataTokenKind {
  return (METADATA_TOKEN_KINDS as readonly string[]).includes(v);
}

/** Error texts are bounded: they come from remote servers. */
const ERROR_LIMIT = 500;

/**
 * `address_metadata` (migration AddressMetadata) as the decoder's metadata fetcher uses it: a queue of
 * tokens whose content points off-chain, and the retrieved metadata. Rows with `reindex_allowed`
 * false (an operator's override) are never picked nor overwritten.
 */
export class AddressMetadataRepository {
  constructor(private readonly ds: DataSource) {}

  /**
   * Tokens of `kind` with a string `uri` in their content and no `address_metadata` row, in id order
   * after `afterId` (served by the `<table>_content_uri_idx` partial index).
   */
  async unfetched(
    kind: MetadataTokenKind,
    afterId: string,
    limit: number,
  ): Promise<MetadataCandidate[]> {
    const column = CONTENT_COLUMN[kind];
    const rows = await this.ds.query<CandidateRow[]>(
      `SELECT t.address, t.id::text AS id, t."${column}" AS content, 0 AS attempts, NULL::boolean AS valid, $3 AS kind
       FROM "${kind}" t
       WHERE jsonb_typeof(t."${column}" -> 'uri') = 'string' AND t.id > $1::bigint
         AND NOT EXISTS (
           SELECT 1 FROM address_metadata m WHERE m.address = t.address AND m.type = $3
         )
       ORDER BY t.id
       LIMIT $2`,
      [afterId, limit, kind],
    );
    return rows.map((r) => ({ ...r, kind }));
  }

  /** Rows due at `now` (a retry or a refresh), oldest first, with their token's current content. */
  async due(now: Date, limit: number): Promise<MetadataCandidate[]> {
    const rows = await this.ds.query<CandidateRow[]>(
      `SELECT m.address, m.type AS kind, m.attempts, m.valid,
              coalesce(j.id, c.id, i.id, 0)::text AS id,
              coalesce(j.jetton_content, c.collection_content, i.content) AS content
       FROM address_metadata m
       LEFT JOIN jetton_masters j ON m.type = 'jetton_masters' AND j.address = m.address
       LEFT JOIN nft_collections c ON m.type = 'nft_collections' AND c.address = m.address
       LEFT JOIN nft_items i ON m.type = 'nft_items' AND i.address = m.address
       WHERE m.reindex_allowed AND m.next_attempt_at <= $1
       ORDER BY m.next_attempt_at
       LIMIT $2`,
      [now, limit],
    );
    return rows.flatMap((r) => (isKind(r.kind) ? [{ ...r, kind: r.kind }] : []));
  }

  /** Stores retrieved metadata (or a permanent failure); the next attempt is the refresh. */
  async saveResult(r: MetadataResult): Promise<void> {
    await this.ds.query(
      `INSERT INTO address_metadata AS m (address, type, valid, name, description, symbol, image,
         extra, updated_at, expires_at, attempts, next_attempt_at, last_error)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, 0, $10, $11)
       ON CONFLICT (address, type) DO UPDATE SET valid = EXCLUDED.valid, name = EXCLUDED.name,
         description = EXCLUDED.description, symbol = EXCLUDED.symbol, image = EXCLUDED.image,
         extra = EXCLUDED.extra, updated_at = EXCLUDED.updated_at, expires_at = EXCLUDED.expires_at,
         attempts = 0, next_attempt_at = EXCLUDED.next_attempt_at, last_error = EXCLUDED.last_error
       WHERE m.reindex_allowed`,
      [
        r.address,
        r.kind,
        r.valid,
        r.name,
        r.description,
        r.symbol,
        r.image,
        r.extra === null ? null : JSON.stringify(r.extra),
        r.now,
        r.expiresAt,
        r.lastError === null ? null : r.lastError.slice(0, ERROR_LIMIT),
      ],
    );
  }

  /**
   * Records a transient failure. The retrieved fields (if an earlier fetch succeeded) stay; once
   * `exhausted`, metadata never retrieved becomes `valid = false` and retrieved metadata stays valid.
   */
  async saveRetry(r: MetadataRetry): Promise<void> {
    await this.ds.query(
      `INSERT INTO address_metadata AS m (address, type, valid, updated_at, attempts, next_attempt_at,
         last_error)
       VALUES ($1, $2, CASE WHEN $3 THEN false END, $4, $5, $6, $7)
       ON CONFLICT (address, type) DO UPDATE SET
         valid = CASE WHEN $3 THEN coalesce(m.valid, false) ELSE m.valid END,
         updated_at = EXCLUDED.updated_at, attempts = EXCLUDED.attempts,
         next_attempt_at = EXCLUDED.next_attempt_at, last_error = EXCLUDED.last_error
       WHERE m.reindex_allowed`,
      [
        r.address,
        r.kind,
        r.exhausted,
        r.now,
        r.attempts,
        r.nextAttemptAt,
        r.lastError.slice(0, ERROR_LIMIT),
      ],
    );
  }

  /** Drops the row of a token whose content no longer points off-chain. */
  async forget(kind: MetadataTokenKind, address: string): Promise<void> {
    await this.ds.query(`DELETE FROM address_metadata WHERE address = $1 AND type = $2`, [
      address,
      kind,
    ]);
  }
}
