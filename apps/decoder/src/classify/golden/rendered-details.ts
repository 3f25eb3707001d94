/**
 * One action of a real trace (`indexer-traces/traces`), classified and rendered as v3 `details` both
 * ways it reaches the API: from the classifier's row (64-bit numbers as bigint; `decode:trace --api`)
 * and from the row the decoder stores (the `*_data` composites as jsonb with bigint as decimal
 * strings, value and amount as numeric text) that the query service reads back.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type ActionData,
  type ActionRenderRow,
  type ApiJson,
  renderActionDetails,
} from '@app/actions';
import { classifyTrace, defaultRegistry } from '@app/classify';
import { fixturePath } from '@app/testing';
import { actionInsertRow } from '../../pipeline/trace-input.mapper';
import { readTraceFile } from '../../trace-file';

export interface RenderedDetails {
  readonly classified: Record<string, ApiJson> | undefined;
  readonly stored: Record<string, ApiJson> | undefined;
}

/** The details of the one action of `type` in the trace `traceId`. */
export async function renderedDetails(traceId: string, type: string): Promise<RenderedDetails> {
  const trace = await readTraceFile(fixturePath('indexer-traces', 'traces', `${traceId}.lz4`));
  const found = classifyTrace(trace, defaultRegistry).actions.filter((a) => a.type === type);
  const action = found[0];
  assert.ok(action !== undefined && found.length === 1, `one ${type} in ${traceId}`);
  const row = actionInsertRow(action, trace.trace);
  const composites = JSON.parse(row.detailsJson) as Record<string, ActionData>;
  const stored: ActionRenderRow = {
    ...composites,
    source: row.source,
    source_secondary: row.sourceSecondary,
    destination: row.destination,
    destination_secondary: row.destinationSecondary,
    asset: row.asset,
    asset_secondary: row.assetSecondary,
    asset2: row.asset2,
    asset2_secondary: row.asset2Secondary,
    value: row.value === null ? null : row.value.toString(),
    amount: row.amount === null ? null : row.amount.toString(),
    opcode: row.opcode === null ? null : Number(row.opcode),
    value_extra_currencies: row.valueExtraCurrencies ?? {},
  };
  return {
    classified: renderActionDetails(type, action),
    stored: renderActionDetails(type, stored),
  };
}

export interface RenderedDetailsCase {
  readonly name: string;
  readonly traceId: string;
  readonly type: string;
  readonly details: Record<string, ApiJson>;
}

/** One test per case: both renderings equal the expected details exactly (keys in order). */
export function describeRenderedDetails(
  title: string,
  cases: readonly RenderedDetailsCase[],
): void {
  void describe(title, () => {
    for (const c of cases) {
      void it(`${c.type}: ${c.name}`, async () => {
        const { classified, stored } = await renderedDetails(c.traceId, c.type);
        assert.deepEqual(classified, c.details);
        assert.equal(JSON.stringify(classified), JSON.stringify(c.details), 'key order');
        assert.deepEqual(stored, c.details);
      });
    }
  });
}
