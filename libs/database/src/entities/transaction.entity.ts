import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';
import {
  type AccountStatus,
  AccountStatusValues,
  type BounceType,
  BounceTypeValues,
  type DescrType,
  DescrTypeValues,
  type SkippedReason,
  SkippedReasonValues,
  type StatusChange,
  StatusChangeValues,
} from './chain-enums';

/** Table `transactions` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp): one row per transaction with its description flattened. */
@Index('transactions_block_idx', ['blockWorkchain', 'blockShard', 'blockSeqno'])
@Index('transactions_lt_idx', ['lt'])
@Index('transactions_now_lt_idx', ['now', 'lt'])
@Index('transactions_account_lt_idx', ['account', 'lt'])
@Index('transactions_account_now_lt_idx', ['account', 'now', 'lt'])
@Index('transactions_hash_idx', ['hash'])
@Index('transactions_mc_block_seqno_lt_idx', ['mcBlockSeqno', 'lt'])
@Index('transactions_trace_id_idx', ['traceId', 'lt'])
@Index('transactions_account_trace_id_idx', ['account', 'traceId'])
@Entity({ name: 'transactions' })
export class TransactionEntity {
  @PrimaryColumn({ type: 'char', length: 44, name: 'hash' })
  hash!: string;

  @PrimaryColumn({ type: 'bigint', name: 'lt', transformer: bigintTransformer })
  lt!: bigint;

  @Column({ type: 'varchar', name: 'account' })
  account!: string;

  @Column({ type: 'integer', name: 'block_workchain' })
  blockWorkchain!: number;

  @Column({ type: 'bigint', name: 'block_shard', transformer: bigintTransformer })
  blockShard!: bigint;

  @Column({ type: 'integer', name: 'block_seqno' })
  blockSeqno!: number;

  @Column({ type: 'integer', name: 'mc_block_seqno' })
  mcBlockSeqno!: number;

  @Column({ type: 'char', length: 44, name: 'trace_id', nullable: true })
  traceId!: string | null;

  @Column({ type: 'char', length: 44, name: 'prev_trans_hash' })
  prevTransHash!: string;

  @Column({ type: 'bigint', name: 'prev_trans_lt', transformer: bigintTransformer })
  prevTransLt!: bigint;

  @Column({ type: 'integer', name: 'now' })
  now!: number;

  @Column({
    type: 'enum',
    enum: AccountStatusValues,
    enumName: 'account_status_type',
    name: 'orig_status',
  })
  origStatus!: AccountStatus;

  @Column({
    type: 'enum',
    enum: AccountStatusValues,
    enumName: 'account_status_type',
    name: 'end_status',
  })
  endStatus!: AccountStatus;

  @Column({ type: 'bigint', name: 'total_fees', transformer: bigintTransformer })
  totalFees!: bigint;

  @Column({ type: 'jsonb', name: 'total_fees_extra_currencies' })
  totalFeesExtraCurrencies!: Record<string, string>;

  @Column({ type: 'char', length: 44, name: 'account_state_hash_before' })
  accountStateHashBefore!: string;

  @Column({ type: 'char', length: 44, name: 'account_state_hash_after' })
  accountStateHashAfter!: string;

  @Column({ type: 'enum', enum: DescrTypeValues, enumName: 'descr_type', name: 'descr' })
  descr!: DescrType;

  @Column({ type: 'boolean', name: 'aborted', nullable: true })
  aborted!: boolean | null;

  @Column({ type: 'boolean', name: 'destroyed', nullable: true })
  destroyed!: boolean | null;

  @Column({ type: 'boolean', name: 'credit_first', nullable: true })
  creditFirst!: boolean | null;

  @Column({ type: 'boolean', name: 'is_tock', nullable: true })
  isTock!: boolean | null;

  @Column({ type: 'boolean', name: 'installed', nullable: true })
  installed!: boolean | null;

  @Column({
    type: 'bigint',
    name: 'storage_fees_collected',
    nullable: true,
    transformer: bigintTransformer,
  })
  storageFeesCollected!: bigint | null;

  @Column({
    type: 'bigint',
    name: 'storage_fees_due',
    nullable: true,
    transformer: bigintTransformer,
  })
  storageFeesDue!: bigint | null;

  @Column({
    type: 'enum',
    enum: StatusChangeValues,
    enumName: 'status_change_type',
    name: 'storage_status_change',
    nullable: true,
  })
  storageStatusChange!: StatusChange | null;

  @Column({
    type: 'bigint',
    name: 'credit_due_fees_collected',
    nullable: true,
    transformer: bigintTransformer,
  })
  creditDueFeesCollected!: bigint | null;

  @Column({ type: 'bigint', name: 'credit', nullable: true, transformer: bigintTransformer })
  credit!: bigint | null;

  @Column({ type: 'jsonb', name: 'credit_extra_currencies', nullable: true })
  creditExtraCurrencies!: Record<string, string> | null;

  @Column({ type: 'boolean', name: 'compute_skipped', nullable: true })
  computeSkipped!: boolean | null;

  @Column({
    type: 'enum',
    enum: SkippedReasonValues,
    enumName: 'skipped_reason_type',
    name: 'skipped_reason',
    nullable: true,
  })
  skippedReason!: SkippedReason | null;

  @Column({ type: 'boolean', name: 'compute_success', nullable: true })
  computeSuccess!: boolean | null;

  @Column({ type: 'boolean', name: 'compute_msg_state_used', nullable: true })
  computeMsgStateUsed!: boolean | null;

  @Column({ type: 'boolean', name: 'compute_account_activated', nullable: true })
  computeAccountActivated!: boolean | null;

  @Column({
    type: 'bigint',
    name: 'compute_gas_fees',
    nullable: true,
    transformer: bigintTransformer,
  })
  computeGasFees!: bigint | null;

  @Column({
    type: 'bigint',
    name: 'compute_gas_used',
    nullable: true,
    transformer: bigintTransformer,
  })
  computeGasUsed!: bigint | null;

  @Column({
    type: 'bigint',
    name: 'compute_gas_limit',
    nullable: true,
    transformer: bigintTransformer,
  })
  computeGasLimit!: bigint | null;

  @Column({
    type: 'bigint',
    name: 'compute_gas_credit',
    nullable: true,
    transformer: bigintTransformer,
  })
  computeGasCredit!: bigint | null;

  @Column({ type: 'integer', name: 'compute_mode', nullable: true })
  computeMode!: number | null;

  @Column({ type: 'integer', name: 'compute_exit_code', nullable: true })
  computeExitCode!: number | null;

  @Column({ type: 'integer', name: 'compute_exit_arg', nullable: true })
  computeExitArg!: number | null;

  @Column({
    type: 'bigint',
    name: 'compute_vm_steps',
    nullable: true,
    transformer: bigintTransformer,
  })
  computeVmSteps!: bigint | null;

  @Column({ type: 'char', length: 44, name: 'compute_vm_init_state_hash', nullable: true })
  computeVmInitStateHash!: string | null;

  @Column({ type: 'char', length: 44, name: 'compute_vm_final_state_hash', nullable: true })
  computeVmFinalStateHash!: string | null;

  @Column({ type: 'boolean', name: 'action_success', nullable: true })
  actionSuccess!: boolean | null;

  @Column({ type: 'boolean', name: 'action_valid', nullable: true })
  actionValid!: boolean | null;

  @Column({ type: 'boolean', name: 'action_no_funds', nullable: true })
  actionNoFunds!: boolean | null;

  @Column({
    type: 'enum',
    enum: StatusChangeValues,
    enumName: 'status_change_type',
    name: 'action_status_change',
    nullable: true,
  })
  actionStatusChange!: StatusChange | null;

  @Column({
    type: 'bigint',
    name: 'action_total_fwd_fees',
    nullable: true,
    transformer: bigintTransformer,
  })
  actionTotalFwdFees!: bigint | null;

  @Column({
    type: 'bigint',
    name: 'action_total_action_fees',
    nullable: true,
    transformer: bigintTransformer,
  })
  actionTotalActionFees!: bigint | null;

  @Column({ type: 'integer', name: 'action_result_code', nullable: true })
  actionResultCode!: number | null;

  @Column({ type: 'integer', name: 'action_result_arg', nullable: true })
  actionResultArg!: number | null;

  @Column({ type: 'integer', name: 'action_tot_actions', nullable: true })
  actionTotActions!: number | null;

  @Column({ type: 'integer', name: 'action_spec_actions', nullable: true })
  actionSpecActions!: number | null;

  @Column({ type: 'integer', name: 'action_skipped_actions', nullable: true })
  actionSkippedActions!: number | null;

  @Column({ type: 'integer', name: 'action_msgs_created', nullable: true })
  actionMsgsCreated!: number | null;

  @Column({ type: 'char', length: 44, name: 'action_action_list_hash', nullable: true })
  actionActionListHash!: string | null;

  @Column({
    type: 'bigint',
    name: 'action_tot_msg_size_cells',
    nullable: true,
    transformer: bigintTransformer,
  })
  actionTotMsgSizeCells!: bigint | null;

  @Column({
    type: 'bigint',
    name: 'action_tot_msg_size_bits',
    nullable: true,
    transformer: bigintTransformer,
  })
  actionTotMsgSizeBits!: bigint | null;

  @Column({
    type: 'enum',
    enum: BounceTypeValues,
    enumName: 'bounce_type',
    name: 'bounce',
    nullable: true,
  })
  bounce!: BounceType | null;

  @Column({
    type: 'bigint',
    name: 'bounce_msg_size_cells',
    nullable: true,
    transformer: bigintTransformer,
  })
  bounceMsgSizeCells!: bigint | null;

  @Column({
    type: 'bigint',
    name: 'bounce_msg_size_bits',
    nullable: true,
    transformer: bigintTransformer,
  })
  bounceMsgSizeBits!: bigint | null;

  @Column({
    type: 'bigint',
    name: 'bounce_req_fwd_fees',
    nullable: true,
    transformer: bigintTransformer,
  })
  bounceReqFwdFees!: bigint | null;

  @Column({
    type: 'bigint',
    name: 'bounce_msg_fees',
    nullable: true,
    transformer: bigintTransformer,
  })
  bounceMsgFees!: bigint | null;

  @Column({
    type: 'bigint',
    name: 'bounce_fwd_fees',
    nullable: true,
    transformer: bigintTransformer,
  })
  bounceFwdFees!: bigint | null;

  @Column({ type: 'integer', name: 'split_info_cur_shard_pfx_len', nullable: true })
  splitInfoCurShardPfxLen!: number | null;

  @Column({ type: 'integer', name: 'split_info_acc_split_depth', nullable: true })
  splitInfoAccSplitDepth!: number | null;

  @Column({ type: 'varchar', name: 'split_info_this_addr', nullable: true })
  splitInfoThisAddr!: string | null;

  @Column({ type: 'varchar', name: 'split_info_sibling_addr', nullable: true })
  splitInfoSiblingAddr!: string | null;
}
