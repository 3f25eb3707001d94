import { Column, Entity, Index } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';
import { TokenEventColumns } from './token-event.columns';

/** Table `nft_transfers` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp): TEP-62 transfers on detected NFT items. */
@Index('nft_transfers_item_idx', ['nftItemAddress', 'txLt'])
@Index('nft_transfers_collection_idx', ['nftCollectionAddress', 'txLt'])
@Index('nft_transfers_old_idx', ['oldOwner', 'txLt'])
@Index('nft_transfers_new_idx', ['newOwner', 'txLt'])
@Entity({ name: 'nft_transfers' })
export class NftTransferEntity extends TokenEventColumns {
  @Column({ type: 'varchar', name: 'nft_item_address' })
  nftItemAddress!: string;

  @Column({
    type: 'numeric',
    name: 'nft_item_index',
    nullable: true,
    transformer: bigintTransformer,
  })
  nftItemIndex!: bigint | null;

  @Column({ type: 'varchar', name: 'nft_collection_address', nullable: true })
  nftCollectionAddress!: string | null;

  @Column({ type: 'varchar', name: 'old_owner', nullable: true })
  oldOwner!: string | null;

  @Column({ type: 'varchar', name: 'new_owner', nullable: true })
  newOwner!: string | null;

  @Column({
    type: 'numeric',
    name: 'forward_amount',
    nullable: true,
    transformer: bigintTransformer,
  })
  forwardAmount!: bigint | null;

  @Column({ type: 'text', name: 'forward_payload', nullable: true })
  forwardPayload!: string | null;
}
