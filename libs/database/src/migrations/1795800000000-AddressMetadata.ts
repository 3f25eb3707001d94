import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** The token tables whose content may point off-chain, and the column holding it (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp). */
const TOKEN_CONTENT = [
  ['jetton_masters', 'jetton_content'],
  ['nft_collections', 'collection_content'],
  ['nft_items', 'content'],
] as const;

/**
 * Off-chain token metadata (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp
 * `address_metadata`): what the decoder's metadata fetcher retrieved for a jetton master, NFT
 * collection or NFT item whose content has a `uri`, keyed like toncenter by (address, type) with
 * `type` the token table's name. toncenter's columns, with `valid` NULL meaning "not retrieved yet"
 * (toncenter queues a background task instead), plus the fetcher's retry queue: `attempts`,
 * `next_attempt_at` (a retry after a transient failure, or the refresh once `expires_at` passes)
 * and `last_error`. A partial index per token table lets the fetcher find content with a `uri`
 * without reading every token row.
 */
export class AddressMetadata1795800000000 implements MigrationInterface {
  name = 'AddressMetadata1795800000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "address_metadata" (
        "address" varchar NOT NULL,
        "type" varchar NOT NULL,
        "valid" boolean,
        "name" text,
        "description" text,
        "symbol" text,
        "image" text,
        "extra" jsonb,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz,
        "reindex_allowed" boolean NOT NULL DEFAULT true,
        "attempts" integer NOT NULL DEFAULT 0,
        "next_attempt_at" timestamptz,
        "last_error" text,
        CONSTRAINT "address_metadata_pkey" PRIMARY KEY ("address", "type"),
        CONSTRAINT "address_metadata_type_check"
          CHECK ("type" IN ('jetton_masters', 'nft_collections', 'nft_items')),
        CONSTRAINT "address_metadata_attempts_check" CHECK ("attempts" >= 0)
      )
    `);
    await q.query(
      `CREATE INDEX "address_metadata_next_attempt_idx" ON "address_metadata" ("next_attempt_at")
       WHERE "reindex_allowed"`,
    );
    for (const [table, column] of TOKEN_CONTENT) {
      await q.query(
        `CREATE INDEX "${table}_content_uri_idx" ON "${table}" ("id")
         WHERE jsonb_typeof("${column}" -> 'uri') = 'string'`,
      );
    }
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const [table] of TOKEN_CONTENT) {
      await q.query(`DROP INDEX "${table}_content_uri_idx"`);
    }
    await q.query(`DROP TABLE "address_metadata"`);
  }
}
