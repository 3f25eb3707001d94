import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Table `address_metadata`
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp,
 * migration AddressMetadata): off-chain token metadata retrieved by the decoder's fetcher, keyed by
 * (address, token table name). `valid` NULL: not retrieved yet.
 */
@Check(
  'address_metadata_type_check',
  `"type" IN ('jetton_masters', 'nft_collections', 'nft_items')`,
)
@Check('address_metadata_attempts_check', '"attempts" >= 0')
@Index('address_metadata_next_attempt_idx', ['nextAttemptAt'], { where: '"reindex_allowed"' })
@Entity({ name: 'address_metadata' })
export class AddressMetadataEntity {
  @PrimaryColumn({ type: 'varchar', name: 'address' })
  address!: string;

  /** `jetton_masters`, `nft_collections` or `nft_items` (toncenter's type strings). */
  @PrimaryColumn({ type: 'varchar', name: 'type' })
  type!: string;

  @Column({ type: 'boolean', name: 'valid', nullable: true })
  valid!: boolean | null;

  @Column({ type: 'text', name: 'name', nullable: true })
  name!: string | null;

  @Column({ type: 'text', name: 'description', nullable: true })
  description!: string | null;

  @Column({ type: 'text', name: 'symbol', nullable: true })
  symbol!: string | null;

  @Column({ type: 'text', name: 'image', nullable: true })
  image!: string | null;

  @Column({ type: 'jsonb', name: 'extra', nullable: true })
  extra!: Record<string, unknown> | null;

  @Column({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;

  @Column({ type: 'timestamptz', name: 'expires_at', nullable: true })
  expiresAt!: Date | null;

  @Column({ type: 'boolean', name: 'reindex_allowed', default: true })
  reindexAllowed!: boolean;

  @Column({ type: 'integer', name: 'attempts', default: 0 })
  attempts!: number;

  @Column({ type: 'timestamptz', name: 'next_attempt_at', nullable: true })
  nextAttemptAt!: Date | null;

  @Column({ type: 'text', name: 'last_error', nullable: true })
  lastError!: string | null;
}
