import { z } from 'zod';

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;

/**
 * TL `int64` rendered by tonlib JSON as a decimal string (toncenter
 * https://github.com/ton-blockchain/ton/blob/HEAD/tl/generate/scheme/tonlib_api.tl): lt, balance,
 * shard, fees. Canonical form only (no `+`, no leading zeros), within the signed 64-bit range.
 */
export const Int64Str = z
  .string()
  .regex(/^-?(0|[1-9]\d*)$/, { message: 'expected a decimal integer string', abort: true })
  .refine((s) => {
    const v = BigInt(s);
    return v >= INT64_MIN && v <= INT64_MAX;
  }, 'expected a signed 64-bit integer');

/** TL `int32` (workchain, seqno, utime…) rendered as a JSON number. */
export const Int32 = z
  .number()
  .int()
  .min(-(2 ** 31))
  .max(2 ** 32 - 1);

/** TL `int256` hash as standard base64 with padding: 32 bytes → 43 chars + `=`. */
export const B64Hash = z
  .string()
  .regex(/^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$/, 'expected a 32-byte standard base64 hash');

/** TL `bytes` as standard base64 (`+/`, padded); empty bytes are `""` (toncenter https://github.com/ton-blockchain/ton/blob/HEAD/tl/generate/scheme/tonlib_api.tl). */
export const Bytes = z
  .string()
  .regex(
    /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/,
    'expected standard base64',
  );

/** A raw address `wc:hex` (any case), as the gateway passes it to services. */
export const RawAddress = z
  .string()
  .regex(/^-?\d{1,10}:[0-9a-fA-F]{64}$/, "expected a raw address 'wc:hex'");
