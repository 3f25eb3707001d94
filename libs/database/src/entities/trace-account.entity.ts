import { Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';

/** Table `trace_accounts` (migration TraceAccounts): the traces an account is in, for /traces?account=; partitioned by the trace's end_lt. */
@Index('trace_accounts_account_end_lt_idx', ['account', 'traceEndLt', 'traceId'])
@Entity({ name: 'trace_accounts' })
export class TraceAccountEntity {
  @PrimaryColumn({ type: 'char', length: 44, name: 'trace_id' })
  traceId!: string;

  @PrimaryColumn({ type: 'varchar', name: 'account' })
  account!: string;

  /** The partition key (migration PartitionTraceHistory), hence part of the primary key. */
  @PrimaryColumn({ type: 'bigint', name: 'trace_end_lt', transformer: bigintTransformer })
  traceEndLt!: bigint;
}
