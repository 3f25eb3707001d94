import { type BulkColumn } from '../repositories/unnest-insert';
import { columnOptions } from './query-row';

type Wire = string | number | boolean | null;

/** How a column's values travel in an unnest insert: the array's element type, a cast, an encoding. */
interface Transport {
  readonly type: string;
  readonly cast?: string;
  readonly encode: (value: unknown) => Wire;
}

const asIs = (value: unknown): Wire =>
  value === undefined ? null : typeof value === 'bigint' ? value.toString() : (value as Wire);

/** int8 and numeric as decimal text: PostgreSQL parses it exactly, where a JS number would round. */
const decimal = (value: unknown): Wire =>
  typeof value === 'bigint' ? value.toString() : (value as Wire);

const jsonText = (value: unknown): Wire =>
  value === null || value === undefined ? null : JSON.stringify(value);

/**
 * An array as one PostgreSQL array literal (https://www.postgresql.org/docs/current/arrays.html#ARRAYS-IO):
 * an unnest of a two-dimensional array would flatten it, so each row's array travels as text.
 */
export const arrayLiteral = (value: unknown): Wire =>
  Array.isArray(value)
    ? `{${value.map((v) => `"${String(v).replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`
    : null;

const BY_TYPE: Readonly<Record<string, Transport>> = {
  char: { type: 'text', encode: asIs },
  varchar: { type: 'text', encode: asIs },
  text: { type: 'text', encode: asIs },
  integer: { type: 'integer', encode: asIs },
  smallint: { type: 'smallint', encode: asIs },
  boolean: { type: 'boolean', encode: asIs },
  bigint: { type: 'bigint', encode: decimal },
  numeric: { type: 'numeric', encode: decimal },
  'double precision': { type: 'float8', encode: asIs },
  jsonb: { type: 'jsonb', encode: jsonText },
  timestamptz: {
    type: 'timestamptz',
    encode: (value) => (value instanceof Date ? value.toISOString() : asIs(value)),
  },
};

interface ColumnOptionsSeen {
  readonly name?: string;
  readonly type?: unknown;
  readonly array?: boolean;
  readonly enumName?: string;
}

function transportOf(entity: string, property: string, options: ColumnOptionsSeen): Transport {
  if (options.array === true) {
    return { type: 'text', cast: 'text[]', encode: arrayLiteral };
  }
  if (options.type === 'enum' && options.enumName !== undefined) {
    return { type: 'text', cast: options.enumName, encode: asIs };
  }
  const transport = typeof options.type === 'string' ? BY_TYPE[options.type] : undefined;
  if (transport === undefined) {
    throw new Error(`${entity}.${property}: no bulk transport for ${String(options.type)}`);
  }
  return transport;
}

/**
 * A value written to a column the entity types `T`: an int8 or numeric also from a JS integer, an
 * array also from a readonly one.
 */
export type Writable<T> = T extends bigint
  ? bigint | number
  : T extends (infer U)[]
    ? readonly U[]
    : T;

/** For each property written, how a row `R` gives its value, typed as the entity types it. */
export type ColumnValues<E, R> = { readonly [K in keyof E]?: (row: R) => Writable<E[K]> };

/**
 * The columns of an unnest insert into `entity`'s table, in the order `values` lists them: each
 * column's name, array type, cast and encoding come from the entity's decorators, so the writer says
 * only which property takes which value.
 */
export function bulkColumns<E, R>(
  entity: abstract new () => E,
  values: ColumnValues<E, R>,
): BulkColumn<R>[] {
  return columnsReading(entity, Object.entries(values) as [string, (row: R) => unknown][]);
}

function columnsReading<R>(
  entity: abstract new () => unknown,
  reads: readonly (readonly [string, (row: R) => unknown])[],
): BulkColumn<R>[] {
  const columns: ReadonlyMap<string, ColumnOptionsSeen> = columnOptions(entity);
  return reads.map(([property, read]) => {
    const options = columns.get(property);
    if (options === undefined) {
      throw new Error(`${entity.name}.${property} is not a column`);
    }
    const { type, cast, encode } = transportOf(entity.name, property, options);
    return {
      name: options.name ?? property,
      type,
      ...(cast === undefined ? {} : { cast }),
      value: (row: R) => encode(read(row)),
    };
  });
}

/** A row written to the properties `K` of entity `E`: the entity's own names and types. */
export type WriteRow<E, K extends keyof E> = { readonly [P in K]: Writable<E[P]> };

/**
 * The columns of an unnest insert whose rows are the entity's own shape (`WriteRow<E, K>`): each
 * property in `keys` goes to its column unchanged.
 */
export function ownColumns<E, K extends keyof E & string>(
  entity: abstract new () => E,
  keys: readonly K[],
): BulkColumn<WriteRow<E, K>>[] {
  return columnsReading(
    entity,
    keys.map((key) => [key, (row: WriteRow<E, K>) => row[key]] as const),
  );
}
