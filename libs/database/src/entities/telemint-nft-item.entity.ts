import { Column, Entity, Generated, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';

/** Table `telemint_nft_items` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp): Fragment's Telemint items (migration TelemintItems). */
@Entity({ name: 'telemint_nft_items' })
export class TelemintNftItemEntity {
  @PrimaryColumn({ type: 'varchar', name: 'address' })
  address!: string;

  @Column({ type: 'bigint', name: 'id', transformer: bigintTransformer })
  @Generated('increment')
  id!: bigint;

  @Column({ type: 'varchar', name: 'token_name' })
  tokenName!: string;

  @Column({ type: 'varchar', name: 'bidder_address', nullable: true })
  bidderAddress!: string | null;

  @Column({ type: 'numeric', name: 'bid', transformer: bigintTransformer })
  bid!: bigint;

  @Column({ type: 'bigint', name: 'bid_ts', transformer: bigintTransformer })
  bidTs!: bigint;

  @Column({ type: 'numeric', name: 'min_bid', transformer: bigintTransformer })
  minBid!: bigint;

  @Column({ type: 'bigint', name: 'end_time', transformer: bigintTransformer })
  endTime!: bigint;

  @Column({ type: 'varchar', name: 'beneficiary_address', nullable: true })
  beneficiaryAddress!: string | null;

  @Column({ type: 'numeric', name: 'initial_min_bid', transformer: bigintTransformer })
  initialMinBid!: bigint;

  @Column({ type: 'numeric', name: 'max_bid', transformer: bigintTransformer })
  maxBid!: bigint;

  @Column({ type: 'numeric', name: 'min_bid_step', transformer: bigintTransformer })
  minBidStep!: bigint;

  @Column({ type: 'bigint', name: 'min_extend_time', transformer: bigintTransformer })
  minExtendTime!: bigint;

  @Column({ type: 'bigint', name: 'duration', transformer: bigintTransformer })
  duration!: bigint;

  @Column({ type: 'bigint', name: 'royalty_numerator', transformer: bigintTransformer })
  royaltyNumerator!: bigint;

  @Column({ type: 'bigint', name: 'royalty_denominator', transformer: bigintTransformer })
  royaltyDenominator!: bigint;

  @Column({ type: 'varchar', name: 'royalty_destination' })
  royaltyDestination!: string;

  @Column({ type: 'bigint', name: 'last_transaction_lt', transformer: bigintTransformer })
  lastTransactionLt!: bigint;

  @Column({ type: 'char', length: 44, name: 'code_hash', nullable: true })
  codeHash!: string | null;

  @Column({ type: 'char', length: 44, name: 'data_hash', nullable: true })
  dataHash!: string | null;
}
