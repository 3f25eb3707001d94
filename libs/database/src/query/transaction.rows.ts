/** A `transactions` row as PostgreSQL returns it (int8 as decimal strings, enums as text). */
export interface TransactionRow {
  hash: string;
  lt: string;
  account: string;
  block_workchain: number;
  block_shard: string;
  block_seqno: number;
  mc_block_seqno: number;
  trace_id: string | null;
  prev_trans_hash: string;
  prev_trans_lt: string;
  now: number;
  orig_status: string;
  end_status: string;
  total_fees: string;
  total_fees_extra_currencies: Record<string, string>;
  account_state_hash_before: string;
  account_state_hash_after: string;
  descr: string;
  aborted: boolean | null;
  destroyed: boolean | null;
  credit_first: boolean | null;
  is_tock: boolean | null;
  installed: boolean | null;
  storage_fees_collected: string | null;
  storage_fees_due: string | null;
  storage_status_change: string | null;
  credit_due_fees_collected: string | null;
  credit: string | null;
  credit_extra_currencies: Record<string, string> | null;
  compute_skipped: boolean | null;
  skipped_reason: string | null;
  compute_success: boolean | null;
  compute_msg_state_used: boolean | null;
  compute_account_activated: boolean | null;
  compute_gas_fees: string | null;
  compute_gas_used: string | null;
  compute_gas_limit: string | null;
  compute_gas_credit: string | null;
  compute_mode: number | null;
  compute_exit_code: number | null;
  compute_exit_arg: number | null;
  compute_vm_steps: string | null;
  compute_vm_init_state_hash: string | null;
  compute_vm_final_state_hash: string | null;
  action_success: boolean | null;
  action_valid: boolean | null;
  action_no_funds: boolean | null;
  action_status_change: string | null;
  action_total_fwd_fees: string | null;
  action_total_action_fees: string | null;
  action_result_code: number | null;
  action_result_arg: number | null;
  action_tot_actions: number | null;
  action_spec_actions: number | null;
  action_skipped_actions: number | null;
  action_msgs_created: number | null;
  action_action_list_hash: string | null;
  action_tot_msg_size_cells: string | null;
  action_tot_msg_size_bits: string | null;
  bounce: string | null;
  bounce_msg_size_cells: string | null;
  bounce_msg_size_bits: string | null;
  bounce_req_fwd_fees: string | null;
  bounce_msg_fees: string | null;
  bounce_fwd_fees: string | null;
  split_info_cur_shard_pfx_len: number | null;
  split_info_acc_split_depth: number | null;
  split_info_this_addr: string | null;
  split_info_sibling_addr: string | null;
}

/** A `messages` row with its body and init state from `message_contents` (null when missing). */
export interface MessageRow {
  tx_hash: string;
  tx_lt: string;
  msg_hash: string;
  direction: 'in' | 'out';
  msg_hash_norm: string | null;
  source: string | null;
  destination: string | null;
  value: string | null;
  value_extra_currencies: Record<string, string> | null;
  fwd_fee: string | null;
  ihr_fee: string | null;
  extra_flags: string | null;
  created_lt: string | null;
  created_at: string | null;
  opcode: number | null;
  ihr_disabled: boolean | null;
  bounce: boolean | null;
  bounced: boolean | null;
  import_fee: string | null;
  body_hash: string;
  init_state_hash: string | null;
  body: string | null;
  init_state: string | null;
}

/** An `account_states` row. */
export interface AccountStateRow {
  hash: string;
  account: string;
  balance: string;
  balance_extra_currencies: Record<string, string>;
  account_status: string;
  frozen_hash: string | null;
  data_hash: string | null;
  code_hash: string | null;
}

/** A transaction with what the v3 Transaction embeds. */
export interface TransactionBundle {
  readonly tx: TransactionRow;
  readonly inMsg: MessageRow | null;
  /** Sorted by created_lt ascending (nulls first), as ton-index-go sorts them. */
  readonly outMsgs: MessageRow[];
  readonly stateBefore: AccountStateRow | null;
  readonly stateAfter: AccountStateRow | null;
}
