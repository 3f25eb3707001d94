/**
 * A 64-bit column: a decimal string as PostgreSQL returns int8, or the bigint libs/ton parses. Both
 * render as the decimal string of the v3 wire (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go).
 */
export type Int8 = string | bigint;

export function dec(v: Int8 | null): string | null {
  return v === null ? null : String(v);
}
