import { Column, Entity, Generated, Index, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';

/** Table `getgems_nft_auctions` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp): getgems auction contracts (migration NftAuctions). */
@Index('getgems_nft_auctions_nft_idx', ['nftAddr'])
@Entity({ name: 'getgems_nft_auctions' })
export class GetgemsNftAuctionEntity {
  @PrimaryColumn({ type: 'varchar', name: 'address' })
  address!: string;

  @Column({ type: 'bigint', name: 'id', transformer: bigintTransformer })
  @Generated('increment')
  id!: bigint;

  @Column({ type: 'boolean', name: 'end_flag' })
  endFlag!: boolean;

  @Column({ type: 'bigint', name: 'end_time', transformer: bigintTransformer })
  endTime!: bigint;

  @Column({ type: 'varchar', name: 'mp_addr', nullable: true })
  mpAddr!: string | null;

  @Column({ type: 'varchar', name: 'nft_addr' })
  nftAddr!: string;

  @Column({ type: 'varchar', name: 'nft_owner', nullable: true })
  nftOwner!: string | null;

  @Column({ type: 'numeric', name: 'last_bid', transformer: bigintTransformer })
  lastBid!: bigint;

  @Column({ type: 'varchar', name: 'last_member', nullable: true })
  lastMember!: string | null;

  @Column({ type: 'bigint', name: 'min_step', transformer: bigintTransformer })
  minStep!: bigint;

  @Column({ type: 'varchar', name: 'mp_fee_addr', nullable: true })
  mpFeeAddr!: string | null;

  @Column({ type: 'bigint', name: 'mp_fee_factor', transformer: bigintTransformer })
  mpFeeFactor!: bigint;

  @Column({ type: 'bigint', name: 'mp_fee_base', transformer: bigintTransformer })
  mpFeeBase!: bigint;

  @Column({ type: 'varchar', name: 'royalty_fee_addr', nullable: true })
  royaltyFeeAddr!: string | null;

  @Column({ type: 'bigint', name: 'royalty_fee_factor', transformer: bigintTransformer })
  royaltyFeeFactor!: bigint;

  @Column({ type: 'bigint', name: 'royalty_fee_base', transformer: bigintTransformer })
  royaltyFeeBase!: bigint;

  @Column({ type: 'numeric', name: 'max_bid', transformer: bigintTransformer })
  maxBid!: bigint;

  @Column({ type: 'numeric', name: 'min_bid', transformer: bigintTransformer })
  minBid!: bigint;

  @Column({ type: 'bigint', name: 'created_at', transformer: bigintTransformer })
  createdAt!: bigint;

  @Column({ type: 'bigint', name: 'last_bid_at', transformer: bigintTransformer })
  lastBidAt!: bigint;

  @Column({ type: 'boolean', name: 'is_canceled' })
  isCanceled!: boolean;

  @Column({ type: 'boolean', name: 'activated', nullable: true })
  activated!: boolean | null;

  @Column({ type: 'bigint', name: 'step_time', nullable: true, transformer: bigintTransformer })
  stepTime!: bigint | null;

  @Column({
    type: 'numeric',
    name: 'last_query_id',
    nullable: true,
    transformer: bigintTransformer,
  })
  lastQueryId!: bigint | null;

  @Column({ type: 'varchar', name: 'jetton_wallet', nullable: true })
  jettonWallet!: string | null;

  @Column({ type: 'varchar', name: 'jetton_master', nullable: true })
  jettonMaster!: string | null;

  @Column({ type: 'boolean', name: 'is_broken_state', nullable: true })
  isBrokenState!: boolean | null;

  @Column({ type: 'varchar', name: 'public_key', nullable: true })
  publicKey!: string | null;

  @Column({ type: 'bigint', name: 'last_transaction_lt', transformer: bigintTransformer })
  lastTransactionLt!: bigint;

  @Column({ type: 'char', length: 44, name: 'code_hash', nullable: true })
  codeHash!: string | null;

  @Column({ type: 'char', length: 44, name: 'data_hash', nullable: true })
  dataHash!: string | null;
}
