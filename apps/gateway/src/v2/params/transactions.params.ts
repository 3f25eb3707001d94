import { parseAddress } from '@app/ton';
import {
  type ParamSource,
  type RawParams,
  optionalHash,
  optionalBigInteger,
  optionalNonNegativeLt,
  own,
  parseError,
  requiredAddress,
  requiredInt64,
  validationError,
} from '../v2-params';
import { V2Range } from '../v2-schemas';

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
  // 2.1 reads `limit` as an int64 and `count` as an int32, then bounds them with these words.
  const value = Number(optionalBigInteger(raw, name, source, V2Range.int64) ?? defaults.value);
  if (value <= 0) {
    return throwing(validationError(`${name} should be positive`, name));
  }
  if (value > defaults.max) {
    return throwing(validationError(`${name} should be less or equal ${defaults.max}`, name));
  }
  return value;
}

/**
 * getTransactions' start point: `lt` and `hash` together or neither, else 422 `lt and hash should be
 * used together`
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 * getTransactions counts `lt=0` as absent; getTransactionsStd does not, so
 * there `lt=0` without `hash` is refused (ton-http-api-cpp GetTransactionsHandler.cpp and
 * GetTransactionsStdHandler.cpp). The hash goes on as base64.
 */
export function startPoint(
  lt: string | undefined,
  hash: Buffer | undefined,
  zeroLtIsAbsent: boolean,
): { lt: string; hash: string } | undefined {
  const givenLt = lt !== undefined && !(zeroLtIsAbsent && lt === '0') ? lt : undefined;
  if ((givenLt === undefined) !== (hash === undefined)) {
    return throwing(validationError('lt and hash should be used together', 'lt'));
  }
  return givenLt !== undefined && hash !== undefined
    ? { lt: givenLt, hash: hash.toString('base64') }
    : undefined;
}

/**
 * getBlockTransactions' cursor: `after_lt` and `after_hash` together (2.1
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 */
export function blockCursor(
  afterLt: string | undefined,
  afterHash: string | undefined,
): { after_lt: string; after_hash: string } | undefined {
  if ((afterLt === undefined) !== (afterHash === undefined)) {
    return throwing(validationError('after_lt and after_hash should be used together', 'after_lt'));
  }
  return afterLt !== undefined && afterHash !== undefined
    ? { after_lt: afterLt, after_hash: afterHash }
    : undefined;
}

/**
 * getBlockTransactions' `after_hash`: 2.1 reads it as a TonHash or any address form, using its
 * 256-bit account id; standard base64 for the wire.
 */
export function accountHash(raw: RawParams, source: ParamSource): string | undefined {
  const value = own(raw, 'after_hash');
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
  const value = own(raw, name);
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
