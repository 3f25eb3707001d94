import { Column, Entity, Generated, Index, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';

/** Table `jetton_wallets` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp). */
@Index('jetton_wallets_owner_idx', ['owner', 'id'])
@Index('jetton_wallets_jetton_idx', ['jetton', 'id'])
@Index('jetton_wallets_jetton_balance_idx', ['jetton', 'balance'])
@Entity({ name: 'jetton_wallets' })
export class JettonWalletEntity {
  @PrimaryColumn({ type: 'varchar', name: 'address' })
  address!: string;

  @Column({ type: 'bigint', name: 'id', transformer: bigintTransformer })
  @Generated('increment')
  id!: bigint;

  @Column({ type: 'numeric', name: 'balance', transformer: bigintTransformer })
  balance!: bigint;

  @Column({ type: 'varchar', name: 'owner' })
  owner!: string;

  @Column({ type: 'varchar', name: 'jetton' })
  jetton!: string;

  @Column({ type: 'bigint', name: 'last_transaction_lt', transformer: bigintTransformer })
  lastTransactionLt!: bigint;

  @Column({ type: 'char', length: 44, name: 'code_hash', nullable: true })
  codeHash!: string | null;

  @Column({ type: 'char', length: 44, name: 'data_hash', nullable: true })
  dataHash!: string | null;

  @Column({ type: 'boolean', name: 'mintless_is_claimed', nullable: true })
  mintlessIsClaimed!: boolean | null;

  @Column({
    type: 'numeric',
    name: 'mintless_amount',
    nullable: true,
    transformer: bigintTransformer,
  })
  mintlessAmount!: bigint | null;

  @Column({
    type: 'bigint',
    name: 'mintless_start_from',
    nullable: true,
    transformer: bigintTransformer,
  })
  mintlessStartFrom!: bigint | null;

  @Column({
    type: 'bigint',
    name: 'mintless_expire_at',
    nullable: true,
    transformer: bigintTransformer,
  })
  mintlessExpireAt!: bigint | null;
}
