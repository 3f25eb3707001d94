import { contractFor, type RpcSubject } from '@app/contracts';
import { z } from 'zod';

/**
 * The v2 parameters as clients send them: a query string (every value a string) or a JSON body
 * (numbers and booleans as JSON values). These schemas are the published contract: they generate the
 * OpenAPI document and carry the ranges the edge checks. Each is paired with the reader that converts
 * the value and words its errors as toncenter 2.1 does in one field (v2-fields.ts)
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 */

/** An address that exists on every network: the elector, `-1:3333…`. */
const EXAMPLE_ADDRESS = 'Ef8zMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzM0vF';
const EXAMPLE_HASH = 'DyRnqxvXMjxK0FL6Pa+xYH4k0Bv8yvjzN6xPXbWPhjg=';
const DECIMAL = /^-?\d+$/;

/** The inclusive range a v2 integer parameter takes; values outside it are refused at the edge. */
export interface IntegerRange {
  readonly min: bigint;
  readonly max: bigint;
}

const INT32: IntegerRange = { min: -(2n ** 31n), max: 2n ** 31n - 1n };
const INT64: IntegerRange = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

/**
 * The ranges of toncenter 2.1's parameter types (ton-http-api-cpp reads each with
 * `boost::lexical_cast<std::int32_t>` or `<std::int64_t>`, then validates its sign or bounds), which
 * are also the lite_api's: seqno and utime are TL `int` (signed 32-bit) on the wire.
 */
export const V2Range = {
  int32: INT32,
  int64: INT64,
  /** A masterchain seqno for "state as of" (2.1: `seqno should be positive`). */
  positiveInt32: { min: 1n, max: INT32.max },
  /** A block seqno (0 names a zero state), unixtime, from_seqno, config param, DNS ttl. */
  nonNegativeInt32: { min: 0n, max: INT32.max },
  /** lt, to_lt, after_lt, created_lt: int64, `… should be non-negative`. */
  nonNegativeInt64: { min: 0n, max: 2n ** 63n - 1n },
  /** A shard id: signed int64, or the same 64 bits written unsigned (`9223372036854775808`). */
  shard: { min: -(2n ** 63n), max: 2n ** 64n - 1n },
  bounded: (min: number, max: number): IntegerRange => ({ min: BigInt(min), max: BigInt(max) }),
} as const;

/** The range of every integer parameter schema made here, for the edge checks and the tests. */
const RANGES = new WeakMap<z.ZodType, IntegerRange>();

/** The range of an integer parameter's schema (optional or not); undefined for other parameters. */
export function integerRangeOf(schema: z.ZodType): IntegerRange | undefined {
  const inner = schema instanceof z.ZodOptional ? (schema.unwrap() as z.ZodType) : schema;
  return RANGES.get(inner);
}

function inRange(text: string, range: IntegerRange): boolean {
  // At most 20 digits: every 64-bit value, and no BigInt of a megabyte of digits.
  if (!/^-?\d{1,20}$/.test(text)) {
    return false;
  }
  const n = BigInt(text);
  return n >= range.min && n <= range.max;
}

/**
 * A whole number within `range`, as a JSON number or as decimal text (query strings, JSON-RPC
 * clients that quote numbers, and JSON numbers past 2^53 that the body parser keeps as their text).
 */
function integer(description: string, example: number | string, range: IntegerRange): z.ZodType {
  const text = z
    .string()
    .regex(DECIMAL)
    .refine((value) => inRange(value, range));
  const schema = z.union([z.int().refine((value) => inRange(String(value), range)), text]).meta({
    description,
    example,
    // OpenAPI readers see the bounds; 64-bit ones are past what a JSON number holds exactly.
    ...(range.min >= BigInt(Number.MIN_SAFE_INTEGER) ? { minimum: Number(range.min) } : {}),
    ...(range.max <= BigInt(Number.MAX_SAFE_INTEGER) ? { maximum: Number(range.max) } : {}),
  });
  RANGES.set(schema, range);
  return schema;
}

/** toncenter 2.1's boolean words (ton-http-api-cpp `chaotic/io/bool.cpp`), any case. */
export const TRUE_WORDS: readonly string[] = ['y', 'yes', 't', 'true', 'on', '1'];
export const FALSE_WORDS: readonly string[] = ['n', 'no', 'f', 'false', 'off', '0'];

export const V2Param = {
  /** Any address form toncenter reads (`ton_addr`): raw `wc:hex`, friendly base64 or base64url. */
  address: (description = 'Account address in raw or user-friendly form') =>
    z.string().meta({ description, example: EXAMPLE_ADDRESS }),
  integer,
  /** A masterchain seqno for "state as of that block" (2.1: positive int32). */
  seqno: () =>
    integer(
      'Masterchain seqno: the state as of that block (default: the latest)',
      1,
      V2Range.positiveInt32,
    ).optional(),
  /** A non-negative int64 (`lt`, `to_lt`, `after_lt`, `created_lt`) as a JSON number or text. */
  lt: (description: string, example: string) =>
    integer(description, example, V2Range.nonNegativeInt64),
  /** A 256-bit hash: 64 hex digits, 44-char base64 or base64url, 43-char unpadded base64url. */
  hash: (description: string) =>
    z
      .string()
      .regex(/^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=|[A-Za-z0-9_-]{43}=?)$/)
      .meta({ description, example: EXAMPLE_HASH }),
  /** A boolean: JSON true/false, an integer (non-zero is true) or one of toncenter's words. */
  boolean: (description: string) =>
    z
      .union([
        z.boolean(),
        z.int(),
        z.string().refine((word) => [...TRUE_WORDS, ...FALSE_WORDS].includes(word.toLowerCase())),
      ])
      .meta({ description, example: true }),
  /** A bag of cells in base64. */
  boc: (description: string) =>
    z.string().meta({ description, example: 'te6ccgEBAQEAAgAAAA==', format: 'byte' }),
} as const;

/** `workchain`, `shard`, `seqno` of a block (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const blockIdParams = {
  workchain: V2Param.integer('Workchain id (-1 masterchain, 0 basechain)', -1, V2Range.int32),
  shard: V2Param.integer(
    'Shard id, signed int64 in decimal',
    '-9223372036854775808',
    V2Range.shard,
  ),
  seqno: V2Param.integer('Block seqno', 1, V2Range.nonNegativeInt32),
};

/** The result schema of a method answered by one request/reply subject: the contract's reply. */
export function resultOf(subject: RpcSubject): z.ZodType {
  return contractFor(subject).res;
}
