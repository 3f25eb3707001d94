/**
 * A row of toncenter's `actions` table (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp),
 * as the classifier produces it. Numbers that the table stores as numeric/bigint are bigint; the
 * *_data columns are PostgreSQL composite types, rendered here as plain objects with the
 * composite's field names.
 */
import type { ActionAccountColumns, ActionData, ActionDataColumn } from '@app/actions';

export type { ActionData, ActionDataColumn, ActionValue } from '@app/actions';

export interface ActionBase extends ActionAccountColumns {
  trace_id: string;
  action_id: string;
  type: string;
  tx_hashes: string[];
  value: bigint | null;
  amount: bigint | null;
  start_lt: bigint;
  end_lt: bigint;
  start_utime: number;
  end_utime: number;
  opcode: number | null;
  success: boolean;
  trace_end_lt: bigint | null;
  trace_end_utime: number | null;
  trace_external_hash: string | null;
  trace_external_hash_norm: string | null;
  mc_seqno_end: number | null;
  trace_mc_seqno_end: number | null;
  parent_action_id: string | null;
  ancestor_type: string[];
  value_extra_currencies: Record<string, string>;
  /** `action_accounts` rows of this action (not a column of `actions`). */
  accounts: string[];
}

export type ActionRow = ActionBase & Partial<Record<ActionDataColumn, ActionData | null>>;

export function emptyAction(
  fields: Pick<ActionBase, 'trace_id' | 'action_id' | 'type'>,
): ActionRow {
  // Fields listed one by one: in Node 20 a literal that starts with a spread and goes on with ~30
  // properties costs ~0.1 ms (one per action, the decoder's hottest allocation).
  return {
    trace_id: fields.trace_id,
    action_id: fields.action_id,
    type: fields.type,
    tx_hashes: [],
    value: null,
    amount: null,
    start_lt: 0n,
    end_lt: 0n,
    start_utime: 0,
    end_utime: 0,
    source: null,
    source_secondary: null,
    destination: null,
    destination_secondary: null,
    asset: null,
    asset_secondary: null,
    asset2: null,
    asset2_secondary: null,
    opcode: null,
    success: true,
    trace_end_lt: null,
    trace_end_utime: null,
    trace_external_hash: null,
    trace_external_hash_norm: null,
    mc_seqno_end: null,
    trace_mc_seqno_end: null,
    parent_action_id: null,
    ancestor_type: [],
    value_extra_currencies: {},
    accounts: [],
  };
}
