/**
 * Field-by-field comparison of an action with a case's expectation (toncenter `check_value`, ton-indexer
 * `indexer/tests/utils/generic_yaml_test.py`). Leaves compare with Python's `==`: strings exactly (an
 * address in another letter case is another value), integers by value, a missing top-level field as
 * None.
 */
import { evaluateSelector, isTemplate, looseEquals } from './selector';

function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Throws an Error naming the path of the first mismatch. */
export function checkValue(actual: unknown, expected: unknown, path: string): void {
  if (isTemplate(expected)) {
    if (!evaluateSelector(expected, actual)) {
      throw new Error(`${path}: condition ${expected} fails on ${show(actual)}`);
    }
    return;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (actual.length !== expected.length) {
      throw new Error(
        `${path}: ${actual.length} items, expected ${expected.length}: ${show(actual)} vs ${show(expected)}`,
      );
    }
    for (const e of expected) {
      const found = actual.some((a) => {
        try {
          checkValue(a, e, path);
          return true;
        } catch {
          // This action differs; another one may match.
          return false;
        }
      });
      if (!found) {
        throw new Error(`${path}: ${show(e)} not in ${show(actual)}`);
      }
    }
    return;
  }
  if (isMap(expected) && isMap(actual)) {
    for (const [k, e] of Object.entries(expected)) {
      const p = path ? `${path}.${k}` : k;
      if (!(k in actual)) {
        throw new Error(`${p}: missing (actual keys: ${Object.keys(actual).join(', ')})`);
      }
      checkValue(actual[k], e, p);
    }
    return;
  }
  if (!looseEquals(actual, expected)) {
    throw new Error(`${path}: ${show(actual)}, expected ${show(expected)}`);
  }
}

export function show(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x));
}

/** `a.b[2].c` path lookup on an action (toncenter `get_nested_value`). */
export function nestedValue(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const part of path.split('.')) {
    const m = /^(.+?)\[(\d+)\]$/.exec(part);
    const key = m?.[1] ?? part;
    cur = isMap(cur) ? cur[key] : undefined;
    if (m) {
      cur = Array.isArray(cur) ? cur[Number(m[2])] : undefined;
    }
    if (cur === undefined) {
      return null;
    }
  }
  return cur;
}
