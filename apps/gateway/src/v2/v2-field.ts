import { type z } from 'zod';
import { type ParamSource, type RawParams } from './v2-params';

/**
 * Per-request state the fields of one request share: the parts of one message draw on one cell
 * budget (fees.params.ts). Keys are the sharing fields' own symbols.
 */
export type V2ReadScope = Map<symbol, unknown>;

/**
 * One v2 parameter, declared once: `schema` is what clients send (it generates the OpenAPI document
 * and carries the range the edge sweeps check), `read` turns the raw value into what the services
 * take, with toncenter 2.1's wording for a bad value
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 */
export interface V2Field<T> {
  readonly schema: z.ZodType;
  read(raw: RawParams, name: string, source: ParamSource, scope: V2ReadScope): T;
}

export type V2Fields = Readonly<Record<string, V2Field<unknown>>>;

/** What a method's fields read, by parameter name. */
export type V2Values<F extends V2Fields> = {
  -readonly [K in keyof F]: F[K] extends V2Field<infer T> ? T : never;
};

type AbsentKeys<V> = { [K in keyof V]-?: undefined extends V[K] ? K : never }[keyof V];

/** The values with absent parameters left out (`{seqno?: number}`, not `{seqno: undefined}`). */
export type V2Present<V> = { [K in Exclude<keyof V, AbsentKeys<V>>]: V[K] } & {
  [K in AbsentKeys<V>]?: Exclude<V[K], undefined>;
};

export function v2Field<T>(schema: z.ZodType, read: V2Field<T>['read']): V2Field<T> {
  return { schema, read };
}

/** Reads every field in declaration order: the first bad parameter is the one reported. */
export function readFields<F extends V2Fields>(
  fields: F,
  raw: RawParams,
  source: ParamSource,
): V2Values<F> {
  const scope: V2ReadScope = new Map();
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    values[name] = field.read(raw, name, source, scope);
  }
  return values as V2Values<F>;
}

/** The values without the absent ones, as the services' requests leave optional keys out. */
export function presentValues<V extends Record<string, unknown>>(values: V): V2Present<V> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as V2Present<V>;
}
