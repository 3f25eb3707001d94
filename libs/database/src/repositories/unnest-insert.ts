import { type EntityManager } from 'typeorm';

/** A column of a bulk insert: its name, the PostgreSQL array type its values travel as, and a cast. */
export interface BulkColumn<R> {
  readonly name: string;
  /** Element type of the array parameter, e.g. `text`, `bigint`, `integer`, `boolean`, `jsonb`. */
  readonly type: string;
  /** Optional cast applied to the unnested value, e.g. an enum type name. */
  readonly cast?: string;
  readonly value: (row: R) => string | number | boolean | null;
}

/**
 * One multi-row `INSERT … SELECT FROM unnest(…)`: one array parameter per column whatever the row count,
 * so there is no parameter limit and one round trip per table. Rows that already exist under the
 * conflict target are left as they are (`ON CONFLICT DO NOTHING` unless `onConflict` says otherwise):
 * a replayed block changes nothing.
 */
export async function insertUnnest<R>(
  manager: EntityManager,
  table: string,
  columns: readonly BulkColumn<R>[],
  rows: readonly R[],
  onConflict = 'ON CONFLICT DO NOTHING',
): Promise<void> {
  if (rows.length === 0) {
    return;
  }
  const { sql, params } = unnestInsert(table, columns, rows, onConflict);
  await manager.query(sql, params);
}

/**
 * The statement insertUnnest runs, with its array parameters numbered from `firstParam`: to be
 * composed with others into one statement (data-modifying CTEs), one round trip for several tables.
 */
export function unnestInsert<R>(
  table: string,
  columns: readonly BulkColumn<R>[],
  rows: readonly R[],
  onConflict = 'ON CONFLICT DO NOTHING',
  firstParam = 1,
): { sql: string; params: unknown[] } {
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  const arrays = columns.map((c, i) => `$${String(i + firstParam)}::${c.type}[]`).join(', ');
  const selected = columns
    .map((c, i) =>
      c.cast === undefined ? `u.c${String(i)}` : `u.c${String(i)}::${castType(c.cast)}`,
    )
    .join(', ');
  const aliases = columns.map((_, i) => `c${String(i)}`).join(', ');
  const params = columns.map((c) => rows.map((row) => c.value(row)));
  return {
    sql: `INSERT INTO "${table}" AS t (${names}) SELECT ${selected} FROM unnest(${arrays}) AS u(${aliases}) ${onConflict}`,
    params,
  };
}

/** A statement built with its parameters numbered from a given first one. */
export interface NumberedStatement {
  readonly sql: string;
  readonly params: unknown[];
}

/** Builds a statement whose first parameter is `$firstParam`: a part of a composed statement. */
export type StatementPart = (firstParam: number) => NumberedStatement;

/** insertUnnest's statement as a part of a composed one; undefined when there is nothing to insert. */
export function unnestPart<R>(
  table: string,
  columns: readonly BulkColumn<R>[],
  rows: readonly R[],
  onConflict = 'ON CONFLICT DO NOTHING',
): StatementPart | undefined {
  return rows.length === 0
    ? undefined
    : (firstParam) => unnestInsert(table, columns, rows, onConflict, firstParam);
}

/**
 * The parts as one statement: each but the last a data-modifying CTE, the last the main statement,
 * the parameters numbered on from part to part. PostgreSQL runs every part against the same
 * snapshot (https://www.postgresql.org/docs/current/queries-with.html#QUERIES-WITH-MODIFYING), so
 * the parts must not depend on each other's rows; undefined parts are left out. Null when none is
 * left.
 */
export function composeStatements(
  parts: readonly (StatementPart | undefined)[],
): NumberedStatement | null {
  const sqls: string[] = [];
  const params: unknown[] = [];
  for (const part of parts) {
    if (part !== undefined) {
      const built = part(params.length + 1);
      sqls.push(built.sql);
      params.push(...built.params);
    }
  }
  const main = sqls.pop();
  if (main === undefined) {
    return null;
  }
  const ctes = sqls.map((sql, i) => `w${String(i)} AS (${sql})`).join(', ');
  return { sql: ctes === '' ? main : `WITH ${ctes} ${main}`, params };
}

/** Runs the parts in one round trip (composeStatements); nothing when every part is undefined. */
export async function runComposed(
  manager: EntityManager,
  parts: readonly (StatementPart | undefined)[],
): Promise<void> {
  const statement = composeStatements(parts);
  if (statement !== null) {
    await manager.query(statement.sql, statement.params);
  }
}

/** An enum name is quoted as an identifier; an array type such as `text[]` is written as it is. */
function castType(cast: string): string {
  return /^\w+$/.test(cast) ? `"${cast}"` : cast;
}

/** bigint → its decimal string (pg parses it into bigint/numeric exactly); null stays null. */
export function dec(value: bigint | null): string | null {
  return value === null ? null : value.toString();
}

/** An object → JSON text for a jsonb column; null stays null. */
export function json(value: object | null): string | null {
  return value === null ? null : JSON.stringify(value);
}
