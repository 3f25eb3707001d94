/**
 * Renders `actions` rows as the v3 API does (toncenter
 * https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models; ton-index-go
 * `parse/actions.go`): lt as strings, type-specific `details` (rendered by `@app/actions`). Types
 * without a renderer get toncenter's `{"error": "unsupported action type: '<t>'"}` and the raw row.
 */
import { type ApiJson, renderActionDetails } from '@app/actions';
import type { ActionRow } from './action';

export type { ApiJson };

/** The row with bigint made JSON-safe (as strings), for `raw_action`. */
export function jsonSafe(v: unknown): ApiJson {
  if (typeof v === 'bigint') {
    return v.toString();
  }
  if (Array.isArray(v)) {
    return v.map(jsonSafe);
  }
  if (v !== null && typeof v === 'object') {
    const out: Record<string, ApiJson> = {};
    for (const [k, x] of Object.entries(v)) {
      out[k] = jsonSafe(x);
    }
    return out;
  }
  return (v ?? null) as ApiJson;
}

export function renderApiAction(a: ActionRow): Record<string, ApiJson> {
  const details = renderActionDetails(a.type, a);
  let type = a.type;
  if (
    (type === 'ton_transfer' || type === 'call_contract') &&
    Object.keys(a.value_extra_currencies).length > 0
  ) {
    type = 'extra_currency_transfer';
  }
  const out: Record<string, ApiJson> = {
    trace_id: a.trace_id,
    action_id: a.action_id,
    start_lt: a.start_lt.toString(),
    end_lt: a.end_lt.toString(),
    start_utime: a.start_utime,
    end_utime: a.end_utime,
    trace_end_lt: a.trace_end_lt === null ? null : a.trace_end_lt.toString(),
    trace_end_utime: a.trace_end_utime,
    trace_mc_seqno_end: a.trace_mc_seqno_end,
    transactions: a.tx_hashes,
    success: a.success,
    type,
    details: details ?? { error: `unsupported action type: '${a.type}'` },
  };
  if (details === undefined) {
    out.raw_action = jsonSafe(a);
  }
  if (a.trace_external_hash !== null) {
    out.trace_external_hash = a.trace_external_hash;
  }
  if (a.trace_external_hash_norm !== null) {
    out.trace_external_hash_norm = a.trace_external_hash_norm;
  }
  out.finality = 'finalized';
  return out;
}
