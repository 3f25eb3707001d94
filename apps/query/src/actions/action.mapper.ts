import { type ActionData, type ActionRenderRow, renderActionDetails } from '@app/actions';
import { type V3Action } from '@app/contracts';
import { type ActionQueryRow } from '@app/database';
import { json } from '../wire/json';
import { opcodeInt32 } from '../wire/wire-format';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function data(v: unknown): ActionData | null {
  const j = json(v);
  return isRecord(j) ? j : null;
}

/** The row as the renderers read it: generic columns plus the `*_data` composites of `details`. */
function renderInput(a: ActionQueryRow): ActionRenderRow {
  const composites: Record<string, ActionData | null> = {};
  for (const [key, value] of Object.entries(a.details)) {
    if (key.endsWith('_data')) {
      composites[key] = data(value);
    }
  }
  return {
    ...composites,
    source: a.source,
    source_secondary: a.source_secondary,
    destination: a.destination,
    destination_secondary: a.destination_secondary,
    asset: a.asset,
    asset_secondary: a.asset_secondary,
    asset2: a.asset2,
    asset2_secondary: a.asset2_secondary,
    value: a.value,
    amount: a.amount,
    opcode: opcodeInt32(a.opcode),
    value_extra_currencies: a.value_extra_currencies ?? {},
  };
}

/**
 * An `actions` row as the v3 Action
 * (https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models): lts as strings,
 * type-specific details; a type without a renderer gets toncenter's error detail and the raw row;
 * `ton_transfer`/`call_contract` carrying extra currencies are renamed `extra_currency_transfer`
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/indexer/indexer/events/blocks/utils/block_tree_serializer.py).
 */
export function toV3Action(a: ActionQueryRow): V3Action {
  const details = renderActionDetails(a.type, renderInput(a));
  const extra = a.value_extra_currencies ?? {};
  const renamed =
    (a.type === 'ton_transfer' || a.type === 'call_contract') && Object.keys(extra).length > 0;
  const out: V3Action = {
    trace_id: a.trace_id,
    action_id: a.action_id,
    start_lt: a.start_lt,
    end_lt: a.end_lt,
    start_utime: a.start_utime,
    end_utime: a.end_utime,
    trace_end_lt: a.trace_end_lt,
    trace_end_utime: a.trace_end_utime,
    trace_mc_seqno_end: a.trace_mc_seqno_end,
    transactions: a.tx_hashes,
    success: a.success,
    type: renamed ? 'extra_currency_transfer' : a.type,
    details: details ?? { error: `unsupported action type: '${a.type}'` },
    finality: 'finalized',
  };
  if (details === undefined) {
    out.raw_action = json(a);
  }
  if (a.trace_external_hash !== null) {
    out.trace_external_hash = a.trace_external_hash;
  }
  if (a.trace_external_hash_norm !== null) {
    out.trace_external_hash_norm = a.trace_external_hash_norm;
  }
  return out;
}

/** Address-typed columns of an action, for the address book (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). */
export function actionAddresses(a: ActionQueryRow): string[] {
  return [
    a.source,
    a.source_secondary,
    a.destination,
    a.destination_secondary,
    a.asset,
    a.asset_secondary,
    a.asset2,
    a.asset2_secondary,
  ].filter((x): x is string => x !== null && /^-?\d+:[0-9A-F]{64}$/.test(x));
}
