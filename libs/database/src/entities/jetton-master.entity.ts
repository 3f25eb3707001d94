import { Column, Entity, Generated, Index, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';

/** Table `jetton_masters` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp). */
@Index('jetton_masters_admin_idx', ['adminAddress', 'id'])
/** Content that points off-chain, for the metadata fetcher (migration AddressMetadata). */
@Index('jetton_masters_content_uri_idx', ['id'], {
  where: `jsonb_typeof("jetton_content" -> 'uri') = 'string'`,
})
@Entity({ name: 'jetton_masters' })
export class JettonMasterEntity {
  @PrimaryColumn({ type: 'varchar', name: 'address' })
  address!: string;

  @Column({ type: 'bigint', name: 'id', transformer: bigintTransformer })
  @Generated('increment')
  id!: bigint;

  @Column({ type: 'numeric', name: 'total_supply', transformer: bigintTransformer })
  totalSupply!: bigint;

  @Column({ type: 'boolean', name: 'mintable' })
  mintable!: boolean;

  @Column({ type: 'varchar', name: 'admin_address', nullable: true })
  adminAddress!: string | null;

  @Column({ type: 'jsonb', name: 'jetton_content', nullable: true })
  jettonContent!: Record<string, unknown> | null;

  @Column({ type: 'char', length: 44, name: 'jetton_wallet_code_hash', nullable: true })
  jettonWalletCodeHash!: string | null;

  @Column({ type: 'bigint', name: 'last_transaction_lt', transformer: bigintTransformer })
  lastTransactionLt!: bigint;

  @Column({ type: 'char', length: 44, name: 'code_hash', nullable: true })
  codeHash!: string | null;

  @Column({ type: 'char', length: 44, name: 'data_hash', nullable: true })
  dataHash!: string | null;
}
