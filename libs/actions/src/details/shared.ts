/** Value conversions every v3 action renderer shares (ton-index-go prints numbers in details as strings). */
import type { ActionData, ActionValue, ApiJson } from './types';

export function str(v: ActionValue | undefined): string | null {
  if (v === null || v === undefined) {
    return null;
  }
  return typeof v === 'string'
    ? v
    : typeof v === 'bigint' || typeof v === 'number'
      ? v.toString()
      : JSON.stringify(v);
}

export function opcodeHex(op: number | null): string | null {
  return op === null ? null : `0x${(op >>> 0).toString(16).padStart(8, '0')}`;
}

export function field(d: ActionData | null | undefined, key: string): ActionValue {
  return d?.[key] ?? null;
}

export function bool(v: ActionValue): boolean | null {
  return typeof v === 'boolean' ? v : null;
}

/** The object without the keys whose value is null (Go's `omitempty` on a nil pointer). */
export function omitNull(
  o: Record<string, ApiJson>,
  keys: readonly string[],
): Record<string, ApiJson> {
  return Object.fromEntries(Object.entries(o).filter(([k, v]) => v !== null || !keys.includes(k)));
}

/**
 * A Go integer field (`*int32`, `*int64`, `*uint64`) as JSON prints it: a number. The classifier holds
 * these as bigint or number, the stored jsonb as decimal strings (64-bit values kept exact there).
 */
export function num(v: ActionValue | undefined): number | null {
  if (typeof v === 'number') {
    return v;
  }
  if (typeof v === 'bigint') {
    return Number(v);
  }
  return typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : null;
}
