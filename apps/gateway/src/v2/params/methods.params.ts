import { ErrorCode, TonApiError } from '@app/contracts';
import {
  methodIdOf,
  type ParsedAddress,
  parseAddress,
  readLegacyStack,
  readTonlibStack,
  StackInputError,
} from '@app/ton';
import { Cell, loadMessage, serializeTuple, type TupleItem } from '@ton/core';
import {
  optionalHash,
  optionalInteger,
  type ParamSource,
  parseError,
  type RawParams,
  validationError,
} from '../v2-params';

/** Parsers of the get-method, config, library, send and utility endpoints (toncenter v2 §7–§10). */

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** A required address with the form it was written in (detectAddress needs the flags). */
export function requiredParsedAddress(
  raw: RawParams,
  name: string,
  source: ParamSource,
): ParsedAddress {
  const value = raw[name];
  if (isAbsent(value)) {
    throw validationError(`empty ${name}`, name);
  }
  const parsed = typeof value === 'string' ? parseAddress(value) : undefined;
  if (!parsed) {
    throw parseError(source, `Failed to parse ton_addr: '${String(value)}'`, name);
  }
  return parsed;
}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/**
 * `method`: a get-method name (`smc.methodIdName`) or an integer id (`smc.methodIdNumber`, int32).
 * 2.1 treats any string that parses as an integer as an id (§15.5).
 */
export function requiredMethodId(raw: RawParams, source: ParamSource): number {
  const value = raw.method;
  if (isAbsent(value)) {
    throw validationError('empty method', 'method');
  }
  const id =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^-?\d{1,10}$/.test(value)
        ? Number(value)
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

/** A stack error as toncenter 2.1 reports it: 422, or 542 for an unsupported entry type (§12.1). */
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
  try {
    return serializeTuple(items).toBoc({ idx: false }).toString('base64');
  } catch (error) {
    // serializeTuple refuses tuples of more than 255 items, as TVM does.
    throw new TonApiError(
      ErrorCode.INVALID_ARGUMENT,
      `Invalid stack: ${error instanceof Error ? error.message : String(error)}`,
      { details: { param: 'stack' } },
    );
  }
}

function stackEntries(raw: RawParams, source: ParamSource): readonly unknown[] {
  const value = raw.stack;
  if (value === undefined || value === null) {
    return [];
  }
  if (!Array.isArray(value)) {
    throw parseError(source, 'failed to parse stack', 'stack');
  }
  return value;
}

/** runGetMethod's legacy `stack` (§15.5), serialised for the liteserver. */
export function legacyStack(raw: RawParams, source: ParamSource): string {
  const entries = stackEntries(raw, source);
  try {
    return serializedStack(readLegacyStack(entries));
  } catch (error) {
    throw stackError(error);
  }
}

/** runGetMethodStd's typed `stack` (§8.2), serialised for the liteserver. */
export function tonlibStack(raw: RawParams, source: ParamSource): string {
  const entries = stackEntries(raw, source);
  try {
    return serializedStack(readTonlibStack(entries));
  } catch (error) {
    throw stackError(error);
  }
}

/** getConfigParam: `config_id` (2.0) or `param` (2.1), exactly one, non-negative (§7, §12.3). */
export function requiredConfigId(raw: RawParams, source: ParamSource): number {
  const configId = optionalInteger(raw, 'config_id', source);
  const param = optionalInteger(raw, 'param', source);
  if (configId !== undefined && param !== undefined) {
    throw validationError('only one of config_id or param should be specified', 'config_id');
  }
  const name = param !== undefined ? 'param' : 'config_id';
  const id = param ?? configId;
  if (id === undefined) {
    throw parseError(source, 'config_id required', 'config_id');
  }
  if (id < 0) {
    throw validationError(`${name} should be non-negative`, name);
  }
  if (id > INT32_MAX) {
    throw parseError(source, `failed to parse ${name}`, name);
  }
  return id;
}

/** getLibraries `libraries`: a repeated query parameter or a JSON array of hashes (§7). */
export function requiredLibraries(raw: RawParams, source: ParamSource): string[] {
  const value = raw.libraries;
  const list = Array.isArray(value) ? value : isAbsent(value) ? [] : [value];
  if (list.length === 0) {
    throw parseError(source, 'libraries required', 'libraries');
  }
  if (list.length > 256) {
    throw parseError(source, 'failed to parse libraries', 'libraries');
  }
  return list.map((item) => {
    let hash: Buffer | undefined;
    try {
      hash = typeof item === 'string' ? optionalHash({ hash: item }, 'hash', source) : undefined;
    } catch {
      // 2.1 words a bad element after the list: `failed to parse libraries` (§12.3).
      hash = undefined;
    }
    if (!hash) {
      throw parseError(source, 'failed to parse libraries', 'libraries');
    }
    return hash.toString('base64');
  });
}

/** What the network accepts in one external message (config param 43 defaults: cells, depth). */
const MAX_BOC_BYTES = 1 << 18;
const MAX_BOC_CELLS = 1 << 13;
const MAX_BOC_DEPTH = 512;

function badBoc(source: ParamSource, reason: string): TonApiError {
  return parseError(source, `invalid boc: ${reason}`, 'boc');
}

function countCells(root: Cell, limit: number): number {
  const seen = new Set<string>();
  const queue: Cell[] = [root];
  while (queue.length > 0 && seen.size <= limit) {
    const cell = queue.pop();
    if (cell === undefined) {
      break;
    }
    const key = cell.hash().toString('hex');
    if (!seen.has(key)) {
      seen.add(key);
      queue.push(...cell.refs);
    }
  }
  return seen.size;
}

/** A BoC sendBoc accepts: base64, one root, within the size caps, an external inbound message (§9). */
export interface ExternalMessageBoc {
  /** Standard base64 of the BoC as sent. */
  readonly boc: string;
  readonly root: Cell;
}

export function requiredExternalMessage(raw: RawParams, source: ParamSource): ExternalMessageBoc {
  const value = raw.boc;
  if (isAbsent(value)) {
    throw validationError('empty boc', 'boc');
  }
  if (typeof value !== 'string' || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(value.trim())) {
    throw badBoc(source, 'base64 expected');
  }
  const bytes = Buffer.from(value.trim(), 'base64');
  if (bytes.length > MAX_BOC_BYTES) {
    throw badBoc(source, `larger than ${MAX_BOC_BYTES} bytes`);
  }
  let roots: Cell[];
  try {
    roots = Cell.fromBoc(bytes);
  } catch (error) {
    throw badBoc(source, error instanceof Error ? error.message : String(error));
  }
  const [root] = roots;
  if (!root || roots.length !== 1) {
    throw badBoc(source, `expected one root cell, got ${roots.length}`);
  }
  if (root.depth() > MAX_BOC_DEPTH) {
    throw badBoc(source, `deeper than ${MAX_BOC_DEPTH} cells`);
  }
  if (countCells(root, MAX_BOC_CELLS) > MAX_BOC_CELLS) {
    throw badBoc(source, `more than ${MAX_BOC_CELLS} cells`);
  }
  try {
    const message = loadMessage(root.beginParse());
    if (message.info.type !== 'external-in') {
      throw new Error('not external');
    }
  } catch {
    throw badBoc(source, 'not an external inbound message');
  }
  return { boc: bytes.toString('base64'), root };
}
