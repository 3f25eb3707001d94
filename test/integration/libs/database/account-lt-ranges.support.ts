import { type DataSource } from '@app/database';
import { type AccountHistory } from '../../../../libs/database/src/migrations/1796347120000-AccountLtRanges';

// The tables and columns the migration maps, and how it maps them.
export {
  ACCOUNT_HISTORIES,
  type AccountHistory,
} from '../../../../libs/database/src/migrations/1796347120000-AccountLtRanges';

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
