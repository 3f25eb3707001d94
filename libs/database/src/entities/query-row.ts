import { type ColumnOptions, getMetadataArgsStorage } from 'typeorm';

/**
 * A property's column name: camelCase to snake_case (`txLt` → `tx_lt`), the rule every entity's
 * `name:` follows (query-row.spec checks it, and names the one table that does not).
 */
export type ColumnName<P extends string> = P extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${ColumnName<Tail>}`
  : P;

/**
 * A value as node-postgres hands a raw query's row over: int8 and numeric as decimal strings (no
 * type parser is installed: https://node-postgres.com/features/types), everything else as the entity
 * types it.
 */
export type WireValue<T> = T extends bigint ? string : T;

/** The row a raw `SELECT` of the properties `K` of entity `E` returns, under their column names. */
export type QueryRow<E, K extends keyof E & string> = {
  [P in K as ColumnName<P>]: WireValue<E[P]>;
};

/** Every column of entity `E` as a raw `SELECT *` returns it. */
export type EntityRow<E> = QueryRow<E, Extract<keyof E, string>>;

/** `entity` and the classes it extends, whose decorated columns TypeORM gives the entity too. */
function classChain(entity: abstract new () => unknown): ReadonlySet<unknown> {
  const chain = new Set<unknown>();
  for (let c: unknown = entity; c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    chain.add(c);
  }
  return chain;
}

/** The TypeORM column options of `entity`'s properties (inherited ones first), from its decorators. */
export function columnOptions(
  entity: abstract new () => unknown,
): ReadonlyMap<string, ColumnOptions> {
  const chain = classChain(entity);
  return new Map(
    getMetadataArgsStorage()
      .columns.filter((column) => chain.has(column.target))
      .map((column) => [column.propertyName, column.options]),
  );
}

/** The column names of `entity`'s properties, from its TypeORM decorators. */
export function entityColumns(entity: abstract new () => unknown): ReadonlyMap<string, string> {
  return new Map(
    [...columnOptions(entity)].map(([property, options]) => [property, options.name ?? property]),
  );
}

/**
 * The select list of `keys` of `entity` (`address, total_supply, …`), each column under its own name,
 * qualified by `alias` when given. With `QueryRow<E, K>` of the same keys it is the one statement of
 * what a query reads from the table: a key the entity lacks does not compile.
 */
export function selectList<E>(
  entity: abstract new () => E,
  keys: readonly (keyof E & string)[],
  alias?: string,
): string {
  const columns = entityColumns(entity);
  return keys
    .map((key) => {
      const column = columns.get(key);
      if (column === undefined) {
        throw new Error(`${entity.name}.${key} is not a column`);
      }
      return alias === undefined ? column : `${alias}.${column}`;
    })
    .join(', ');
}

/** The select list of every column of `entity` (the row `EntityRow<E>` types). */
export function selectAll(entity: abstract new () => unknown, alias?: string): string {
  return [...entityColumns(entity).values()]
    .map((column) => (alias === undefined ? column : `${alias}.${column}`))
    .join(', ');
}

/** Column types a JSON number would round: sent as JSON strings, as a raw query's rows carry them. */
const WIDE_NUMBERS: ReadonlySet<unknown> = new Set(['bigint', 'numeric']);

/**
 * A `json_build_object` of `keys` of `entity` (`json_build_object('address', address, 'balance',
 * balance::text, …)`), each under its column name, int8 and numeric as text: an element of a
 * `json_agg` of these is the row `QueryRow<E, K>` of the same keys.
 */
export function jsonObject<E>(
  entity: abstract new () => E,
  keys: readonly (keyof E & string)[],
): string {
  const options = columnOptions(entity);
  const fields = keys.map((key) => {
    const column = options.get(key);
    if (column === undefined) {
      throw new Error(`${entity.name}.${key} is not a column`);
    }
    const name = column.name ?? key;
    return `'${name}', ${name}${WIDE_NUMBERS.has(column.type) ? '::text' : ''}`;
  });
  return `json_build_object(${fields.join(', ')})`;
}

/** A row of a `LEFT JOIN`ed table: every column null when no row matched. */
export type LeftJoined<R> = { [K in keyof R]: R[K] | null };
