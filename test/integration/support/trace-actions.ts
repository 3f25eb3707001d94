import { type DataSource } from '@app/database';

/** An `actions` row as the classifier's localnet specs compare it. */
export interface ActionSql {
  trace_id: string;
  type: string;
  source: string | null;
  source_secondary: string | null;
  destination: string | null;
  destination_secondary: string | null;
  asset: string | null;
  asset_secondary: string | null;
  value: string | null;
  amount: string | null;
  success: boolean;
  ancestor_type: string[];
  /** Each action kind's data under its own key (`ton_transfer_data`, `nft_transfer_data`, ...). */
  details: Partial<Record<string, Record<string, unknown>>>;
}

/** Every action the decoder stored, in trace order. */
export function storedActions(ds: DataSource): Promise<ActionSql[]> {
  return ds.query<ActionSql[]>(
    `SELECT trace_id, type, source, source_secondary, destination, destination_secondary, asset,
            asset_secondary, value::text, amount::text, success, ancestor_type, details
     FROM actions ORDER BY start_lt`,
  );
}

/** Actions in a fixed order (type, source, destination), for comparing a trace's as a list. */
export function byKey<
  T extends { type: string; source: string | null; destination: string | null },
>(rows: T[]): T[] {
  const key = (a: T) => `${a.type} ${a.source ?? ''} ${a.destination ?? ''}`;
  return [...rows].sort((a, b) => key(a).localeCompare(key(b)));
}

/**
 * The actions of the one trace holding an action of `type` that `pred` accepts, in byKey order and
 * without their trace id; `undefined` when not exactly one such action exists.
 */
export function traceWith(
  actions: readonly ActionSql[],
  type: string,
  pred: (a: ActionSql) => boolean,
): { traceId: string; rows: Omit<ActionSql, 'trace_id'>[] } | undefined {
  const found = actions.filter((a) => a.type === type && pred(a));
  const traceId = found.length === 1 ? found[0]?.trace_id : undefined;
  if (traceId === undefined) {
    return undefined;
  }
  const rows = byKey(actions.filter((a) => a.trace_id === traceId)).map(
    ({ trace_id: _, ...rest }) => rest,
  );
  return { traceId, rows };
}

/** An expected row: nulls, success and no ancestors or details unless given. */
export function actionRow(over: Partial<ActionSql>): Omit<ActionSql, 'trace_id'> {
  return {
    type: '',
    source: null,
    source_secondary: null,
    destination: null,
    destination_secondary: null,
    asset: null,
    asset_secondary: null,
    value: null,
    amount: null,
    success: true,
    ancestor_type: [],
    details: {},
    ...over,
  };
}

/**
 * An expected `nft_transfer_data`: a plain transfer (no purchase, no marketplace, no payout), every
 * field null or zero unless given.
 */
export function nftTransferData(over: Record<string, unknown>): Record<string, unknown> {
  return {
    query_id: '0',
    is_purchase: false,
    price: null,
    nft_item_index: null,
    forward_amount: '0',
    custom_payload: null,
    forward_payload: null,
    response_destination: null,
    marketplace: null,
    marketplace_address: null,
    real_prev_owner: null,
    payout_amount: null,
    payout_comment_encrypted: null,
    payout_comment_encoded: null,
    payout_comment: null,
    royalty_amount: null,
    ...over,
  };
}
