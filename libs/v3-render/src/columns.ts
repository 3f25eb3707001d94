/**
 * A 64-bit column: a decimal string as PostgreSQL returns int8, or the bigint libs/ton parses. Both
 * render as the decimal string of the v3 wire (toncenter-v3 §2.1).
 */
export type Int8 = string | bigint;

export function dec(v: Int8 | null): string | null {
  return v === null ? null : String(v);
}
