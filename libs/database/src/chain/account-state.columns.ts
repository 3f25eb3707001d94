import { LatestAccountStateEntity } from '../entities/latest-account-state.entity';
import { bulkColumns } from '../entities/bulk-columns';
import { AccountStateEntity } from '../entities/account-state.entity';
import { type ParsedAccountState } from '@app/ton';

export const ACCOUNT_STATE_COLUMNS = bulkColumns<AccountStateEntity, ParsedAccountState>(
  AccountStateEntity,
  {
    hash: (s) => s.hash,
    account: (s) => s.account,
    balance: (s) => s.balance,
    balanceExtraCurrencies: (s) => s.balanceExtraCurrencies,
    accountStatus: (s) => s.status,
    frozenHash: (s) => s.frozenHash,
    dataHash: (s) => s.dataHash,
    codeHash: (s) => s.codeHash,
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
    balance: (r) => r.state.balance,
    balanceExtraCurrencies: (r) => r.state.balanceExtraCurrencies,
    accountStatus: (r) => r.state.status,
    timestamp: (r) => r.timestamp,
    lastTransHash: (r) => r.lastTransHash,
    lastTransLt: (r) => r.lastTransLt,
    frozenHash: (r) => r.state.frozenHash,
    dataHash: (r) => r.state.dataHash,
    codeHash: (r) => r.state.codeHash,
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
