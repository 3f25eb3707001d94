import { type ValueTransformer } from 'typeorm';

/** Integers as pg prints them for bigint / numeric(p,0) columns: an optional minus and digits. */
const DECIMAL_INTEGER = /^-?\d+$/;

/**
 * Maps `bigint` / `numeric(40,0)` columns to TypeScript `bigint`. node-postgres returns
 * int8 and numeric as strings so that no precision is lost; we keep it that way on the wire to pg and
 * convert here, never through `number` (lt, coins and query_id exceed 2^53).
 */
export const bigintTransformer = {
  /** Entity → database. `undefined` stays `undefined` so TypeORM leaves the column out of an insert. */
  to(value: unknown): string | null | undefined {
    if (value === undefined || value === null) {
      return value;
    }
    if (typeof value === 'bigint') {
      return value.toString();
    }
    if (typeof value === 'number' && Number.isSafeInteger(value)) {
      return value.toString();
    }
    if (typeof value === 'string' && DECIMAL_INTEGER.test(value)) {
      return value;
    }
    throw new TypeError(`bigint column: cannot store ${describe(value)}`);
  },
  /** Database → entity. pg yields strings for int8/numeric; a number appears only for int4 casts. */
  from(value: unknown): bigint | null {
    if (value === null || value === undefined) {
      return null;
    }
    if (typeof value === 'bigint') {
      return value;
    }
    if (typeof value === 'string' && DECIMAL_INTEGER.test(value)) {
      return BigInt(value);
    }
    if (typeof value === 'number' && Number.isSafeInteger(value)) {
      return BigInt(value);
    }
    throw new TypeError(`bigint column: database returned ${describe(value)}`);
  },
} satisfies ValueTransformer;

function describe(value: unknown): string {
  if (typeof value === 'string') {
    return `the non-integer string ${JSON.stringify(value.slice(0, 40))}`;
  }
  if (typeof value === 'number') {
    return `the unsafe or fractional number ${String(value)}`;
  }
  return `a value of type ${typeof value}`;
}
