import { type V3TransactionDescr } from '@app/contracts';
import { type TransactionRow } from '@app/database';

type Defined<T> = { [K in keyof T]: Exclude<T[K], null | undefined> };

/** The object without its null/undefined fields (ton-index-go's `omitempty` on pointers). */
function compact<T extends Record<string, unknown>>(o: T): Partial<Defined<T>> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (v !== null && v !== undefined) {
      out[k] = v;
    }
  }
  return out as Partial<Defined<T>>;
}

function num(v: string | null): number | null {
  return v === null ? null : Number(v);
}

/**
 * The flattened description columns as the v3 `description` (§11.2), with ton-index-go's rules for
 * which phases appear: storage when status_change is set, credit when any credit field is, compute
 * when `skipped` is, action when `success` is, bounce when its type is, split_info when the prefix
 * length is. Leaves are omitted when null.
 */
export function toV3Description(t: TransactionRow): V3TransactionDescr {
  const d: V3TransactionDescr = {
    type: t.descr,
    ...compact({
      aborted: t.aborted,
      destroyed: t.destroyed,
      credit_first: t.credit_first,
      is_tock: t.is_tock,
      installed: t.installed,
    }),
  };
  if (t.storage_status_change !== null) {
    d.storage_ph = compact({
      storage_fees_collected: t.storage_fees_collected,
      storage_fees_due: t.storage_fees_due,
      status_change: t.storage_status_change,
    });
  }
  if (
    t.credit_due_fees_collected !== null ||
    t.credit !== null ||
    t.credit_extra_currencies !== null
  ) {
    d.credit_ph = compact({
      due_fees_collected: t.credit_due_fees_collected,
      credit: t.credit,
      credit_extra_currencies: t.credit_extra_currencies,
    });
  }
  if (t.compute_skipped !== null) {
    d.compute_ph = compact({
      skipped: t.compute_skipped,
      reason: t.skipped_reason,
      success: t.compute_success,
      msg_state_used: t.compute_msg_state_used,
      account_activated: t.compute_account_activated,
      gas_fees: t.compute_gas_fees,
      gas_used: t.compute_gas_used,
      gas_limit: t.compute_gas_limit,
      gas_credit: t.compute_gas_credit,
      mode: t.compute_mode,
      exit_code: t.compute_exit_code,
      exit_arg: t.compute_exit_arg,
      vm_steps: num(t.compute_vm_steps),
      vm_init_state_hash: t.compute_vm_init_state_hash,
      vm_final_state_hash: t.compute_vm_final_state_hash,
    });
  }
  if (t.action_success !== null) {
    d.action = compact({
      success: t.action_success,
      valid: t.action_valid,
      no_funds: t.action_no_funds,
      status_change: t.action_status_change,
      total_fwd_fees: t.action_total_fwd_fees,
      total_action_fees: t.action_total_action_fees,
      result_code: t.action_result_code,
      result_arg: t.action_result_arg,
      tot_actions: t.action_tot_actions,
      spec_actions: t.action_spec_actions,
      skipped_actions: t.action_skipped_actions,
      msgs_created: t.action_msgs_created,
      action_list_hash: t.action_action_list_hash,
      tot_msg_size:
        t.action_tot_msg_size_cells === null || t.action_tot_msg_size_bits === null
          ? null
          : { cells: t.action_tot_msg_size_cells, bits: t.action_tot_msg_size_bits },
    });
  }
  if (t.bounce !== null) {
    d.bounce = {
      type: t.bounce,
      ...compact({
        msg_size:
          t.bounce_msg_size_cells === null || t.bounce_msg_size_bits === null
            ? null
            : { cells: t.bounce_msg_size_cells, bits: t.bounce_msg_size_bits },
        req_fwd_fees: t.bounce_req_fwd_fees,
        msg_fees: t.bounce_msg_fees,
        fwd_fees: t.bounce_fwd_fees,
      }),
    };
  }
  if (t.split_info_cur_shard_pfx_len !== null) {
    d.split_info = compact({
      cur_shard_pfx_len: t.split_info_cur_shard_pfx_len,
      acc_split_depth: t.split_info_acc_split_depth,
      this_addr: t.split_info_this_addr,
      sibling_addr: t.split_info_sibling_addr,
    });
  }
  return d;
}
