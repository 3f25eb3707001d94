import { Column, Entity, Generated, Index, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';

/** Table `nft_collections` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp). */
@Index('nft_collections_owner_idx', ['ownerAddress', 'id'])
/** Content that points off-chain, for the metadata fetcher (migration AddressMetadata). */
@Index('nft_collections_content_uri_idx', ['id'], {
  where: `jsonb_typeof("collection_content" -> 'uri') = 'string'`,
})
@Entity({ name: 'nft_collections' })
export class NftCollectionEntity {
  @PrimaryColumn({ type: 'varchar', name: 'address' })
  address!: string;

  @Column({ type: 'bigint', name: 'id', transformer: bigintTransformer })
  @Generated('increment')
  id!: bigint;

  @Column({ type: 'numeric', name: 'next_item_index', transformer: bigintTransformer })
  nextItemIndex!: bigint;

  @Column({ type: 'varchar', name: 'owner_address', nullable: true })
  ownerAddress!: string | null;

  @Column({ type: 'jsonb', name: 'collection_content', nullable: true })
  collectionContent!: Record<string, unknown> | null;

  @Column({ type: 'bigint', name: 'last_transaction_lt', transformer: bigintTransformer })
  lastTransactionLt!: bigint;

  @Column({ type: 'char', length: 44, name: 'code_hash', nullable: true })
  codeHash!: string | null;

  @Column({ type: 'char', length: 44, name: 'data_hash', nullable: true })
  dataHash!: string | null;
}
