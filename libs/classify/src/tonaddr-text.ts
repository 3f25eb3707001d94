import { type ActionRow } from './action';

/**
 * What toncenter's `actions` table keeps of an account column: its columns are of pgton's `tonaddr`
 * type (ton-indexer `ton-index-worker/pgton/pgton.c`, commit eb9fbfa3), which reads a raw address in
 * either letter case and writes it back as upper-case raw, and keeps `addr_none` and `addr_extern` as
 * those words. The classifier writes some accounts as lower-case raw (toncenter's EVAA liquidation
 * filler uses `str(AccountId)`); stored or served, they read as every other action's do.
 */
const RAW_ADDRESS = /^-?\d+:[0-9a-fA-F]{64}$/;

/** A raw address in upper case; any other text (addr_none, a decimal asset id) unchanged. */
export function tonaddrText(value: string): string {
  return RAW_ADDRESS.test(value) ? value.toUpperCase() : value;
}

function tonaddrColumn(value: string | null): string | null {
  return value === null ? null : tonaddrText(value);
}

/**
 * `row` with its account columns as a `tonaddr` column keeps them and each of its accounts once:
 * what the decoder stores and what a pending trace serves.
 */
export function withTonaddrColumns(row: ActionRow): ActionRow {
  return {
    ...row,
    source: tonaddrColumn(row.source),
    source_secondary: tonaddrColumn(row.source_secondary),
    destination: tonaddrColumn(row.destination),
    destination_secondary: tonaddrColumn(row.destination_secondary),
    asset: tonaddrColumn(row.asset),
    asset_secondary: tonaddrColumn(row.asset_secondary),
    asset2: tonaddrColumn(row.asset2),
    asset2_secondary: tonaddrColumn(row.asset2_secondary),
    accounts: [...new Set(row.accounts.map(tonaddrText))],
  };
}
