import { type ParsedAccountState } from '@app/ton';
import { type BulkColumn, dec, json } from '../repositories/unnest-insert';

export const ACCOUNT_STATE_COLUMNS: readonly BulkColumn<ParsedAccountState>[] = [
  { name: 'hash', type: 'text', value: (s) => s.hash },
  { name: 'account', type: 'text', value: (s) => s.account },
  { name: 'balance', type: 'bigint', value: (s) => dec(s.balance) },
  { name: 'balance_extra_currencies', type: 'jsonb', value: (s) => json(s.balanceExtraCurrencies) },
  { name: 'account_status', type: 'text', cast: 'account_status_type', value: (s) => s.status },
  { name: 'frozen_hash', type: 'text', value: (s) => s.frozenHash },
  { name: 'data_hash', type: 'text', value: (s) => s.dataHash },
  { name: 'code_hash', type: 'text', value: (s) => s.codeHash },
];

/** A `latest_account_states` row: an account's state after its last transaction of the batch. */
export interface LatestStateRow {
  readonly state: ParsedAccountState;
  readonly lastTransHash: string;
  readonly lastTransLt: bigint;
  readonly timestamp: number;
}

export const LATEST_STATE_COLUMNS: readonly BulkColumn<LatestStateRow>[] = [
  { name: 'account', type: 'text', value: (r) => r.state.account },
  { name: 'hash', type: 'text', value: (r) => r.state.hash },
  { name: 'balance', type: 'bigint', value: (r) => dec(r.state.balance) },
  {
    name: 'balance_extra_currencies',
    type: 'jsonb',
    value: (r) => json(r.state.balanceExtraCurrencies),
  },
  {
    name: 'account_status',
    type: 'text',
    cast: 'account_status_type',
    value: (r) => r.state.status,
  },
  { name: 'timestamp', type: 'integer', value: (r) => r.timestamp },
  { name: 'last_trans_hash', type: 'text', value: (r) => r.lastTransHash },
  { name: 'last_trans_lt', type: 'bigint', value: (r) => dec(r.lastTransLt) },
  { name: 'frozen_hash', type: 'text', value: (r) => r.state.frozenHash },
  { name: 'data_hash', type: 'text', value: (r) => r.state.dataHash },
  { name: 'code_hash', type: 'text', value: (r) => r.state.codeHash },
  { name: 'data_boc', type: 'text', value: (r) => r.state.dataBoc },
  { name: 'code_boc', type: 'text', value: (r) => r.state.codeBoc },
];

/**
 * Upsert only when last_trans_lt grows (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp),
 * so an older batch written late (backfill) never overwrites a newer state. A code/data BoC the
 * block did not carry (pruned: unchanged) keeps the stored one when the hash is the same.
 */
export const LATEST_STATE_UPSERT = `ON CONFLICT ("account") DO UPDATE SET
  "hash" = EXCLUDED."hash",
  "balance" = EXCLUDED."balance",
  "balance_extra_currencies" = EXCLUDED."balance_extra_currencies",
  "account_status" = EXCLUDED."account_status",
  "timestamp" = EXCLUDED."timestamp",
  "last_trans_hash" = EXCLUDED."last_trans_hash",
  "last_trans_lt" = EXCLUDED."last_trans_lt",
  "frozen_hash" = EXCLUDED."frozen_hash",
  "data_hash" = EXCLUDED."data_hash",
  "code_hash" = EXCLUDED."code_hash",
  "data_boc" = COALESCE(EXCLUDED."data_boc",
    CASE WHEN t."data_hash" = EXCLUDED."data_hash" THEN t."data_boc" END),
  "code_boc" = COALESCE(EXCLUDED."code_boc",
    CASE WHEN t."code_hash" = EXCLUDED."code_hash" THEN t."code_boc" END)
  WHERE t."last_trans_lt" < EXCLUDED."last_trans_lt"`;
