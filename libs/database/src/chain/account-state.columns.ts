import { LatestAccountStateEntity } from '../entities/latest-account-state.entity';
import { bulkColumns, type ColumnValues } from '../entities/bulk-columns';
import { AccountStateEntity, type AccountStateFields } from '../entities/account-state.entity';
import { type ParsedAccountState } from '@app/ton';

/** The columns of AccountStateFields, from the state a row `R` carries. */
function stateFields<R>(
  state: (row: R) => ParsedAccountState,
): ColumnValues<AccountStateFields, R> {
  return {
    balance: (r: R) => state(r).balance,
    balanceExtraCurrencies: (r: R) => state(r).balanceExtraCurrencies,
    accountStatus: (r: R) => state(r).status,
    frozenHash: (r: R) => state(r).frozenHash,
    dataHash: (r: R) => state(r).dataHash,
    codeHash: (r: R) => state(r).codeHash,
  };
}

export const ACCOUNT_STATE_COLUMNS = bulkColumns<AccountStateEntity, ParsedAccountState>(
  AccountStateEntity,
  {
    hash: (s) => s.hash,
    account: (s) => s.account,
    ...stateFields((s) => s),
  },
);

/** A `latest_account_states` row: an account's state after its last transaction of the batch. */
export interface LatestStateRow {
  readonly state: ParsedAccountState;
  readonly lastTransHash: string;
  readonly lastTransLt: bigint;
  readonly timestamp: number;
}

export const LATEST_STATE_COLUMNS = bulkColumns<LatestAccountStateEntity, LatestStateRow>(
  LatestAccountStateEntity,
  {
    account: (r) => r.state.account,
    hash: (r) => r.state.hash,
    ...stateFields((r) => r.state),
    timestamp: (r) => r.timestamp,
    lastTransHash: (r) => r.lastTransHash,
    lastTransLt: (r) => r.lastTransLt,
    dataBoc: (r) => r.state.dataBoc,
    codeBoc: (r) => r.state.codeBoc,
  },
);

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
