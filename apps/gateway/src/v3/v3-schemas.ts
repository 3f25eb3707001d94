import { contractFor, type RpcSubject } from '@app/contracts';
import { z } from 'zod';
import { conversion, invalid } from './v3-params';

/**
 * The /api/v3 query parameters as clients send them (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). These schemas generate
 * the OpenAPI document and every request is checked against them before its endpoint runs; the
 * endpoint's V3Params reads then convert the values and word the rules toncenter words itself (sort,
 * direction, limit bounds, combinations). A malformed value is toncenter's conversion error.
 */

const EXAMPLE_ADDRESS = '-1:3333333333333333333333333333333333333333333333333333333333333333';
const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/** Repeated keys (`?address=a&address=b`, also `address[]=`) or comma-separated values (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). */
function list(description: string, example?: string): z.ZodType {
  return z
    .array(z.string())
    .meta(example === undefined ? { description } : { description, example: [example] });
}

export const V3Param = {
  int32: (description: string, example?: number) =>
    z.coerce
      .number()
      .int()
      .min(INT32.min)
      .max(INT32.max)
      .meta(example === undefined ? { description } : { description, example }),
  /** A unix time; fractions are truncated (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). */
  utime: (description: string) =>
    z.coerce
      .number()
      .min(0)
      .max(2 ** 32 - 1)
      .meta({ description }),
  /** A logical time (uint64) in decimal. */
  lt: (description: string) =>
    z
      .string()
      .regex(/^\d{1,20}$/)
      .meta({ description }),
  /** A shard id: hex (`8000000000000000`, with or without 0x) or signed decimal. */
  shard: () =>
    z
      .string()
      .regex(/^(?:(?:0[xX])?[0-9a-fA-F]{1,16}|-?\d{1,20})$/)
      .meta({ description: 'Shard id in hex or signed decimal', example: '8000000000000000' }),
  /** A 256-bit hash: 64 hex (optionally 0x), or 44-char base64/base64url (43 without padding). */
  hash: (description: string) =>
    z
      .string()
      .regex(/^(?:(?:0[xX])?[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/)
      .meta({ description }),
  address: (description: string) => z.string().meta({ description, example: EXAMPLE_ADDRESS }),
  addresses: (description: string) => list(description, EXAMPLE_ADDRESS),
  hashes: (description: string) => list(description),
  strings: (description: string) => list(description),
  /** Go's strconv.ParseBool forms. */
  bool: (description: string) =>
    z
      .enum(['1', 't', 'T', 'TRUE', 'true', 'True', '0', 'f', 'F', 'FALSE', 'false', 'False'])
      .meta({ description }),
  /** An opcode: hex (with or without 0x, tried first) or a signed int32 in decimal (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). */
  opcode: () =>
    z
      .string()
      .regex(/^(?:(?:0[xX])?[0-9a-fA-F]{1,8}|-?\d{1,10})$/)
      .meta({ description: 'Message opcode, hex (0x0f8a7ea5) or signed decimal' }),
  /** Free text whose values the endpoint words itself (`direction`, `sort`, `domain`). */
  text: (description: string) => z.string().meta({ description }),
} as const;

/** `limit` (1…1000, endpoint default) and `offset` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go); the bounds keep toncenter's wording. */
export const pagingParams = {
  limit: z.coerce.number().int().meta({ description: 'Page size, 1…1000', example: 10 }).optional(),
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .max(INT32.max)
    .meta({ description: 'Rows to skip', example: 0 })
    .optional(),
};

export const sortParam = {
  sort: V3Param.text('asc or desc (also a, d; any case)').optional(),
};

export const timeRangeParams = {
  start_utime: V3Param.utime('From this unix time (inclusive)').optional(),
  end_utime: V3Param.utime('Up to this unix time (inclusive)').optional(),
  start_lt: V3Param.lt('From this logical time (inclusive)').optional(),
  end_lt: V3Param.lt('Up to this logical time (inclusive)').optional(),
};

/** The query service's reply schema of `subject`: what the endpoint answers. */
export function resultOf(subject: RpcSubject): z.ZodType {
  return contractFor(subject).res;
}

function isListField(field: z.ZodType | undefined): boolean {
  const inner = field instanceof z.ZodOptional ? field.unwrap() : field;
  return inner instanceof z.ZodArray;
}

/**
 * The query values as the schema reads them: `key[]` is `key`, empty values are absent, a list field
 * takes every value and a single field the last one (as Fiber's decoder does). Keys in `ignored` (the
 * request settings and the API key,
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go) belong to the edge, not
 * to the endpoint.
 */
export function v3QueryValues(
  schema: z.ZodObject,
  raw: Readonly<Record<string, unknown>>,
  ignored: readonly string[],
): Record<string, string | string[]> {
  const values: Record<string, string[]> = {};
  for (const [rawKey, value] of Object.entries(raw)) {
    const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
    if (ignored.includes(key)) {
      continue;
    }
    const strings = (Array.isArray(value) ? value : [value]).filter(
      (v): v is string => typeof v === 'string' && v !== '',
    );
    if (strings.length > 0) {
      values[key] = [...(values[key] ?? []), ...strings];
    }
  }
  const shape: Record<string, z.ZodType | undefined> = schema.shape;
  return Object.fromEntries(
    Object.entries(values).map(([key, list]) => [
      key,
      isListField(shape[key]) ? list : (list[list.length - 1] ?? ''),
    ]),
  );
}

/** Checks a request against its endpoint's schema; the first problem is a 422 naming the key. */
export function checkV3Query(
  schema: z.ZodObject,
  raw: Readonly<Record<string, unknown>>,
  ignored: readonly string[],
): void {
  const values = v3QueryValues(schema, raw, ignored);
  const checked = z.strictObject(schema.shape).safeParse(values);
  // A missing required parameter is left to the endpoint, which words it (`hash is required`).
  const issue = checked.error?.issues.find(
    (i) => i.code === 'unrecognized_keys' || String(i.path[0]) in values,
  );
  if (issue === undefined) {
    return;
  }
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    throw invalid(key, `unknown query parameter "${key}"`);
  }
  const [key, index] = issue.path;
  throw conversion(String(key), typeof index === 'number' ? index : undefined);
}
