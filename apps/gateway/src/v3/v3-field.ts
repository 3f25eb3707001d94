import { z } from 'zod';
import { invalid, type V3Params } from './v3-params';

/**
 * Per-request state the fields of one request share: the parts of one message draw on one cell
 * budget (estimateFee's body, init_code and init_data). Keys are the sharing fields' own symbols.
 */
export type V3ReadScope = Map<symbol, unknown>;

/**
 * One /api/v3 parameter, declared once: `schema` is what clients send (it generates the OpenAPI
 * document, is checked before the endpoint runs and carries the integer kind the hostile sweeps
 * take), `read` converts the value into what the query service takes, with toncenter's wording for
 * a bad or missing one (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go).
 */
export interface V3Field<T> {
  readonly schema: z.ZodType;
  read(params: V3Params, name: string, scope: V3ReadScope): T;
  /**
   * A required field's text for its absence (read as undefined), checked once every field is read:
   * toncenter decodes the whole request before its handler asks for what is required.
   */
  readonly missing?: string;
}

/** A field that must be given: absent, it is the 422 with toncenter's `missing` text. */
export type V3RequiredField<T> = V3Field<T | undefined> & { readonly missing: string };

export type V3Fields = Readonly<Record<string, V3Field<unknown>>>;

/** What an endpoint's fields read, by parameter name (a required one never undefined). */
export type V3Values<F extends V3Fields> = {
  readonly [K in keyof F]: F[K] extends V3RequiredField<infer T>
    ? Exclude<T, undefined>
    : F[K] extends V3Field<infer T>
      ? T
      : never;
};

export function v3Field<T>(schema: z.ZodType, read: V3Field<T>['read']): V3Field<T> {
  return { schema, read };
}

export function v3RequiredField<T>(
  schema: z.ZodType,
  read: V3Field<T | undefined>['read'],
  missing: string,
): V3RequiredField<T> {
  return { schema, read, missing };
}

/** The schema of a request: each field's, under its name, in declaration order. */
export function fieldsSchema(fields: V3Fields): z.ZodObject {
  return z.object(
    Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.schema])),
  );
}

/**
 * Reads every field in declaration order (the first bad parameter is the one reported), then asks for
 * the required ones in the same order.
 */
export function readV3Fields<F extends V3Fields>(fields: F, params: V3Params): V3Values<F> {
  const scope: V3ReadScope = new Map();
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    values[name] = field.read(params, name, scope);
  }
  for (const [name, field] of Object.entries(fields)) {
    if (field.missing !== undefined && values[name] === undefined) {
      throw invalid(name, field.missing);
    }
  }
  return values as V3Values<F>;
}

/** The value the fields of one request share under `key`, made on first use. */
export function shared<T>(scope: V3ReadScope, key: symbol, make: () => T): T {
  if (!scope.has(key)) {
    scope.set(key, make());
  }
  return scope.get(key) as T;
}
