import { Column, Entity, Generated, Index, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';
import { AccountStateFields } from './account-state.entity';

/** Table `latest_account_states` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp): the newest state per account, upserted only when last_trans_lt grows. */
// (balance DESC) INCLUDE (account): TypeORM cannot express DESC/INCLUDE, so it leaves this one alone.
@Index('latest_account_states_balance_idx', { synchronize: false })
@Index('latest_account_states_id_idx', ['id'])
@Index('latest_account_states_code_hash_idx', ['codeHash'])
@Entity({ name: 'latest_account_states' })
export class LatestAccountStateEntity extends AccountStateFields {
  @Column({ type: 'bigint', name: 'id', transformer: bigintTransformer })
  @Generated('increment')
  id!: bigint;

  @PrimaryColumn({ type: 'varchar', name: 'account' })
  account!: string;

  @Column({ type: 'varchar', name: 'account_friendly', nullable: true })
  accountFriendly!: string | null;

  @Column({ type: 'char', length: 44, name: 'hash' })
  hash!: string;

  @Column({ type: 'integer', name: 'timestamp' })
  timestamp!: number;

  @Column({ type: 'char', length: 44, name: 'last_trans_hash' })
  lastTransHash!: string;

  @Column({ type: 'bigint', name: 'last_trans_lt', transformer: bigintTransformer })
  lastTransLt!: bigint;

  @Column({ type: 'text', name: 'data_boc', nullable: true })
  dataBoc!: string | null;

  @Column({ type: 'text', name: 'code_boc', nullable: true })
  codeBoc!: string | null;
}
