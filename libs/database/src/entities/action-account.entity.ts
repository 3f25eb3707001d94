import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';

/** Table `action_accounts` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp): the accounts an action involves, for actions by account. */
@Index('action_accounts_trace_action_idx', ['traceId', 'actionId'])
@Index('action_accounts_account_utime_idx', [
  'account',
  'traceEndUtime',
  'traceId',
  'actionEndUtime',
  'actionId',
])
@Entity({ name: 'action_accounts' })
export class ActionAccountEntity {
  @PrimaryColumn({ type: 'varchar', name: 'account' })
  account!: string;

  @PrimaryColumn({ type: 'bigint', name: 'trace_end_lt', transformer: bigintTransformer })
  traceEndLt!: bigint;

  @PrimaryColumn({ type: 'char', length: 44, name: 'trace_id' })
  traceId!: string;

  @PrimaryColumn({ type: 'bigint', name: 'action_end_lt', transformer: bigintTransformer })
  actionEndLt!: bigint;

  @PrimaryColumn({ type: 'char', length: 44, name: 'action_id' })
  actionId!: string;

  @Column({ type: 'integer', name: 'trace_end_utime' })
  traceEndUtime!: number;

  @Column({ type: 'integer', name: 'action_end_utime' })
  actionEndUtime!: number;
}
