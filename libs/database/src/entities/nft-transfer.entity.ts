import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';

/** Table `nft_transfers` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp): TEP-62 transfers on detected NFT items. */
@Index('nft_transfers_item_idx', ['nftItemAddress', 'txLt'])
@Index('nft_transfers_collection_idx', ['nftCollectionAddress', 'txLt'])
@Index('nft_transfers_old_idx', ['oldOwner', 'txLt'])
@Index('nft_transfers_new_idx', ['newOwner', 'txLt'])
@Entity({ name: 'nft_transfers' })
export class NftTransferEntity {
  @PrimaryColumn({ type: 'char', length: 44, name: 'tx_hash' })
  txHash!: string;

  @PrimaryColumn({ type: 'bigint', name: 'tx_lt', transformer: bigintTransformer })
  txLt!: bigint;

  @Column({ type: 'integer', name: 'tx_now' })
  txNow!: number;

  @Column({ type: 'boolean', name: 'tx_aborted' })
  txAborted!: boolean;

  @Column({ type: 'integer', name: 'mc_seqno' })
  mcSeqno!: number;

  @Column({ type: 'numeric', name: 'query_id', transformer: bigintTransformer })
  queryId!: bigint;

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

  @Column({ type: 'varchar', name: 'response_destination', nullable: true })
  responseDestination!: string | null;

  @Column({ type: 'text', name: 'custom_payload', nullable: true })
  customPayload!: string | null;

  @Column({
    type: 'numeric',
    name: 'forward_amount',
    nullable: true,
    transformer: bigintTransformer,
  })
  forwardAmount!: bigint | null;

  @Column({ type: 'text', name: 'forward_payload', nullable: true })
  forwardPayload!: string | null;

  @Column({ type: 'char', length: 44, name: 'trace_id', nullable: true })
  traceId!: string | null;
}
