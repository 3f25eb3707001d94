import { ErrorCode, TonApiError } from '@app/contracts';
import {
  checkExternalMessageBoc,
  checkStackEntryCount,
  DEFAULT_EXTERNAL_MESSAGE_LIMITS,
  echoedInput,
  ExternalMessageRejection,
  methodIdOf,
  type ParsedAddress,
  parseAddress,
  readLegacyStack,
  readTonlibStack,
  serializeStackArguments,
  StackInputError,
} from '@app/ton';
import { type Cell, type TupleItem } from '@ton/core';
import {
  optionalHash,
  own,
  type ParamSource,
  parseError,
  type RawParams,
  validationError,
} from '../v2-params';

/** Parsers of the get-method, config, library, send and utility endpoints (toncenter https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** A required address with the form it was written in (detectAddress needs the flags). */
export function requiredParsedAddress(
  raw: RawParams,
  name: string,
  source: ParamSource,
): ParsedAddress {
  const value = own(raw, name);
  if (isAbsent(value)) {
    throw validationError(`empty ${name}`, name);
  }
  if (typeof value !== 'string') {
    // Not text (a JSON object, array or number, a repeated key): named like any malformed value.
    throw parseError(source, `failed to parse ${name}`, name);
  }
  const parsed = parseAddress(value);
  if (!parsed) {
    throw parseError(source, `Failed to parse ton_addr: '${echoedInput(value)}'`, name);
  }
  return parsed;
}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/**
 * `method`: a get-method name (`smc.methodIdName`) or an integer id (`smc.methodIdNumber`, int32).
 * 2.1 treats any string that parses as an integer as an id
 * (https://github.com/toncenter/tvm_valuetypes); so is a JSON number past 2^53,
 * which the body parser keeps as its text.
 */
export function requiredMethodId(raw: RawParams, source: ParamSource): number {
  const value = own(raw, 'method');
  if (isAbsent(value)) {
    throw validationError('empty method', 'method');
  }
  const id =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^-?\d+$/.test(value)
        ? value.length > 12
          ? Number.NaN
          : Number(value)
        : undefined;
  if (id !== undefined) {
    if (!Number.isInteger(id) || id < INT32_MIN || id > INT32_MAX) {
      throw parseError(source, 'failed to parse method', 'method');
    }
    return id;
  }
  if (typeof value !== 'string' || value.length > 127) {
    throw parseError(source, 'failed to parse method', 'method');
  }
  return methodIdOf(value);
}

/** A stack error as toncenter 2.1 reports it: 422, or 542 for an unsupported entry type (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
function stackError(error: unknown): unknown {
  if (!(error instanceof StackInputError)) {
    return error;
  }
  if (error.kind === 'unsupported') {
    return new TonApiError(ErrorCode.UNSUPPORTED_STACK_ENTRY, error.message, {
      details: { param: 'stack' },
    });
  }
  return new TonApiError(ErrorCode.INVALID_ARGUMENT, error.message, {
    details: { param: 'stack' },
  });
}

/** The VmStack a get-method receives, as the b64 BoC the liteserver's `params:bytes` takes. */
function serializedStack(items: TupleItem[]): string {
  return serializeStackArguments(items).toBoc({ idx: false }).toString('base64');
}

/**
 * The `stack` array, required as 2.1's request schemas require it (ton-http-api-cpp
 * `schemas/v2.yaml` RunGetMethodRequest and RunGetMethodStdRequest); `[]` for none.
 */
function stackEntries(raw: RawParams, source: ParamSource): readonly unknown[] {
  const value = own(raw, 'stack');
  if (value === undefined || value === null) {
    throw parseError(source, 'stack required', 'stack');
  }
  if (!Array.isArray(value)) {
    throw parseError(source, 'failed to parse stack', 'stack');
  }
  try {
    // On the array's length, before any entry is read (GET_METHOD_STACK_LIMITS).
    checkStackEntryCount(value.length);
  } catch (error) {
    throw stackError(error);
  }
  return value;
}

/** runGetMethod's legacy `stack` (https://github.com/toncenter/tvm_valuetypes), serialised for the liteserver. */
export function legacyStack(raw: RawParams, source: ParamSource): string {
  const entries = stackEntries(raw, source);
  try {
    return serializedStack(readLegacyStack(entries));
  } catch (error) {
    throw stackError(error);
  }
}

/** runGetMethodStd's typed `stack` (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml), serialised for the liteserver. */
export function tonlibStack(raw: RawParams, source: ParamSource): string {
  const entries = stackEntries(raw, source);
  try {
    return serializedStack(readTonlibStack(entries));
  } catch (error) {
    throw stackError(error);
  }
}

/**
 * getConfigParam: `config_id` (2.0) or `param` (2.1), non-negative int32
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). Given
 * both, `config_id` is taken, as 2.1's GET parser does (ton-http-api-cpp GetConfigParamHandler.cpp reads
 * `param`, then overwrites it with `config_id`); one answer whatever the transport.
 */
export function configIdOf(param: number | undefined, configId: number | undefined): number {
  const name = configId !== undefined ? 'config_id' : 'param';
  const id = configId ?? param;
  if (id === undefined) {
    throw validationError('only one of config_id or param should be specified', 'config_id');
  }
  if (id < 0) {
    throw validationError(`${name} should be non-negative`, name);
  }
  return id;
}

/**
 * getLibraries `libraries`: a repeated query parameter or a JSON array of hashes
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). 2.1 takes
 * none as an empty list (ton-http-api-cpp GetLibrariesHandler.cpp), answered with no entries.
 */
export function optionalLibraries(raw: RawParams, source: ParamSource): string[] {
  const value = own(raw, 'libraries');
  const list = Array.isArray(value) ? value : isAbsent(value) ? [] : [value];
  if (list.length > 256) {
    throw parseError(source, 'failed to parse libraries', 'libraries');
  }
  return list.map((item) => {
    let hash: Buffer | undefined;
    try {
      hash = typeof item === 'string' ? optionalHash({ hash: item }, 'hash', source) : undefined;
    } catch {
      // 2.1 words a bad element after the list: `failed to parse libraries`
      // (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
      hash = undefined;
    }
    if (!hash) {
      throw parseError(source, 'failed to parse libraries', 'libraries');
    }
    return hash.toString('base64');
  });
}

function badBoc(source: ParamSource, reason: string): TonApiError {
  return parseError(source, `invalid boc: ${reason}`, 'boc');
}

/** A BoC sendBoc accepts: base64, one root, within the size caps, an external inbound message (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export interface ExternalMessageBoc {
  /** Standard base64 of the BoC as sent. */
  readonly boc: string;
  readonly root: Cell;
}

/**
 * The gateway's pre-check of `boc`, with the node's default limits (config param 43): a malformed
 * message is refused here without a NATS round trip. The sender checks again against the network's
 * current limits and is the authority.
 */
export function requiredExternalMessage(raw: RawParams, source: ParamSource): ExternalMessageBoc {
  const value = own(raw, 'boc');
  if (isAbsent(value)) {
    throw validationError('empty boc', 'boc');
  }
  if (typeof value !== 'string' || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(value.trim())) {
    throw badBoc(source, 'base64 expected');
  }
  const bytes = Buffer.from(value.trim(), 'base64');
  try {
    const { root } = checkExternalMessageBoc(bytes, DEFAULT_EXTERNAL_MESSAGE_LIMITS);
    return { boc: bytes.toString('base64'), root };
  } catch (error) {
    if (error instanceof ExternalMessageRejection) {
      throw badBoc(source, error.reason);
    }
    throw error;
  }
}

/**
 * A send's reply, with the sender's refusal of the BoC (`invalid boc: …`, when the network's limits
 * are stricter than the defaults) worded as 2.1 words a bad parameter. Send methods are POST only.
 */
export async function sent<T>(reply: Promise<T>): Promise<T> {
  try {
    return await reply;
  } catch (error) {
    if (
      error instanceof TonApiError &&
      error.code === ErrorCode.INVALID_ARGUMENT &&
      error.message.startsWith('invalid boc: ')
    ) {
      throw parseError('post', error.message, 'boc');
    }
    throw error;
  }
}
