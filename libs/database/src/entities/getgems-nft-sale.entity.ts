import { Column, Entity, Generated, Index, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';

/** Table `getgems_nft_sales` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp): getgems fixed-price sale contracts (migration NftSales). */
@Index('getgems_nft_sales_nft_idx', ['nftAddress'])
@Entity({ name: 'getgems_nft_sales' })
export class GetgemsNftSaleEntity {
  @PrimaryColumn({ type: 'varchar', name: 'address' })
  address!: string;

  @Column({ type: 'bigint', name: 'id', transformer: bigintTransformer })
  @Generated('increment')
  id!: bigint;

  @Column({ type: 'boolean', name: 'is_complete' })
  isComplete!: boolean;

  @Column({ type: 'bigint', name: 'created_at', transformer: bigintTransformer })
  createdAt!: bigint;

  @Column({ type: 'varchar', name: 'marketplace_address', nullable: true })
  marketplaceAddress!: string | null;

  @Column({ type: 'varchar', name: 'nft_address' })
  nftAddress!: string;

  @Column({ type: 'varchar', name: 'nft_owner_address', nullable: true })
  nftOwnerAddress!: string | null;

  @Column({ type: 'numeric', name: 'full_price', transformer: bigintTransformer })
  fullPrice!: bigint;

  @Column({ type: 'varchar', name: 'marketplace_fee_address', nullable: true })
  marketplaceFeeAddress!: string | null;

  @Column({ type: 'numeric', name: 'marketplace_fee', transformer: bigintTransformer })
  marketplaceFee!: bigint;

  @Column({ type: 'varchar', name: 'royalty_address', nullable: true })
  royaltyAddress!: string | null;

  @Column({ type: 'numeric', name: 'royalty_amount', transformer: bigintTransformer })
  royaltyAmount!: bigint;

  @Column({ type: 'bigint', name: 'sold_at', nullable: true, transformer: bigintTransformer })
  soldAt!: bigint | null;

  @Column({
    type: 'numeric',
    name: 'sold_query_id',
    nullable: true,
    transformer: bigintTransformer,
  })
  soldQueryId!: bigint | null;

  @Column({ type: 'jsonb', name: 'jetton_price_dict', nullable: true })
  jettonPriceDict!: Record<string, unknown> | null;

  @Column({ type: 'bigint', name: 'last_transaction_lt', transformer: bigintTransformer })
  lastTransactionLt!: bigint;

  @Column({ type: 'char', length: 44, name: 'code_hash', nullable: true })
  codeHash!: string | null;

  @Column({ type: 'char', length: 44, name: 'data_hash', nullable: true })
  dataHash!: string | null;
}

/** A sale's terms (getgems get_sale_data): the parties, the price and its cuts. */
export const NFT_SALE_TERMS_KEYS = [
  'marketplaceAddress',
  'nftAddress',
  'nftOwnerAddress',
  'fullPrice',
  'marketplaceFeeAddress',
  'marketplaceFee',
  'royaltyAddress',
  'royaltyAmount',
] as const satisfies readonly (keyof GetgemsNftSaleEntity)[];
