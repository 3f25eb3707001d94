import { type ActionQueryRow, type TransactionBundle, type TransactionRow } from '@app/database';

/**
 * Rows as PostgreSQL returns them, for the streaming unit specs (test data: nothing in the service reads
 * this file). Each factory fills what a spec does not vary.
 */

export const hash = (n: number): string => Buffer.alloc(32, n).toString('base64');
export const account = (n: number): string =>
  `0:${n.toString(16).padStart(2, '0').repeat(32)}`.toUpperCase();

export function txRow(
  overrides: Partial<TransactionRow> & Pick<TransactionRow, 'hash' | 'lt'>,
): TransactionRow {
  return {
    account: account(1),
    block_workchain: 0,
    block_shard: '-9223372036854775808',
    block_seqno: 10,
    mc_block_seqno: 5,
    trace_id: hash(1),
    prev_trans_hash: hash(99),
    prev_trans_lt: '0',
    now: 1_795_000_000,
    orig_status: 'active',
    end_status: 'active',
    total_fees: '1000',
    total_fees_extra_currencies: {},
    account_state_hash_before: hash(97),
    account_state_hash_after: hash(98),
    descr: 'ord',
    aborted: false,
    destroyed: false,
    credit_first: true,
    is_tock: null,
    installed: false,
    storage_fees_collected: null,
    storage_fees_due: null,
    storage_status_change: null,
    credit_due_fees_collected: null,
    credit: null,
    credit_extra_currencies: null,
    compute_skipped: false,
    skipped_reason: null,
    compute_success: true,
    compute_msg_state_used: false,
    compute_account_activated: false,
    compute_gas_fees: '100',
    compute_gas_used: '50',
    compute_gas_limit: '0',
    compute_gas_credit: null,
    compute_mode: 0,
    compute_exit_code: 0,
    compute_exit_arg: null,
    compute_vm_steps: '10',
    compute_vm_init_state_hash: null,
    compute_vm_final_state_hash: null,
    action_success: null,
    action_valid: null,
    action_no_funds: null,
    action_status_change: null,
    action_total_fwd_fees: null,
    action_total_action_fees: null,
    action_result_code: null,
    action_result_arg: null,
    action_tot_actions: null,
    action_spec_actions: null,
    action_skipped_actions: null,
    action_msgs_created: null,
    action_action_list_hash: null,
    action_tot_msg_size_cells: null,
    action_tot_msg_size_bits: null,
    bounce: null,
    bounce_msg_size_cells: null,
    bounce_msg_size_bits: null,
    bounce_req_fwd_fees: null,
    bounce_msg_fees: null,
    bounce_fwd_fees: null,
    split_info_cur_shard_pfx_len: null,
    split_info_acc_split_depth: null,
    split_info_this_addr: null,
    split_info_sibling_addr: null,
    ...overrides,
  };
}

/**
 * A transaction whose in-message is `inHash` (external when `from` is null) and whose out-messages
 * are `outHashes` (to `account(2)`).
 */
export function bundle(
  tx: TransactionRow,
  inHash: string,
  from: string | null,
  outHashes: readonly string[] = [],
): TransactionBundle {
  const message = (
    msgHash: string,
    direction: 'in' | 'out',
    source: string | null,
    destination: string | null,
  ) => ({
    tx_hash: tx.hash,
    tx_lt: tx.lt,
    msg_hash: msgHash,
    direction,
    msg_hash_norm: null,
    source,
    destination,
    value: source === null ? null : '1000',
    value_extra_currencies: source === null ? null : {},
    fwd_fee: null,
    ihr_fee: null,
    extra_flags: null,
    created_lt: source === null ? null : tx.lt,
    created_at: null,
    opcode: null,
    ihr_disabled: null,
    bounce: null,
    bounced: null,
    import_fee: null,
    body_hash: hash(50),
    init_state_hash: null,
    body: null,
    init_state: null,
  });
  return {
    tx,
    inMsg: message(inHash, 'in', from, tx.account),
    outMsgs: outHashes.map((h) => message(h, 'out', tx.account, account(2))),
    stateBefore: null,
    stateAfter: {
      hash: tx.account_state_hash_after,
      account: tx.account,
      balance: '5000',
      balance_extra_currencies: {},
      account_status: 'active',
      frozen_hash: null,
      data_hash: hash(60),
      code_hash: hash(61),
    },
  };
}

export function actionRow(
  overrides: Partial<ActionQueryRow> & Pick<ActionQueryRow, 'action_id'>,
): ActionQueryRow {
  return {
    trace_id: hash(1),
    start_lt: '100',
    end_lt: '200',
    start_utime: 1_795_000_000,
    end_utime: 1_795_000_000,
    source: account(1),
    source_secondary: null,
    destination: account(2),
    destination_secondary: null,
    asset: null,
    asset_secondary: null,
    asset2: null,
    asset2_secondary: null,
    opcode: null,
    tx_hashes: [hash(11), hash(12)],
    type: 'ton_transfer',
    value: '1000',
    amount: null,
    success: true,
    trace_end_lt: '200',
    trace_end_utime: 1_795_000_000,
    trace_external_hash: hash(40),
    trace_external_hash_norm: null,
    mc_seqno_end: 6,
    trace_mc_seqno_end: 6,
    parent_action_id: null,
    ancestor_type: [],
    value_extra_currencies: {},
    details: {},
    ...overrides,
  };
}
