import { ErrorCode, TonApiError } from '@app/contracts';
import { parseAddress } from '@app/ton';

/**
 * Query-string parsing of /api/v3 (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go): repeated keys (and the
 * `key[]` form) make arrays, empty values count as absent, address and hash arrays also split on
 * commas. Every failure is a 422 naming the parameter; toncenter's own wording is kept where it has one
 * (`failed to decode: schema: error converting value for "<key>"`).
 */
export class V3Params {
  private readonly values = new Map<string, string[]>();
  private readonly used = new Set<string>();
  /** The JSON values of a POST body as sent (structured fields such as runGetMethod's `stack`). */
  private readonly json = new Map<string, unknown>();

  constructor(raw: Readonly<Record<string, unknown>>) {
    for (const [rawKey, value] of Object.entries(raw)) {
      const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
      const list = (Array.isArray(value) ? value : [value]).filter(
        (v): v is string => typeof v === 'string' && v !== '',
      );
      this.values.set(key, [...(this.values.get(key) ?? []), ...list]);
    }
  }

  /**
   * The fields of a POST body (a JSON object; anything else is a 422 naming `body`). Scalars and arrays
   * of scalars read like query values (numbers and booleans as their JSON text), so one endpoint
   * parses GET and POST alike; every field stays readable as JSON through `jsonField`.
   */
  static fromBody(body: unknown): V3Params {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw invalid('body', 'request body must be a JSON object');
    }
    const scalars: Record<string, string[]> = {};
    for (const [key, value] of Object.entries(body)) {
      scalars[key] = (Array.isArray(value) ? (value as unknown[]) : [value]).flatMap(scalarText);
    }
    const params = new V3Params(scalars);
    for (const [key, value] of Object.entries(body)) {
      params.json.set(key, value);
    }
    return params;
  }

  /** A POST body field as JSON (undefined for GET or when absent). */
  jsonField(name: string): unknown {
    this.used.add(name);
    return this.json.get(name);
  }

  /** Marks keys as known without reading them (settings such as `api_key`). */
  accept(...keys: string[]): this {
    for (const key of keys) {
      this.used.add(key);
    }
    return this;
  }

  /** Unknown parameters are rejected, not ignored: a misspelled filter must not widen a query. */
  rejectUnknown(): void {
    for (const key of new Set([...this.values.keys(), ...this.json.keys()])) {
      if (!this.used.has(key)) {
        throw invalid(key, `unknown query parameter "${key}"`);
      }
    }
  }

  private all(name: string): string[] {
    this.used.add(name);
    return this.values.get(name) ?? [];
  }

  /** The single value of `name` (the last one when repeated, as Fiber's decoder does). */
  private one(name: string): string | undefined {
    const list = this.all(name);
    return list[list.length - 1];
  }

  has(name: string): boolean {
    return (this.values.get(name) ?? []).length > 0;
  }

  int(name: string, min: number, max: number): number | undefined {
    const v = this.one(name);
    if (v === undefined) {
      return undefined;
    }
    if (!/^-?\d{1,10}$/.test(v) || Number(v) < min || Number(v) > max) {
      throw conversion(name);
    }
    return Number(v);
  }

  int32(name: string): number | undefined {
    return this.int(name, -(2 ** 31), 2 ** 31 - 1);
  }

  /** A utime: an unsigned int or a float, truncated (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). */
  utime(name: string): number | undefined {
    const v = this.one(name);
    if (v === undefined) {
      return undefined;
    }
    if (!/^\d{1,10}(\.\d*)?$/.test(v) || Math.trunc(Number(v)) > 2 ** 32 - 1) {
      throw conversion(name);
    }
    return Math.trunc(Number(v));
  }

  /** A uint64 (lt) as a decimal string. */
  uint64(name: string): string | undefined {
    const v = this.one(name);
    if (v === undefined) {
      return undefined;
    }
    if (!/^\d{1,20}$/.test(v) || BigInt(v) >= 1n << 64n) {
      throw conversion(name);
    }
    // lt columns are bigint: a value beyond int64 matches nothing, so it is clamped.
    const n = BigInt(v);
    return (n > (1n << 63n) - 1n ? (1n << 63n) - 1n : n).toString();
  }

  /** A shard: hex (with or without 0x, tried first) or signed decimal → signed decimal string. */
  shard(name: string): string | undefined {
    const v = this.one(name);
    if (v === undefined) {
      return undefined;
    }
    const hex = /^(?:0[xX])?([0-9a-fA-F]{1,16})$/.exec(v);
    if (hex?.[1] !== undefined) {
      return BigInt.asIntN(64, BigInt(`0x${hex[1]}`)).toString();
    }
    if (/^-?\d{1,20}$/.test(v)) {
      const n = BigInt(v);
      if (n >= -(1n << 63n) && n < 1n << 63n) {
        return n.toString();
      }
    }
    throw conversion(name);
  }

  /**
   * An opcode: `0x` stripped, hex tried first (so `1234` is 0x1234), then a signed int32 decimal;
   * returned as the signed int32 the table stores
   * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go).
   */
  opcode(name: string): number | undefined {
    const v = this.one(name);
    if (v === undefined) {
      return undefined;
    }
    const body = v.replace(/^0[xX]/, '');
    if (/^[0-9a-fA-F]{1,8}$/.test(body)) {
      return Number(BigInt.asIntN(32, BigInt(`0x${body}`)));
    }
    if (/^-?\d{1,10}$/.test(v) && Number(v) >= -(2 ** 31) && Number(v) <= 2 ** 31 - 1) {
      return Number(v);
    }
    throw conversion(name);
  }

  /** Go strconv.ParseBool forms. */
  bool(name: string): boolean | undefined {
    const v = this.one(name);
    if (v === undefined) {
      return undefined;
    }
    if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(v)) {
      return true;
    }
    if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(v)) {
      return false;
    }
    throw conversion(name);
  }

  direction(name: string): 'in' | 'out' | undefined {
    const v = this.one(name);
    if (v === undefined) {
      return undefined;
    }
    if (v !== 'in' && v !== 'out') {
      throw invalid(name, 'direction should be one of: in, out');
    }
    return v;
  }

  address(name: string): string | undefined {
    const v = this.one(name);
    return v === undefined ? undefined : toAddress(name, v);
  }

  /** An address or the literal `null` (IS NULL), as /messages takes source and destination. */
  addressOrNull(name: string): string | null | undefined {
    const v = this.one(name);
    if (v === undefined) {
      return undefined;
    }
    return v === 'null' ? null : toAddress(name, v);
  }

  addresses(name: string): string[] | undefined {
    const list = splitting(this.all(name), (v) => parseAddressValue(v));
    if (list === undefined) {
      return undefined;
    }
    return list.map((v, i) => v ?? throwing(conversion(name, i)));
  }

  hash(name: string): string | undefined {
    const v = this.one(name);
    if (v === undefined) {
      return undefined;
    }
    return parseHash(v) ?? throwing(conversion(name));
  }

  hashes(name: string): string[] | undefined {
    const list = splitting(this.all(name), parseHash);
    if (list === undefined) {
      return undefined;
    }
    return list.map((v, i) => v ?? throwing(conversion(name, i)));
  }

  /** A single plain string (the last when repeated). */
  string(name: string): string | undefined {
    return this.one(name);
  }

  /** Each raw value of an address array with its raw form, null where it does not parse (addressBook). */
  addressEntries(name: string): { input: string; raw: string | null }[] | undefined {
    const list = this.all(name);
    if (list.length === 0) {
      return undefined;
    }
    return list.map((input) => ({ input, raw: parseAddressValue(input) ?? null }));
  }

  /** A plain string array: repeated keys only, no comma splitting (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). */
  strings(name: string): string[] | undefined {
    const list = this.all(name);
    return list.length === 0 ? undefined : list;
  }

  /** `sort`: asc|a|desc|d in any case (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). */
  sort(fallback: 'asc' | 'desc'): 'asc' | 'desc';
  sort(fallback: undefined): 'asc' | 'desc' | undefined;
  sort(fallback: 'asc' | 'desc' | undefined): 'asc' | 'desc' | undefined {
    const v = this.one('sort')?.toLowerCase();
    if (v === undefined) {
      return fallback;
    }
    if (v === 'asc' || v === 'a') {
      return 'asc';
    }
    if (v === 'desc' || v === 'd') {
      return 'desc';
    }
    throw invalid('sort', 'wrong value for sort parameter');
  }

  /**
   * `limit` (1..1000, `defaultLimit` when absent) and `offset` (≥ 0). toncenter clamps limit < 1 and
   * answers 500 above the maximum; here both are 422 naming `limit`.
   */
  paging(defaultLimit: number): { limit: number; offset: number } {
    const rawLimit = this.one('limit');
    let limit = defaultLimit;
    if (rawLimit !== undefined) {
      if (!/^-?\d{1,10}$/.test(rawLimit)) {
        throw conversion('limit');
      }
      limit = Number(rawLimit);
      if (limit < 1) {
        throw invalid('limit', `limit is not allowed: ${String(limit)} < 1`);
      }
      if (limit > MAX_LIMIT) {
        throw invalid('limit', `limit is not allowed: ${String(limit)} > ${String(MAX_LIMIT)}`);
      }
    }
    const offset = this.int('offset', 0, 2 ** 31 - 1) ?? 0;
    return { limit, offset };
  }
}

export const MAX_LIMIT = 1000;

/** A JSON scalar as a query value would carry it; structured values have none. */
function scalarText(v: unknown): string[] {
  if (typeof v === 'string') {
    return [v];
  }
  return typeof v === 'number' || typeof v === 'boolean' ? [String(v)] : [];
}

function throwing(error: TonApiError): never {
  throw error;
}

export function invalid(param: string, message: string): TonApiError {
  return new TonApiError(ErrorCode.INVALID_ARGUMENT, message, { details: { param } });
}

/** Fiber's conversion error text (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go), which names the parameter. */
export function conversion(param: string, index?: number): TonApiError {
  const where = index === undefined ? `"${param}"` : `index ${String(index)} of "${param}"`;
  return invalid(param, `failed to decode: schema: error converting value for ${where}`);
}

function parseAddressValue(v: string): string | undefined {
  const parsed = parseAddress(v);
  if (parsed === undefined) {
    return undefined;
  }
  return `${String(parsed.address.workChain)}:${parsed.address.hash.toString('hex').toUpperCase()}`;
}

function toAddress(name: string, v: string): string {
  return parseAddressValue(v) ?? throwing(conversion(name));
}

/**
 * A 256-bit hash in any form toncenter takes
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go): 64 hex, `0x` + 64 hex,
 * 44-char base64 or base64url (43 without padding is accepted as well) → standard base64 with padding.
 */
export function parseHash(v: string): string | undefined {
  const hex = /^(?:0[xX])?([0-9a-fA-F]{64})$/.exec(v);
  if (hex?.[1] !== undefined) {
    return Buffer.from(hex[1], 'hex').toString('base64');
  }
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(v)) {
    const bytes = Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === 32) {
      return bytes.toString('base64');
    }
  }
  return undefined;
}

/**
 * Each value converted; a value that fails and contains commas is split and each piece converted
 * (toncenter's custom-type decoder,
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). Undefined entries are
 * failures.
 */
function splitting(
  values: readonly string[],
  convert: (v: string) => string | undefined,
): (string | undefined)[] | undefined {
  if (values.length === 0) {
    return undefined;
  }
  return values.flatMap((v) => {
    const direct = convert(v);
    if (direct !== undefined || !v.includes(',')) {
      return [direct];
    }
    return v
      .split(',')
      .filter((piece) => piece !== '')
      .map(convert);
  });
}
