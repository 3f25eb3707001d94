import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';
import { type AccountStatus, AccountStatusValues } from './chain-enums';

/** The columns of an account state wherever it is stored (`account_states`, `latest_account_states`). */
export abstract class AccountStateFields {
  @Column({ type: 'bigint', name: 'balance', transformer: bigintTransformer })
  balance!: bigint;

  @Column({ type: 'jsonb', name: 'balance_extra_currencies' })
  balanceExtraCurrencies!: Record<string, string>;

  @Column({
    type: 'enum',
    enum: AccountStatusValues,
    enumName: 'account_status_type',
    name: 'account_status',
  })
  accountStatus!: AccountStatus;

  @Column({ type: 'char', length: 44, name: 'frozen_hash', nullable: true })
  frozenHash!: string | null;

  @Column({ type: 'char', length: 44, name: 'data_hash', nullable: true })
  dataHash!: string | null;

  @Column({ type: 'char', length: 44, name: 'code_hash', nullable: true })
  codeHash!: string | null;
}

/** Table `account_states` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp): account states by Account cell hash (the transactions' state-update hashes). */
@Entity({ name: 'account_states' })
export class AccountStateEntity extends AccountStateFields {
  @PrimaryColumn({ type: 'char', length: 44, name: 'hash' })
  hash!: string;

  @Column({ type: 'varchar', name: 'account' })
  account!: string;
}
