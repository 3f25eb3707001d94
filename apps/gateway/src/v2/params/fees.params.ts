import { Cell } from '@ton/core';
import { type ParamSource, parseError, type RawParams, validationError } from '../v2-params';

/** Parsers of estimateFee (toncenter v2 §9). */

/** What the network accepts in one message (config param 43 default: 2^13 cells). */
const MAX_BOC_BYTES = 1 << 18;

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** A BoC of exactly one root cell, re-encoded in standard base64; undefined when unparsable. */
function singleRootBoc(value: string): string | undefined {
  const bytes = Buffer.from(value, 'base64');
  if (bytes.length === 0 || bytes.length > MAX_BOC_BYTES) {
    return undefined;
  }
  try {
    const roots = Cell.fromBoc(bytes);
    const [root] = roots;
    return roots.length === 1 && root ? root.toBoc({ idx: false }).toString('base64') : undefined;
  } catch {
    return undefined;
  }
}

/** `body`: required (`empty body`), a b64 BoC of one cell (`failed to parse body`). */
export function requiredCellBoc(raw: RawParams, name: string, source: ParamSource): string {
  const value = raw[name];
  if (isAbsent(value)) {
    throw validationError(`empty ${name}`, name);
  }
  const boc = typeof value === 'string' ? singleRootBoc(value) : undefined;
  if (boc === undefined) {
    throw parseError(source, `failed to parse ${name}`, name);
  }
  return boc;
}

/** `init_code` / `init_data`: optional (default `""`), a b64 BoC of one cell when given. */
export function optionalCellBoc(raw: RawParams, name: string, source: ParamSource): string {
  const value = raw[name];
  if (isAbsent(value)) {
    return '';
  }
  const boc = typeof value === 'string' ? singleRootBoc(value) : undefined;
  if (boc === undefined) {
    throw parseError(source, `failed to parse ${name}`, name);
  }
  return boc;
}
