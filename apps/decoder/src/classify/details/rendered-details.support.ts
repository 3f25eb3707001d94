/**
 * One action's v3 `details` both ways it reaches a client: rendered from the classifier's row (the
 * decoder's `decode:trace --api`, numbers as bigint) and from the row as stored (the query service:
 * `numeric` columns come back as text, the `*_data` composites as the jsonb the decoder wrote).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type ActionData,
  type ActionRenderRow,
  type ApiJson,
  renderActionDetails,
} from '@app/actions';
import {
  type ActionRow,
  type ClassifiableTrace,
  classifyTrace,
  defaultRegistry,
} from '@app/classify';
import { fixturePath } from '@app/testing';
import { actionInsertRow } from '../../pipeline/trace-input.mapper';
import { readTraceFile } from '../../trace-file';
import { loadCases } from '../golden/cases';

function storedRow(a: ActionRow, trace: ClassifiableTrace): ActionRenderRow {
  const r = actionInsertRow(a, trace.trace);
  const composites = JSON.parse(r.detailsJson) as Record<string, ActionData>;
  return {
    ...composites,
    source: r.source,
    source_secondary: r.sourceSecondary,
    destination: r.destination,
    destination_secondary: r.destinationSecondary,
    asset: r.asset,
    asset_secondary: r.assetSecondary,
    asset2: r.asset2,
    asset2_secondary: r.asset2Secondary,
    value: r.value === null ? null : r.value.toString(),
    amount: r.amount === null ? null : r.amount.toString(),
    opcode: r.opcode,
    value_extra_currencies: r.valueExtraCurrencies ?? {},
  };
}

/** The details of the one action of `type` in `trace`, equal from both sources (else it throws). */
export function renderedDetails(trace: ClassifiableTrace, type: string): Record<string, ApiJson> {
  const result = classifyTrace(trace, defaultRegistry);
  assert.equal(result.error, undefined);
  const found = result.actions.filter((a) => a.type === type);
  const [a, ...more] = found;
  assert.ok(
    a !== undefined && more.length === 0,
    `one ${type} in ${result.actions.map((x) => x.type).join(', ')}`,
  );
  const fresh = renderActionDetails(type, a);
  assert.ok(fresh !== undefined, `${type} has a renderer`);
  assert.deepEqual(renderActionDetails(type, storedRow(a, trace)), fresh);
  return fresh;
}

/** The real mainnet trace of a golden case (`indexer-traces/cases/<file>`), by the case's name. */
export async function goldenTrace(file: string, caseName: string): Promise<ClassifiableTrace> {
  const c = loadCases(fixturePath('indexer-traces', 'cases', file), file).find(
    (x) => x.name === caseName,
  );
  assert.ok(c, `${file} has a case "${caseName}"`);
  return readTraceFile(fixturePath('indexer-traces', 'traces', `${c.traceId}.lz4`));
}

/** Equal values and the same key order (ton-index-go prints a struct's fields in declaration order). */
export function assertDetails(
  actual: Record<string, ApiJson>,
  expected: Record<string, ApiJson>,
): void {
  assert.deepEqual(actual, expected);
  assert.equal(JSON.stringify(actual), JSON.stringify(expected));
}

/** One expectation: a golden case's name, the action type, its exact details. */
export type GoldenDetails = readonly [
  caseName: string,
  type: string,
  details: Record<string, ApiJson>,
];

/** A test per expectation, on the case's real trace from `indexer-traces/cases/<file>`. */
export function describeGoldenDetails(
  title: string,
  file: string,
  cases: readonly GoldenDetails[],
): void {
  void describe(title, () => {
    for (const [caseName, type, expected] of cases) {
      void it(`${caseName}: ${type}`, async () => {
        assertDetails(renderedDetails(await goldenTrace(file, caseName), type), expected);
      });
    }
  });
}
