import { Column, Entity, Generated, Index, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';

/** Table `vesting_contracts` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp): vesting wallets and their get_vesting_data. */
@Index('vesting_contracts_sender_idx', ['vestingSenderAddress', 'id'])
@Index('vesting_contracts_owner_idx', ['ownerAddress', 'id'])
@Entity({ name: 'vesting_contracts' })
export class VestingContractEntity {
  @PrimaryColumn({ type: 'varchar', name: 'address' })
  address!: string;

  @Column({ type: 'bigint', name: 'id', transformer: bigintTransformer })
  @Generated('increment')
  id!: bigint;

  @Column({ type: 'bigint', name: 'vesting_start_time', transformer: bigintTransformer })
  vestingStartTime!: bigint;

  @Column({ type: 'bigint', name: 'vesting_total_duration', transformer: bigintTransformer })
  vestingTotalDuration!: bigint;

  @Column({ type: 'bigint', name: 'unlock_period', transformer: bigintTransformer })
  unlockPeriod!: bigint;

  @Column({ type: 'bigint', name: 'cliff_duration', transformer: bigintTransformer })
  cliffDuration!: bigint;

  @Column({ type: 'numeric', name: 'vesting_total_amount', transformer: bigintTransformer })
  vestingTotalAmount!: bigint;

  @Column({ type: 'varchar', name: 'vesting_sender_address', nullable: true })
  vestingSenderAddress!: string | null;

  @Column({ type: 'varchar', name: 'owner_address', nullable: true })
  ownerAddress!: string | null;

  @Column({ type: 'bigint', name: 'last_transaction_lt', transformer: bigintTransformer })
  lastTransactionLt!: bigint;

  @Column({ type: 'char', length: 44, name: 'code_hash', nullable: true })
  codeHash!: string | null;

  @Column({ type: 'char', length: 44, name: 'data_hash', nullable: true })
  dataHash!: string | null;
}
