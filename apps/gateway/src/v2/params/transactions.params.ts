import { parseAddress } from '@app/ton';
import {
  type ParamSource,
  type RawParams,
  optionalHash,
  optionalInt64,
  optionalInteger,
  parseError,
  requiredAddress,
  requiredInt64,
  validationError,
} from '../v2-params';

/** Parameter parsers of the v2 transactions methods, with toncenter 2.1's wording (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */

function throwing(error: Error): never {
  throw error;
}

/** A bounded count (`limit`, `count`): `<name> should be positive` / `… less or equal <max>`. */
export function boundedCount(
  raw: RawParams,
  name: string,
  source: ParamSource,
  defaults: { readonly value: number; readonly max: number },
): number {
  const value = optionalInteger(raw, name, source) ?? defaults.value;
  if (value <= 0) {
    return throwing(validationError(`${name} should be positive`, name));
  }
  if (value > defaults.max) {
    return throwing(validationError(`${name} should be less or equal ${defaults.max}`, name));
  }
  return value;
}

/** An optional non-negative int64 lt (`lt`, `to_lt`, `after_lt`) as a decimal string. */
export function optionalNonNegativeLt(
  raw: RawParams,
  name: string,
  source: ParamSource,
): string | undefined {
  const lt = optionalInt64(raw, name, source);
  if (lt !== undefined && lt < 0n) {
    return throwing(validationError(`${name} should be non-negative`, name));
  }
  return lt?.toString();
}

/**
 * getTransactions' start point: `lt` and `hash` together or neither; 2.1 counts `lt=0` as absent and
 * answers 422 `lt and hash should be used together` otherwise
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). The hash
 * goes on as base64.
 */
export function startPoint(
  raw: RawParams,
  source: ParamSource,
): { lt: string; hash: string } | undefined {
  const lt = optionalNonNegativeLt(raw, 'lt', source);
  const hash = optionalHash(raw, 'hash', source);
  const givenLt = lt !== undefined && lt !== '0' ? lt : undefined;
  if ((givenLt === undefined) !== (hash === undefined)) {
    return throwing(validationError('lt and hash should be used together', 'lt'));
  }
  return givenLt !== undefined && hash !== undefined
    ? { lt: givenLt, hash: hash.toString('base64') }
    : undefined;
}

/**
 * getBlockTransactions' cursor: `after_lt` and `after_hash` together (2.1
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). 2.1 reads
 * `after_hash` as a TonHash or any address form, using its 256-bit account id.
 */
export function blockCursor(
  raw: RawParams,
  source: ParamSource,
): { after_lt: string; after_hash: string } | undefined {
  const afterLt = optionalNonNegativeLt(raw, 'after_lt', source);
  const afterHash = accountHash(raw, source);
  if ((afterLt === undefined) !== (afterHash === undefined)) {
    return throwing(validationError('after_lt and after_hash should be used together', 'after_lt'));
  }
  return afterLt !== undefined && afterHash !== undefined
    ? { after_lt: afterLt, after_hash: afterHash }
    : undefined;
}

function accountHash(raw: RawParams, source: ParamSource): string | undefined {
  const value = raw.after_hash;
  if (typeof value === 'string') {
    const address = parseAddress(value);
    if (address) {
      return address.address.hash.toString('base64');
    }
  }
  return optionalHash(raw, 'after_hash', source)?.toString('base64');
}

/** `shard` (int64) as its signed decimal string. */
export function requiredShard(raw: RawParams, source: ParamSource): string {
  return requiredInt64(raw, 'shard', source).toString();
}

/** tryLocate* `source` / `destination`: 2.1 `empty source address` when missing (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export function locateAddress(
  raw: RawParams,
  name: 'source' | 'destination',
  source: ParamSource,
): string {
  const value = raw[name];
  if (value === undefined || value === null || value === '') {
    return throwing(validationError(`empty ${name} address`, name));
  }
  return requiredAddress(raw, name, source);
}

/** tryLocate* `created_lt`: required, `created_lt should be non-negative`. */
export function requiredCreatedLt(raw: RawParams, source: ParamSource): string {
  const lt = optionalNonNegativeLt(raw, 'created_lt', source);
  if (lt === undefined) {
    return throwing(parseError(source, 'created_lt required', 'created_lt'));
  }
  return lt;
}
