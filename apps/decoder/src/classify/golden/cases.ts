/** Loading and running the expected-action cases (`indexer-traces/cases/*.yaml`). */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { ActionRow } from '@app/classify';
import { asActionModel } from './action-columns';
import { checkValue, nestedValue } from './compare';
import { evaluateSelector } from './selector';

export interface ExpectedAction {
  type: string;
  selector?: string;
  values: Record<string, unknown>;
}

export interface GoldenCase {
  file: string;
  name: string;
  traceId: string;
  expected: ExpectedAction[];
}

function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function loadCases(path: string, file: string): GoldenCase[] {
  const doc: unknown = parse(readFileSync(path, 'utf8'), { intAsBigInt: true });
  const cases = isMap(doc) && isMap(doc.cases) ? doc.cases : {};
  return Object.entries(cases).map(([name, c]) => {
    if (!isMap(c) || typeof c['trace-id'] !== 'string') {
      throw new Error(`${file}: case "${name}" has no trace-id`);
    }
    const expected = Array.isArray(c['expected-actions']) ? c['expected-actions'] : [];
    return {
      file,
      name,
      traceId: c['trace-id'],
      expected: expected.filter(isMap).map((e) => ({
        type: String(e.type),
        ...(typeof e.selector === 'string' ? { selector: e.selector } : {}),
        values: isMap(e.values) ? e.values : {},
      })),
    };
  });
}

/**
 * Checks the actions against a case: for each expectation exactly one action of its type (after the
 * selector, when given), whose named fields all match. Throws on the first mismatch.
 */
export function checkCase(c: GoldenCase, actions: readonly ActionRow[]): void {
  c.expected.forEach((e, i) => {
    let matching: ActionRow[] = actions.filter(
      (a) => a.type.toLowerCase() === e.type.toLowerCase(),
    );
    const selector = e.selector;
    if (selector !== undefined && matching.length > 0) {
      const picked = matching.find((a) => evaluateSelector(selector, asActionModel(a)));
      if (picked === undefined) {
        throw new Error(`expected[${i}] ${e.type}: no action matches ${e.selector}`);
      }
      matching = [picked];
    }
    if (matching.length !== 1) {
      const types = actions.map((a) => a.type).join(', ');
      throw new Error(
        `expected[${i}]: 1 action of type ${e.type}, found ${matching.length} (actions: ${types || 'none'})`,
      );
    }
    for (const [path, value] of Object.entries(e.values)) {
      checkValue(nestedValue(matching[0], path), value, `expected[${i}] ${e.type}: ${path}`);
    }
  });
}
