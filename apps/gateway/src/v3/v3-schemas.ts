import { contractFor, type RpcSubject } from '@app/contracts';
import { z } from 'zod';
import { conversion, FALSE_FORMS, TRUE_FORMS } from './v3-params';

/**
 * The /api/v3 query parameters as clients send them (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). These schemas generate
 * the OpenAPI document and every request is checked against them before its endpoint runs. Each is
 * the schema of one field (v3-fields.ts), whose reader then converts the value and words what
 * toncenter words itself (sort, direction, limit bounds). A malformed value is toncenter's
 * conversion error.
 */

const EXAMPLE_ADDRESS = '-1:3333333333333333333333333333333333333333333333333333333333333333';
const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/**
 * The integer parameters and the range each takes, as toncenter's request structs type them: int32
 * (seqno, workchain, mc_seqno), uint32 (utimes), uint64 (lts), int64 (shard), an opcode (uint32 in
 * hex or int32 in decimal), limit and offset (int32, clamped). Read by the hostile sweeps, which
 * take every integer parameter from the registry.
 */
export type IntegerKind = 'int32' | 'uint32' | 'uint64' | 'int64' | 'opcode' | 'limit' | 'offset';
const INTEGER_KINDS = new WeakMap<z.ZodType, IntegerKind>();

function integer<T extends z.ZodType>(kind: IntegerKind, schema: T): T {
  INTEGER_KINDS.set(schema, kind);
  return schema;
}

/** The integer kind of a query field (optional or not), or undefined for other fields. */
export function integerKindOf(field: z.ZodType): IntegerKind | undefined {
  return INTEGER_KINDS.get(field instanceof z.ZodOptional ? (field.unwrap() as z.ZodType) : field);
}

/** Repeated keys (`?address=a&address=b`, also `address[]=`) or comma-separated values (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). */
function list(description: string, example?: string): z.ZodType {
  return z
    .array(z.string())
    .meta(example === undefined ? { description } : { description, example: [example] });
}

export const V3Param = {
  int32: (description: string, example?: number) =>
    integer(
      'int32',
      z.coerce
        .number()
        .int()
        .min(INT32.min)
        .max(INT32.max)
        .meta(example === undefined ? { description } : { description, example }),
    ),
  /** A unix time; fractions are truncated (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). */
  utime: (description: string) =>
    integer(
      'uint32',
      z.coerce
        .number()
        .min(0)
        .max(2 ** 32 - 1)
        .meta({ description }),
    ),
  /** A logical time (uint64) in decimal. */
  lt: (description: string) =>
    integer(
      'uint64',
      z
        .string()
        .regex(/^\d{1,20}$/)
        .meta({ description }),
    ),
  /** A shard id: hex (`8000000000000000`, with or without 0x) or signed decimal. */
  shard: () =>
    integer(
      'int64',
      z
        .string()
        .regex(/^(?:(?:0[xX])?[0-9a-fA-F]{1,16}|-?\d{1,20})$/)
        .meta({ description: 'Shard id in hex or signed decimal', example: '8000000000000000' }),
    ),
  /** A 256-bit hash: 64 hex (optionally 0x), or 44 characters of base64 or base64url. */
  hash: (description: string) =>
    z
      .string()
      .regex(/^(?:(?:0x)?[0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=|[A-Za-z0-9_-]{43}=)$/)
      .meta({ description }),
  address: (description: string) => z.string().meta({ description, example: EXAMPLE_ADDRESS }),
  addresses: (description: string) => list(description, EXAMPLE_ADDRESS),
  hashes: (description: string) => list(description),
  strings: (description: string) => list(description),
  /** The forms toncenter's query decoder takes: `on` and Go's strconv.ParseBool forms. */
  bool: (description: string) =>
    z.enum([...TRUE_FORMS, ...FALSE_FORMS] as [string, ...string[]]).meta({ description }),
  /** An opcode: hex (with or without 0x, tried first) or a signed int32 in decimal (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). */
  opcode: () =>
    integer(
      'opcode',
      z
        .string()
        .regex(/^(?:(?:0[xX])?[0-9a-fA-F]{1,8}|-?\d{1,10})$/)
        .meta({ description: 'Message opcode, hex (0x0f8a7ea5) or signed decimal' }),
    ),
  /** Free text whose values the endpoint words itself (`direction`, `sort`, `domain`). */
  text: (description: string) => z.string().meta({ description }),
  /**
   * `limit` and `offset`: int32 as toncenter parses them
   * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go), clamped by the reader.
   */
  limit: () =>
    integer(
      'limit',
      z.coerce.number().int().min(INT32.min).max(INT32.max).meta({
        description: 'Page size, at most 1000 (default 100; below 1 reads as 1)',
        example: 10,
      }),
    ),
  offset: () =>
    integer(
      'offset',
      z.coerce
        .number()
        .int()
        .min(INT32.min)
        .max(INT32.max)
        .meta({ description: 'Rows to skip (negative reads as 0)', example: 0 }),
    ),
} as const;

/** The query service's reply schema of `subject`: what the endpoint answers. */
export function resultOf(subject: RpcSubject): z.ZodType {
  return contractFor(subject).res;
}

function isListField(field: z.ZodType | undefined): boolean {
  const inner = field instanceof z.ZodOptional ? field.unwrap() : field;
  return inner instanceof z.ZodArray;
}

/** The keys of `schema` (own keys of its shape only). */
export function declaredKeys(schema: z.ZodObject): ReadonlySet<string> {
  return new Set(Object.keys(schema.shape));
}

/** `key[]` is `key` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). */
export function paramName(rawKey: string): string {
  return rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
}

/**
 * The keys of a request its endpoint does not take: not in `declared`, not in `settings` (the
 * request settings and the API key,
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go, which belong to the
 * edge). Each once, in request order. Own keys only: a key named after an `Object.prototype` member
 * is a key like any other.
 */
export function unknownKeys(
  raw: object,
  declared: ReadonlySet<string>,
  settings: readonly string[],
): string[] {
  const unknown = new Set<string>();
  for (const rawKey of Object.keys(raw)) {
    const key = paramName(rawKey);
    if (!declared.has(key) && !settings.includes(key)) {
      unknown.add(key);
    }
  }
  return [...unknown];
}

/**
 * The query values as the schema reads them: `key[]` is `key`, empty values are absent, a list field
 * takes every value and a single field the last one (as Fiber's decoder does). Only the declared
 * keys are read.
 */
export function v3QueryValues(
  schema: z.ZodObject,
  raw: Readonly<Record<string, unknown>>,
): Record<string, string | string[]> {
  const declared = declaredKeys(schema);
  const values = new Map<string, string[]>();
  for (const rawKey of Object.keys(raw)) {
    const key = paramName(rawKey);
    if (!declared.has(key)) {
      continue;
    }
    const value: unknown = raw[rawKey];
    const strings = (Array.isArray(value) ? (value as unknown[]) : [value]).filter(
      (v): v is string => typeof v === 'string' && v !== '',
    );
    if (strings.length > 0) {
      values.set(key, [...(values.get(key) ?? []), ...strings]);
    }
  }
  const shape: Record<string, z.ZodType | undefined> = schema.shape;
  return Object.fromEntries(
    [...values].map(([key, list]) => [
      key,
      isListField(shape[key]) ? list : (list[list.length - 1] ?? ''),
    ]),
  );
}

/**
 * Checks the declared keys of a request against its endpoint's schema; the first problem is a 422
 * naming the key. Undeclared keys are the caller's to ignore or refuse (`unknownKeys`).
 */
export function checkV3Query(schema: z.ZodObject, raw: Readonly<Record<string, unknown>>): void {
  const values = v3QueryValues(schema, raw);
  const checked = schema.safeParse(values);
  // A missing required parameter is left to the endpoint, which words it (`hash is required`).
  const issue = checked.error?.issues.find((i) => Object.hasOwn(values, String(i.path[0])));
  if (issue === undefined) {
    return;
  }
  const [key, index] = issue.path;
  throw conversion(String(key), typeof index === 'number' ? index : undefined);
}
