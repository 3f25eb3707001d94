import { type V3TransactionDescr } from '@app/contracts';
import { dec, type Int8 } from './columns';

/**
 * The description columns of a `transactions` row (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp):
 * what the query service reads, and what the sender has for an emulated transaction (libs/ton's
 * ParsedTransaction, snake-cased).
 */
export interface TransactionDescrColumns {
  readonly descr: string;
  readonly aborted: boolean | null;
  readonly destroyed: boolean | null;
  readonly credit_first: boolean | null;
  readonly is_tock: boolean | null;
  readonly installed: boolean | null;
  readonly storage_fees_collected: Int8 | null;
  readonly storage_fees_due: Int8 | null;
  readonly storage_status_change: string | null;
  readonly credit_due_fees_collected: Int8 | null;
  readonly credit: Int8 | null;
  readonly credit_extra_currencies: Readonly<Record<string, string>> | null;
  readonly compute_skipped: boolean | null;
  readonly skipped_reason: string | null;
  readonly compute_success: boolean | null;
  readonly compute_msg_state_used: boolean | null;
  readonly compute_account_activated: boolean | null;
  readonly compute_gas_fees: Int8 | null;
  readonly compute_gas_used: Int8 | null;
  readonly compute_gas_limit: Int8 | null;
  readonly compute_gas_credit: Int8 | null;
  readonly compute_mode: number | null;
  readonly compute_exit_code: number | null;
  readonly compute_exit_arg: number | null;
  /** An int8 column (a string from PostgreSQL), a JSON number in https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models; libs/ton has a number. */
  readonly compute_vm_steps: string | number | null;
  readonly compute_vm_init_state_hash: string | null;
  readonly compute_vm_final_state_hash: string | null;
  readonly action_success: boolean | null;
  readonly action_valid: boolean | null;
  readonly action_no_funds: boolean | null;
  readonly action_status_change: string | null;
  readonly action_total_fwd_fees: Int8 | null;
  readonly action_total_action_fees: Int8 | null;
  readonly action_result_code: number | null;
  readonly action_result_arg: number | null;
  readonly action_tot_actions: number | null;
  readonly action_spec_actions: number | null;
  readonly action_skipped_actions: number | null;
  readonly action_msgs_created: number | null;
  readonly action_action_list_hash: string | null;
  readonly action_tot_msg_size_cells: Int8 | null;
  readonly action_tot_msg_size_bits: Int8 | null;
  readonly bounce: string | null;
  readonly bounce_msg_size_cells: Int8 | null;
  readonly bounce_msg_size_bits: Int8 | null;
  readonly bounce_req_fwd_fees: Int8 | null;
  readonly bounce_msg_fees: Int8 | null;
  readonly bounce_fwd_fees: Int8 | null;
  readonly split_info_cur_shard_pfx_len: number | null;
  readonly split_info_acc_split_depth: number | null;
  readonly split_info_this_addr: string | null;
  readonly split_info_sibling_addr: string | null;
}

type Defined<T> = { [K in keyof T]: Exclude<T[K], null | undefined> };

/**
 * The object without its null/undefined fields (ton-index-go's `omitempty` on pointers). A plain
 * loop: it runs for every phase of every transaction of a page, and entries/fromEntries allocated
 * an array per field (2 % of the query service's CPU on a hot page).
 */
function compact<T extends Record<string, unknown>>(o: T): Partial<Defined<T>> {
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(o)) {
    const value = o[key];
    if (value !== null && value !== undefined) {
      kept[key] = value;
    }
  }
  return kept as Partial<Defined<T>>;
}

/** StorageUsedShort as `{cells, bits}`, or null when either half is missing. */
function msgSize(cells: Int8 | null, bits: Int8 | null): { cells: string; bits: string } | null {
  return cells === null || bits === null ? null : { cells: String(cells), bits: String(bits) };
}

/**
 * The map, or null when it has no entries: ton-index-go's `CreditPhase.CreditExtraCurrencies` is a
 * `map[string]string` tagged `omitempty`, and encoding/json leaves an empty map out
 * (https://pkg.go.dev/encoding/json#Marshal). The column holds `{}` for a credit without extra
 * currencies (ton-index-postgres's extra_currencies_to_json_string writes an empty object), and
 * ton-index-go's emulated transactions set an empty map too, so `credit_ph` is there and this key is not.
 */
function nonEmpty(
  m: Readonly<Record<string, string>> | null,
): Readonly<Record<string, string>> | null {
  return m === null || Object.keys(m).length === 0 ? null : m;
}

/**
 * The flattened description columns as the v3 `description`
 * (https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models), with
 * ton-index-go's rules for which phases appear: storage when status_change is set, credit when any
 * credit field is, compute when `skipped` is, action when `success` is, bounce when its type is,
 * split_info when the prefix length is. Leaves are omitted when null, and `credit_extra_currencies`
 * when empty (omitempty on a Go map); a present credit phase always carries `credit`, even "0".
 */
export function toV3Description(t: TransactionDescrColumns): V3TransactionDescr {
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
      storage_fees_collected: dec(t.storage_fees_collected),
      storage_fees_due: dec(t.storage_fees_due),
      status_change: t.storage_status_change,
    });
  }
  if (
    t.credit_due_fees_collected !== null ||
    t.credit !== null ||
    t.credit_extra_currencies !== null
  ) {
    d.credit_ph = compact({
      due_fees_collected: dec(t.credit_due_fees_collected),
      credit: dec(t.credit),
      credit_extra_currencies: nonEmpty(t.credit_extra_currencies),
    });
  }
  if (t.compute_skipped !== null) {
    d.compute_ph = compact({
      skipped: t.compute_skipped,
      reason: t.skipped_reason,
      success: t.compute_success,
      msg_state_used: t.compute_msg_state_used,
      account_activated: t.compute_account_activated,
      gas_fees: dec(t.compute_gas_fees),
      gas_used: dec(t.compute_gas_used),
      gas_limit: dec(t.compute_gas_limit),
      gas_credit: dec(t.compute_gas_credit),
      mode: t.compute_mode,
      exit_code: t.compute_exit_code,
      exit_arg: t.compute_exit_arg,
      vm_steps: t.compute_vm_steps === null ? null : Number(t.compute_vm_steps),
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
      total_fwd_fees: dec(t.action_total_fwd_fees),
      total_action_fees: dec(t.action_total_action_fees),
      result_code: t.action_result_code,
      result_arg: t.action_result_arg,
      tot_actions: t.action_tot_actions,
      spec_actions: t.action_spec_actions,
      skipped_actions: t.action_skipped_actions,
      msgs_created: t.action_msgs_created,
      action_list_hash: t.action_action_list_hash,
      tot_msg_size: msgSize(t.action_tot_msg_size_cells, t.action_tot_msg_size_bits),
    });
  }
  if (t.bounce !== null) {
    d.bounce = {
      type: t.bounce,
      ...compact({
        msg_size: msgSize(t.bounce_msg_size_cells, t.bounce_msg_size_bits),
        req_fwd_fees: dec(t.bounce_req_fwd_fees),
        msg_fees: dec(t.bounce_msg_fees),
        fwd_fees: dec(t.bounce_fwd_fees),
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
