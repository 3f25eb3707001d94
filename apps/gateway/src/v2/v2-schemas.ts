import { contractFor, type RpcSubject } from '@app/contracts';
import { z } from 'zod';

/**
 * The v2 parameters as clients send them: a query string (every value a string) or a JSON body
 * (numbers and booleans as JSON values). These schemas are the published contract: they generate the
 * OpenAPI document and every request is checked against them before its method runs; the method's
 * own parser then converts the values and words its errors as toncenter 2.1 does
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 */

/** An address that exists on every network: the elector, `-1:3333…`. */
const EXAMPLE_ADDRESS = 'Ef8zMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzM0vF';
const EXAMPLE_HASH = 'DyRnqxvXMjxK0FL6Pa+xYH4k0Bv8yvjzN6xPXbWPhjg=';
const DECIMAL = /^-?\d+$/;

/** A whole number, as JSON or as decimal text (query strings, JSON-RPC clients that quote numbers). */
function integer(description: string, example: number): z.ZodType {
  return z.union([z.int(), z.string().regex(DECIMAL)]).meta({ description, example });
}

export const V2Param = {
  /** Any address form toncenter reads (`ton_addr`): raw `wc:hex`, friendly base64 or base64url. */
  address: (description = 'Account address in raw or user-friendly form') =>
    z.string().meta({ description, example: EXAMPLE_ADDRESS }),
  integer,
  /** A masterchain seqno for "state as of that block" (2.1: positive). */
  seqno: () =>
    integer('Masterchain seqno: the state as of that block (default: the latest)', 1).optional(),
  /** An int64 (`shard`, `lt`) as a JSON number or decimal text; shards in their signed form. */
  int64: (description: string, example: string) =>
    z.union([z.int(), z.string().regex(DECIMAL)]).meta({ description, example }),
  /** A 256-bit hash: 64 hex digits or 44-char base64/base64url (43 without padding). */
  hash: (description: string) =>
    z
      .string()
      .regex(/^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/)
      .meta({ description, example: EXAMPLE_HASH }),
  /** `true`/`false`, also `1`/`0` as query strings send them. */
  boolean: (description: string) =>
    z
      .union([z.boolean(), z.enum(['true', 'false', '1', '0']), z.literal(0), z.literal(1)])
      .meta({ description, example: true }),
  /** A bag of cells in base64. */
  boc: (description: string) =>
    z.string().meta({ description, example: 'te6ccgEBAQEAAgAAAA==', format: 'byte' }),
} as const;

/** `address` and the optional masterchain `seqno` (every account read, https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const accountReadParams = z.object({ address: V2Param.address(), seqno: V2Param.seqno() });

/** `workchain`, `shard`, `seqno` of a block (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const blockIdParams = {
  workchain: V2Param.integer('Workchain id (-1 masterchain, 0 basechain)', -1),
  shard: V2Param.int64('Shard id, signed int64 in decimal', '-9223372036854775808'),
  seqno: V2Param.integer('Block seqno', 1),
};

/** The result schema of a method answered by one request/reply subject: the contract's reply. */
export function resultOf(subject: RpcSubject): z.ZodType {
  return contractFor(subject).res;
}

/**
 * The parameters that are present: toncenter treats an empty value (`?seqno=`) and JSON `null` as
 * absent, so they are not checked against a schema that would call them malformed.
 */
export function presentParams(raw: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(raw).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
}
