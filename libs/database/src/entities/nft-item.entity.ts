import { Column, Entity, Generated, Index, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';

/** Table `nft_items` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp). */
@Index('nft_items_collection_idx', ['collectionAddress', 'index'])
@Index('nft_items_owner_idx', ['ownerAddress', 'collectionAddress', 'index'])
@Index('nft_items_real_owner_idx', ['realOwner', 'lastTransactionLt'])
/** Content that points off-chain, for the metadata fetcher (migration AddressMetadata). */
@Index('nft_items_content_uri_idx', ['id'], {
  where: `jsonb_typeof("content" -> 'uri') = 'string'`,
})
@Entity({ name: 'nft_items' })
export class NftItemEntity {
  @PrimaryColumn({ type: 'varchar', name: 'address' })
  address!: string;

  @Column({ type: 'bigint', name: 'id', transformer: bigintTransformer })
  @Generated('increment')
  id!: bigint;

  @Column({ type: 'boolean', name: 'init' })
  init!: boolean;

  @Column({ type: 'numeric', name: 'index', transformer: bigintTransformer })
  index!: bigint;

  @Column({ type: 'varchar', name: 'collection_address', nullable: true })
  collectionAddress!: string | null;

  @Column({ type: 'varchar', name: 'owner_address', nullable: true })
  ownerAddress!: string | null;

  @Column({ type: 'jsonb', name: 'content', nullable: true })
  content!: Record<string, unknown> | null;

  @Column({ type: 'bigint', name: 'last_transaction_lt', transformer: bigintTransformer })
  lastTransactionLt!: bigint;

  @Column({ type: 'char', length: 44, name: 'code_hash', nullable: true })
  codeHash!: string | null;

  @Column({ type: 'char', length: 44, name: 'data_hash', nullable: true })
  dataHash!: string | null;

  @Column({ type: 'varchar', name: 'real_owner', nullable: true })
  realOwner!: string | null;
}

/** An item's TEP-62 get_nft_data as the table keeps it (the decoder writes them, the readers read them). */
export const NFT_ITEM_GET_DATA_KEYS = [
  'init',
  'index',
  'collectionAddress',
  'ownerAddress',
  'content',
] as const satisfies readonly (keyof NftItemEntity)[];

/** An item's get_nft_data under its address (what the classifier's input reads). */
export const NFT_ITEM_DATA_KEYS = [
  'address',
  ...NFT_ITEM_GET_DATA_KEYS,
] as const satisfies readonly (keyof NftItemEntity)[];
