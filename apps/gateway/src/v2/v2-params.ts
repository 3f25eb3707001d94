import { ErrorCode, TonApiError } from '@app/contracts';
import { echoedInput, parseAddress, toRawAddress } from '@app/ton';

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

/** A repeated query parameter (`?seqno=1&seqno=2`) is ambiguous; it is rejected like a bad value. */
function scalar(raw: RawParams, name: string): unknown {
  const value = raw[name];
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

const INTEGER = /^-?\d{1,16}$/;

/** An optional integer; numeric strings are accepted everywhere (JSON-RPC clients send them). */
export function optionalInteger(
  raw: RawParams,
  name: string,
  source: ParamSource,
): number | undefined {
  const value = scalar(raw, name);
  if (isAbsent(value)) {
    return undefined;
  }
  if (typeof value === 'number' && Number.isSafeInteger(value)) {
    return value;
  }
  if (typeof value === 'string' && INTEGER.test(value)) {
    return Number(value);
  }
  return throwing(parseError(source, `failed to parse ${name}`, name));
}

/** `seqno`: a masterchain seqno, positive in 2.1 (`seqno should be positive`). */
export function optionalSeqno(raw: RawParams, source: ParamSource): number | undefined {
  const seqno = optionalInteger(raw, 'seqno', source);
  if (seqno !== undefined && seqno <= 0) {
    return throwing(validationError('seqno should be positive', 'seqno'));
  }
  if (seqno !== undefined && seqno > 0xffffffff) {
    return throwing(parseError(source, 'failed to parse seqno', 'seqno'));
  }
  return seqno;
}

function throwing(error: TonApiError): never {
  throw error;
}

/** A required integer (`workchain`, `seqno` of a block, `limit`…), numeric strings accepted. */
export function requiredInteger(raw: RawParams, name: string, source: ParamSource): number {
  const value = optionalInteger(raw, name, source);
  if (value === undefined) {
    // 2.1: `failed to parse get request: <name> required` (e.g. `workchain required`).
    return throwing(parseError(source, `${name} required`, name));
  }
  return value;
}

const INT64 = /^-?\d{1,19}$/;

/**
 * An int64 (`shard`, `lt`, `after_lt`…) as a decimal string in its signed 64-bit form; numbers and
 * numeric strings are accepted (JSON-RPC clients send `shard: "-9223372036854775808"`).
 */
export function optionalInt64(
  raw: RawParams,
  name: string,
  source: ParamSource,
): bigint | undefined {
  const value = scalar(raw, name);
  if (isAbsent(value)) {
    return undefined;
  }
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text !== 'string' || !INT64.test(text)) {
    return throwing(parseError(source, `failed to parse ${name}`, name));
  }
  const n = BigInt(text);
  if (n < -(1n << 63n) || n >= 1n << 64n) {
    return throwing(parseError(source, `failed to parse ${name}`, name));
  }
  // Unsigned inputs above 2^63 (a shard written as 0x8000… in decimal) are read as their signed form.
  return BigInt.asIntN(64, n);
}

export function requiredInt64(raw: RawParams, name: string, source: ParamSource): bigint {
  const value = optionalInt64(raw, name, source);
  if (value === undefined) {
    return throwing(parseError(source, `${name} required`, name));
  }
  return value;
}

/**
 * A 256-bit hash as toncenter 2.1 `TonHash` reads it: 44-char base64 or base64url, 43-char unpadded
 * base64url, or 64 hex digits in any case; anything else is 422 `invalid hash: '<x>'`.
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
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
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

/** `true`/`false` (also `1`/`0` as query strings send them). */
export function optionalBoolean(
  raw: RawParams,
  name: string,
  source: ParamSource,
): boolean | undefined {
  const value = scalar(raw, name);
  if (isAbsent(value)) {
    return undefined;
  }
  if (value === true || value === 'true' || value === '1' || value === 1) {
    return true;
  }
  if (value === false || value === 'false' || value === '0' || value === 0) {
    return false;
  }
  return throwing(parseError(source, `failed to parse ${name}`, name));
}
