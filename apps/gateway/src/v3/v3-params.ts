import { ErrorCode, TonApiError } from '@app/contracts';
import { parseAddress } from '@app/ton';

/**
 * Query-string parsing of /api/v3 (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go): repeated keys (and the
 * `key[]` form) make arrays, empty values count as absent, address and hash arrays also split on
 * commas. Every failure is a 422 naming the parameter; toncenter's own wording is kept where it has one
 * (`failed to decode: schema: error converting value for "<key>"`). The endpoints' fields
 * (v3-fields.ts) read it, each under its own name.
 */
export class V3Params {
  private readonly values = new Map<string, string[]>();
  private readonly read = new Set<string>();
  /** The JSON values of a POST body as sent (structured fields such as runGetMethod's `stack`). */
  private readonly json = new Map<string, unknown>();

  /**
   * `raw`: the parsed query string (or a body's scalars). Only own keys are read, into Maps, never
   * through a plain object: a key named after an `Object.prototype` member (`toString`,
   * `__proto__`, …) is a key like any other. Keys in `skip` (the ones the request reports as
   * ignored) are left out.
   */
  constructor(raw: Readonly<Record<string, unknown>>, skip: ReadonlySet<string> = NO_KEYS) {
    for (const rawKey of Object.keys(raw)) {
      const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
      if (skip.has(key)) {
        continue;
      }
      const value: unknown = raw[rawKey];
      const list = (Array.isArray(value) ? (value as unknown[]) : [value]).filter(
        (v): v is string => typeof v === 'string' && v !== '',
      );
      this.values.set(key, [...(this.values.get(key) ?? []), ...list]);
    }
  }

  /**
   * The fields of a POST body (a JSON object; anything else is a 422 naming `body`). Scalars and arrays
   * of scalars read like query values (numbers and booleans as their JSON text), so one endpoint
   * parses GET and POST alike; every field stays readable as JSON through `jsonField`. Fields in
   * `skip` are left out.
   */
  static fromBody(body: unknown, skip: ReadonlySet<string> = NO_KEYS): V3Params {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw invalid('body', 'request body must be a JSON object');
    }
    const fields = ownEntries(body).filter(([key]) => !skip.has(key));
    // A null-prototype record: `__proto__` is an own key of it, not its prototype.
    const scalars: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
    for (const [key, value] of fields) {
      scalars[key] = (Array.isArray(value) ? (value as unknown[]) : [value]).flatMap(scalarText);
    }
    const params = new V3Params(scalars);
    for (const [key, value] of fields) {
      params.json.set(key, value);
    }
    return params;
  }

  /** A POST body field as JSON (undefined for GET or when absent). */
  jsonField(name: string): unknown {
    this.read.add(name);
    return this.json.get(name);
  }

  /**
   * The names read so far. Only an endpoint's fields read (v3-field.ts), each its own name: the
   * registry spec checks that every endpoint reads its declared parameters and nothing else.
   */
  readNames(): ReadonlySet<string> {
    return this.read;
  }

  private all(name: string): string[] {
    this.read.add(name);
    return this.values.get(name) ?? [];
  }

  /** The single value of `name` (the last one when repeated, as Fiber's decoder does). */
  private one(name: string): string | undefined {
    const list = this.all(name);
    return list[list.length - 1];
  }

  /** The keys of this request (query keys, or a body's fields), `key[]` read as `key`. */
  keys(): string[] {
    return [...new Set([...this.values.keys(), ...this.json.keys()])];
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
    return this.int(name, -(2 ** 31), INT32_MAX);
  }

  /**
   * A utime: an unsigned 32-bit int or a float, truncated
   * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go); outside 0…2^32−1 a
   * 422 naming it. The utime columns are PostgreSQL `integer`: a value above its maximum is compared as that
   * maximum, which no stored time exceeds (2^31−1 is in 2038), instead of overflowing the query.
   */
  utime(name: string): number | undefined {
    const v = this.one(name);
    if (v === undefined) {
      return undefined;
    }
    if (!/^\d{1,10}(\.\d*)?$/.test(v) || Math.trunc(Number(v)) > UINT32_MAX) {
      throw conversion(name);
    }
    return Math.min(Math.trunc(Number(v)), INT32_MAX);
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

  /** A boolean in the spellings toncenter's query decoder takes (`parseBoolParam`). */
  bool(name: string): boolean | undefined {
    const v = this.one(name);
    if (v === undefined) {
      return undefined;
    }
    return parseBoolParam(v) ?? throwing(conversion(name));
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
  sort(name: string): 'asc' | 'desc' | undefined {
    const v = this.one(name)?.toLowerCase();
    if (v === undefined) {
      return undefined;
    }
    if (v === 'asc' || v === 'a') {
      return 'asc';
    }
    if (v === 'desc' || v === 'd') {
      return 'desc';
    }
    throw invalid(name, 'wrong value for sort parameter');
  }

  /**
   * `limit` (`defaultLimit` when absent), int32 as toncenter parses it: below 1 it is read as 1, as
   * toncenter does. Above 1000 it is a 422 naming it in toncenter's words (toncenter answers that with
   * a 500).
   */
  limit(name: string, defaultLimit: number): number {
    const limit = Math.max(this.int32(name) ?? defaultLimit, 1);
    if (limit > MAX_LIMIT) {
      throw invalid(name, `limit is not allowed: ${String(limit)} > ${String(MAX_LIMIT)}`);
    }
    return limit;
  }

  /** `offset` (0 when absent), int32; a negative one is read as 0, as toncenter does. */
  offset(name: string): number {
    return Math.max(this.int32(name) ?? 0, 0);
  }
}

export const MAX_LIMIT = 1000;
const INT32_MAX = 2 ** 31 - 1;
const UINT32_MAX = 2 ** 32 - 1;
const NO_KEYS: ReadonlySet<string> = new Set();

/** A JSON object's own fields (never inherited ones). */
function ownEntries(o: object): [string, unknown][] {
  return Object.keys(o).map((key): [string, unknown] => [key, (o as Record<string, unknown>)[key]]);
}

/**
 * A boolean as gofiber's query decoder reads one (its gorilla/schema converter): `on`, or what Go's
 * strconv.ParseBool takes (`1 t T TRUE true True`, `0 f F FALSE false False`); undefined otherwise.
 * https://github.com/gorilla/schema/blob/main/converter.go
 */
export function parseBoolParam(v: string): boolean | undefined {
  if (TRUE_FORMS.has(v)) {
    return true;
  }
  return FALSE_FORMS.has(v) ? false : undefined;
}
export const TRUE_FORMS: ReadonlySet<string> = new Set([
  'on',
  '1',
  't',
  'T',
  'TRUE',
  'true',
  'True',
]);
export const FALSE_FORMS: ReadonlySet<string> = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False']);

/** A JSON scalar as a query value would carry it; structured values have none. */
function scalarText(v: unknown): string[] {
  if (typeof v === 'string') {
    return [v];
  }
  return typeof v === 'number' || typeof v === 'boolean' ? [String(v)] : [];
}

export function throwing(error: TonApiError): never {
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
 * A 256-bit hash in the forms toncenter's HashConverter takes
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go): 64 hex, `0x` + 64 hex,
 * or 44 characters of base64 or of base64url (with the padding `=`) → standard base64 with padding.
 * https://github.com/toncenter/ton-indexer/blob/master/ton-index-go/index/models/convert.go
 */
export function parseHash(v: string): string | undefined {
  const hex = /^(?:0x)?([0-9a-fA-F]{64})$/.exec(v);
  if (hex?.[1] !== undefined) {
    return Buffer.from(hex[1], 'hex').toString('base64');
  }
  if (/^[A-Za-z0-9+/]{43}=$/.test(v) || /^[A-Za-z0-9_-]{43}=$/.test(v)) {
    return Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('base64');
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
