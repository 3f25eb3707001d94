import { ErrorCode, TonApiError } from '@app/contracts';
import { parseAddress, toRawAddress } from '@app/ton';

/** Where the parameters came from; 2.1 words its parse errors after it (§12.3). */
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
    return throwing(parseError(source, `Failed to parse ton_addr: '${String(value)}'`, name));
  }
  const parsed = parseAddress(value);
  if (!parsed) {
    return throwing(parseError(source, `Failed to parse ton_addr: '${value}'`, name));
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
