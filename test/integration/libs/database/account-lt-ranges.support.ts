import { type DataSource } from '@app/database';

/** A history table read by account, its partition key and its account columns. */
export interface AccountHistory {
  readonly table: string;
  readonly lt: string;
  readonly accounts: readonly string[];
}

/** The tables `account_lt_ranges` maps, restated here so that a change to the migration's is seen. */
export const ACCOUNT_HISTORIES: readonly AccountHistory[] = [
  { table: 'transactions', lt: 'lt', accounts: ['account'] },
  { table: 'messages', lt: 'tx_lt', accounts: ['source', 'destination'] },
  { table: 'jetton_transfers', lt: 'tx_lt', accounts: ['source', 'destination'] },
  { table: 'jetton_burns', lt: 'tx_lt', accounts: ['owner'] },
  { table: 'nft_transfers', lt: 'tx_lt', accounts: ['old_owner', 'new_owner'] },
  { table: 'action_accounts', lt: 'trace_end_lt', accounts: ['account'] },
  { table: 'trace_accounts', lt: 'trace_end_lt', accounts: ['account'] },
];

export interface AccountRange {
  readonly account: string;
  readonly from: string;
}

/** `h`'s rows as (account, R) pairs: one per non-null account column of each row R. */
export function accountRows(h: AccountHistory): string {
  const accounts = h.accounts.map((c) => `(R."${c}")`).join(', ');
  return `"${h.table}" R CROSS JOIN LATERAL (VALUES ${accounts}) AS A(account)`;
}

/** The (account, range start) of every row of `h`, ranges `width` wide. */
export function rangesOfRows(
  ds: DataSource,
  h: AccountHistory,
  width: bigint,
): Promise<AccountRange[]> {
  return ds.query<AccountRange[]>(
    `SELECT DISTINCT A.account, (R."${h.lt}" - R."${h.lt}" % $1)::text AS from
     FROM ${accountRows(h)} WHERE A.account IS NOT NULL ORDER BY 1, 2`,
    [width.toString()],
  );
}

/** The `width`-wide ranges `account_lt_ranges` holds for `h`. */
export function mappedRanges(
  ds: DataSource,
  h: AccountHistory,
  width: bigint,
): Promise<AccountRange[]> {
  return ds.query<AccountRange[]>(
    `SELECT account, lt_from::text AS from FROM account_lt_ranges
     WHERE table_name = $1 AND lt_to = lt_from + $2 ORDER BY 1, 2`,
    [h.table, width.toString()],
  );
}
