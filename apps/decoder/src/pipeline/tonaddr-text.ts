/**
 * What toncenter's `actions` table keeps of an account column: its columns are of pgton's `tonaddr`
 * type (ton-indexer `ton-index-worker/pgton/pgton.c`, commit eb9fbfa3), which reads a raw address in
 * either letter case and writes it back as upper-case raw, and keeps `addr_none` and `addr_extern` as
 * those words. The classifier writes some accounts as lower-case raw (toncenter's EVAA liquidation
 * filler uses `str(AccountId)`); stored, they read as every other action's do.
 */
const RAW_ADDRESS = /^-?\d+:[0-9a-fA-F]{64}$/;

/** A raw address in upper case; any other text (addr_none, a decimal asset id) unchanged. */
export function tonaddrText(value: string): string {
  return RAW_ADDRESS.test(value) ? value.toUpperCase() : value;
}

export function tonaddrColumn(value: string | null): string | null {
  return value === null ? null : tonaddrText(value);
}
