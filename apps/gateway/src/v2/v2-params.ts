import { ErrorCode, TonApiError } from '@app/contracts';
import { echoedInput, parseAddress, toRawAddress } from '@app/ton';
import { FALSE_WORDS, type IntegerRange, TRUE_WORDS, V2Range } from './v2-schemas';

/** Where the parameters came from; 2.1 words its parse errors after it (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export type ParamSource = 'get' | 'post';

/** Query-string values arrive as strings (or arrays when repeated); JSON bodies as any JSON value. */
export type RawParams = Readonly<Record<string, unknown>>;

/** `failed to parse get request: …` / `failed to parse post request: …` (toncenter 2.1, 422). */
export function parseError(source: ParamSource, what: string, param: string): TonApiError {
  return new TonApiError(ErrorCode.INVALID_ARGUMENT, `failed to parse ${source} request: ${what}`, {
    details: { param },
  });
}

/** `failed to validate request: …` (toncenter 2.1, 422). */
export function validationError(what: string, param: string): TonApiError {
  return new TonApiError(ErrorCode.INVALID_ARGUMENT, `failed to validate request: ${what}`, {
    details: { param },
  });
}

/**
 * A parameter's own value: never one inherited from Object.prototype (`toString`, `constructor`…),
 * whatever the caller's object is.
 */
export function own(raw: RawParams, name: string): unknown {
  return Object.hasOwn(raw, name) ? raw[name] : undefined;
}

/** A repeated query parameter (`?seqno=1&seqno=2`) is ambiguous; it is rejected like a bad value. */
function scalar(raw: RawParams, name: string): unknown {
  const value = own(raw, name);
  return Array.isArray(value) ? Symbol('repeated') : value;
}

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** A required address in any form toncenter accepts, as the raw `wc:hex` services take. */
export function requiredAddress(raw: RawParams, name: string, source: ParamSource): string {
  const value = scalar(raw, name);
  if (isAbsent(value)) {
    return throwing(validationError(`empty ${name}`, name));
  }
  if (typeof value !== 'string') {
    // A JSON number, object or array, or a repeated query key: there is no input to quote, so the
    // parameter is named as for any other malformed value.
    return throwing(parseError(source, `failed to parse ${name}`, name));
  }
  const parsed = parseAddress(value);
  if (!parsed) {
    return throwing(parseError(source, `Failed to parse ton_addr: '${echoedInput(value)}'`, name));
  }
  return toRawAddress(parsed.address);
}

/** Decimal text of at most 20 digits: every 64-bit value, and no BigInt of a megabyte of digits. */
const DECIMAL = /^-?\d{1,20}$/;

/**
 * An optional integer within `range` (int32 unless said otherwise), as a BigInt. JSON numbers that
 * are whole and safe, and decimal text (query strings; JSON-RPC clients that quote numbers; JSON
 * numbers past 2^53, which the body parser keeps as their exact text) are read; anything else, or a
 * value out of range, is 422 `failed to parse <name>`, as 2.1's lexical_cast fails on it.
 */
export function optionalBigInteger(
  raw: RawParams,
  name: string,
  source: ParamSource,
  range: IntegerRange = V2Range.int32,
): bigint | undefined {
  const value = scalar(raw, name);
  if (isAbsent(value)) {
    return undefined;
  }
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text !== 'string' || !DECIMAL.test(text)) {
    return throwing(parseError(source, `failed to parse ${name}`, name));
  }
  const n = BigInt(text);
  if (n < range.min || n > range.max) {
    return throwing(parseError(source, `failed to parse ${name}`, name));
  }
  return n;
}

/** An optional integer within `range` (int32 by default; a range within ±2^53). */
export function optionalInteger(
  raw: RawParams,
  name: string,
  source: ParamSource,
  range: IntegerRange = V2Range.int32,
): number | undefined {
  const n = optionalBigInteger(raw, name, source, range);
  return n === undefined ? undefined : Number(n);
}

/** `seqno`: a masterchain seqno, positive in 2.1 (`seqno should be positive`). */
export function optionalSeqno(raw: RawParams, source: ParamSource): number | undefined {
  const seqno = optionalInteger(raw, 'seqno', source);
  if (seqno !== undefined && seqno <= 0) {
    return throwing(validationError('seqno should be positive', 'seqno'));
  }
  return seqno;
}

function throwing(error: TonApiError): never {
  throw error;
}

/** A required integer (`workchain`, `seqno` of a block…) within `range` (int32 by default). */
export function requiredInteger(
  raw: RawParams,
  name: string,
  source: ParamSource,
  range: IntegerRange = V2Range.int32,
): number {
  return required(optionalInteger(raw, name, source, range), name, source);
}

/** `value`, or 2.1's `failed to parse get request: <name> required` (e.g. `workchain required`). */
function required<T>(value: T | undefined, name: string, source: ParamSource): T {
  return value ?? throwing(parseError(source, `${name} required`, name));
}

/**
 * An int64 (`shard`, `lt`, `after_lt`…) in its signed 64-bit form; numbers and numeric strings are
 * accepted (JSON-RPC clients send `shard: "-9223372036854775808"`). Values from 2^63 to 2^64−1 are
 * the same 64 bits written unsigned (a shard as 0x8000… in decimal) and are read as their signed form.
 */
export function optionalInt64(
  raw: RawParams,
  name: string,
  source: ParamSource,
): bigint | undefined {
  const n = optionalBigInteger(raw, name, source, V2Range.shard);
  return n === undefined ? undefined : BigInt.asIntN(64, n);
}

/** An optional int64 logical time (`lt`, `to_lt`, `after_lt`…), `<name> should be non-negative`. */
export function optionalNonNegativeLt(
  raw: RawParams,
  name: string,
  source: ParamSource,
): string | undefined {
  const lt = optionalBigInteger(raw, name, source, V2Range.int64);
  if (lt !== undefined && lt < 0n) {
    return throwing(validationError(`${name} should be non-negative`, name));
  }
  return lt?.toString();
}

export function requiredInt64(raw: RawParams, name: string, source: ParamSource): bigint {
  return required(optionalInt64(raw, name, source), name, source);
}

/**
 * A 256-bit hash as toncenter 2.1 `TonHash` reads it (ton-http-api-cpp `chaotic/io/ton_http/types/
 * ton_hash.cpp`): 44 characters of base64 or of base64url, 43 characters of base64url only (unpadded
 * standard base64 with `+` or `/` is refused), or 64 hex digits in any case; anything else is 422
 * `invalid hash: '<x>'`.
 */
export function optionalHash(
  raw: RawParams,
  name: string,
  source: ParamSource,
): Buffer | undefined {
  const value = scalar(raw, name);
  if (isAbsent(value)) {
    return undefined;
  }
  if (typeof value !== 'string') {
    return throwing(parseError(source, `failed to parse ${name}`, name));
  }
  if (/^[0-9a-fA-F]{64}$/.test(value)) {
    return Buffer.from(value, 'hex');
  }
  if (/^(?:[A-Za-z0-9+/]{43}=|[A-Za-z0-9_-]{43}=?)$/.test(value)) {
    const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === 32) {
      return bytes;
    }
  }
  return throwing(
    new TonApiError(ErrorCode.INVALID_ARGUMENT, `invalid hash: '${echoedInput(value)}'`, {
      details: { param: name },
    }),
  );
}

/**
 * An optional scalar parameter as `read` takes it: absent (missing, null or empty) is `undefined`;
 * a value `read` does not take is 422 `failed to parse <name>`.
 */
function optionalScalar<T>(read: (value: unknown) => T | undefined) {
  return (raw: RawParams, name: string, source: ParamSource): T | undefined => {
    const value = scalar(raw, name);
    if (isAbsent(value)) {
      return undefined;
    }
    return read(value) ?? throwing(parseError(source, `failed to parse ${name}`, name));
  };
}

/** `true`/`false` (also `1`/`0` as query strings send them): the v3 API's reading. */
export const optionalBoolean = optionalScalar((value): boolean | undefined => {
  if (value === true || value === 'true' || value === '1' || value === 1) {
    return true;
  }
  if (value === false || value === 'false' || value === '0' || value === 0) {
    return false;
  }
  return undefined;
});

/**
 * A v2 boolean (`archival`, `ignore_chksig`) as toncenter 2.1 reads one (ton-http-api-cpp
 * `chaotic/io/bool.cpp`): JSON true/false, a JSON integer (non-zero is true), or y/yes/t/true/on/1
 * and n/no/f/false/off/0 in any case; anything else is 422 `failed to parse <name>`.
 */
export const optionalFlag = optionalScalar((value): boolean | undefined => {
  if (typeof value === 'boolean') {
    return value;
  }
  if (typeof value === 'number' && Number.isSafeInteger(value)) {
    return value !== 0;
  }
  if (typeof value === 'string' && TRUE_WORDS.includes(value.toLowerCase())) {
    return true;
  }
  if (typeof value === 'string' && FALSE_WORDS.includes(value.toLowerCase())) {
    return false;
  }
  return undefined;
});
