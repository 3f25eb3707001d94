import { DEFAULT_LIMIT } from './v3-endpoint';
import {
  type V3Field,
  v3Field,
  type V3RequiredField,
  v3RequiredField,
  type V3Values,
} from './v3-field';
import { invalid } from './v3-params';
import { V3Param } from './v3-schemas';

/**
 * The /api/v3 parameters, each a schema (what clients send, for the OpenAPI document and the check
 * before the endpoint runs) and its reader (toncenter's conversion and wording) in one place
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). An endpoint lists the
 * ones it takes in `fields`; a field is optional unless its name says it is required (its absence
 * is asked for once every field is read, as toncenter's handlers do).
 */

/** toncenter's pattern for action type names (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). */
const ACTION_TYPE = /^[A-Za-z0-9_.]+$/;

export const V3Fields = {
  /** An int32 (seqno, workchain, mc_seqno). */
  int32: (description: string, example?: number): V3Field<number | undefined> =>
    v3Field(V3Param.int32(description, example).optional(), (p, name) => p.int32(name)),

  /** An int32 toncenter reads as `fallback` when it is missing (a masterchain block's seqno: 0). */
  int32Or: (fallback: number, description: string, example?: number): V3Field<number> =>
    v3Field(V3Param.int32(description, example).optional(), (p, name) => p.int32(name) ?? fallback),

  /** A unix time (uint32, fractions truncated). */
  utime: (description: string): V3Field<number | undefined> =>
    v3Field(V3Param.utime(description).optional(), (p, name) => p.utime(name)),

  /** A logical time (uint64) as decimal text. */
  lt: (description: string): V3Field<string | undefined> =>
    v3Field(V3Param.lt(description).optional(), (p, name) => p.uint64(name)),

  /** A shard id as its signed decimal text. */
  shard: (): V3Field<string | undefined> =>
    v3Field(V3Param.shard().optional(), (p, name) => p.shard(name)),

  /** A message opcode as the signed int32 the tables store. */
  opcode: (): V3Field<number | undefined> =>
    v3Field(V3Param.opcode().optional(), (p, name) => p.opcode(name)),

  /** A hash as standard base64. */
  hash: (description: string): V3Field<string | undefined> =>
    v3Field(V3Param.hash(description).optional(), (p, name) => p.hash(name)),

  /** A required hash: toncenter's `missing` text when absent. */
  requiredHash: (description: string, missing: string): V3RequiredField<string> =>
    v3RequiredField(V3Param.hash(description), (p, name) => p.hash(name), missing),

  /** Hashes (repeated keys or commas) as standard base64. */
  hashes: (description: string): V3Field<string[] | undefined> =>
    v3Field(V3Param.hashes(description).optional(), (p, name) => p.hashes(name)),

  /** An address in any form, as raw `wc:HEX`. */
  address: (description: string): V3Field<string | undefined> =>
    v3Field(V3Param.address(description).optional(), (p, name) => p.address(name)),

  /** A required address: toncenter's `missing` text when absent. */
  requiredAddress: (description: string, missing: string): V3RequiredField<string> =>
    v3RequiredField(V3Param.address(description), (p, name) => p.address(name), missing),

  /** An address or the literal `null` (IS NULL), as /messages takes source and destination. */
  addressOrNull: (description: string): V3Field<string | null | undefined> =>
    v3Field(V3Param.text(description).optional(), (p, name) => p.addressOrNull(name)),

  /** Addresses (repeated keys or commas), as raw `wc:HEX`. */
  addresses: (description: string): V3Field<string[] | undefined> =>
    v3Field(V3Param.addresses(description).optional(), (p, name) => p.addresses(name)),

  /** Required addresses: toncenter's `missing` text when none is given. */
  requiredAddresses: (description: string, missing: string): V3RequiredField<string[]> =>
    v3RequiredField(V3Param.addresses(description), (p, name) => p.addresses(name), missing),

  /** Each address as given with its raw form, null where it does not parse (addressBook). */
  addressEntries: (
    description: string,
    missing: string,
  ): V3RequiredField<{ input: string; raw: string | null }[]> =>
    v3RequiredField(V3Param.addresses(description), (p, name) => p.addressEntries(name), missing),

  /** A boolean in toncenter's spellings. */
  bool: (description: string): V3Field<boolean | undefined> =>
    v3Field(V3Param.bool(description).optional(), (p, name) => p.bool(name)),

  /** A boolean toncenter reads as `fallback` when it is missing. */
  flag: (fallback: boolean, description: string): V3Field<boolean> =>
    v3Field(V3Param.bool(description).optional(), (p, name) => p.bool(name) ?? fallback),

  /** Plain text (the last value when repeated). */
  text: (description: string): V3Field<string | undefined> =>
    v3Field(V3Param.text(description).optional(), (p, name) => p.string(name)),

  /** Plain strings: repeated keys only, no comma splitting. */
  strings: (description: string): V3Field<string[] | undefined> =>
    v3Field(V3Param.strings(description).optional(), (p, name) => p.strings(name)),

  /** Action type names, each checked against toncenter's pattern. */
  actionTypes: (description: string): V3Field<string[] | undefined> =>
    v3Field(V3Param.strings(description).optional(), (p, name) => {
      const list = p.strings(name);
      if (list?.some((t) => !ACTION_TYPE.test(t))) {
        throw invalid(name, `${name} contains invalid characters`);
      }
      return list;
    }),

  /** A message direction: `in` or `out`. */
  direction: (): V3Field<'in' | 'out' | undefined> =>
    v3Field(V3Param.text('in or out').optional(), (p, name) => p.direction(name)),

  /** The direction of a token event: `in`, `out` or `both`. */
  eventDirection: (): V3Field<'in' | 'out' | 'both' | undefined> =>
    v3Field(V3Param.text('in, out or both').optional(), (p, name) => {
      const v = p.string(name);
      if (v === undefined) {
        return undefined;
      }
      if (v !== 'in' && v !== 'out' && v !== 'both') {
        throw invalid(name, `${name} should be one of: in, out, both`);
      }
      return v;
    }),

  /** `limit`: at most 1000, `fallback` when missing, below 1 read as 1. */
  limit: (fallback: number): V3Field<number> =>
    v3Field(V3Param.limit().optional(), (p, name) => p.limit(name, fallback)),

  /** `offset`: a negative one is read as 0. */
  offset: (): V3Field<number> => v3Field(V3Param.offset().optional(), (p, name) => p.offset(name)),

  /** `sort`, `fallback` when missing. */
  sort: <S extends 'asc' | 'desc' | undefined>(fallback: S): V3Field<'asc' | 'desc' | S> =>
    v3Field(
      V3Param.text('asc or desc (also a, d; any case)').optional(),
      (p, name) => p.sort(name) ?? fallback,
    ),
} as const;

/** The time range of a list: unix times and logical times, each bound inclusive. */
export const TIME_RANGE_FIELDS = {
  start_utime: V3Fields.utime('From this unix time (inclusive)'),
  end_utime: V3Fields.utime('Up to this unix time (inclusive)'),
  start_lt: V3Fields.lt('From this logical time (inclusive)'),
  end_lt: V3Fields.lt('Up to this logical time (inclusive)'),
};

/** The time range of `q` as the query requests carry it. */
export function timeRangeOf(q: V3Values<typeof TIME_RANGE_FIELDS>) {
  return {
    start_utime: q.start_utime,
    end_utime: q.end_utime,
    start_lt: q.start_lt,
    end_lt: q.end_lt,
  };
}

/**
 * `limit` and `offset` of toncenter's LimitRequest; `sort` comes after them, with the order each
 * endpoint falls back to (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go).
 */
export const PAGING_FIELDS = { limit: V3Fields.limit(DEFAULT_LIMIT), offset: V3Fields.offset() };
