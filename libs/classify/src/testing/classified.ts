/**
 * Classifying a synthetic trace in a unit test: the actions of a run that must not fail, and the one
 * action of a type. Not part of the library's barrel; only specs import it.
 */
import assert from 'node:assert/strict';
import type { ActionRow } from '../action';
import { classifyTrace } from '../core/pipeline';
import { defaultRegistry } from '../registry';
import type { ClassifiableTrace } from '../trace-model';

/** The actions of `t` with the default matchers; the run must report no error. */
export function classifyOk(t: ClassifiableTrace): ActionRow[] {
  const r = classifyTrace(t, defaultRegistry);
  assert.equal(r.error, undefined);
  return r.actions;
}

/** The only action of `type` among `actions` (fails when there is none or more than one). */
export function onlyAction(actions: ActionRow[], type: string): ActionRow {
  const found = actions.filter((a) => a.type === type);
  const first = found[0];
  assert.ok(
    first !== undefined && found.length === 1,
    `one ${type} in ${actions.map((a) => a.type).join(', ')}`,
  );
  return first;
}

/** Who an action is between and what it is about. */
type Parties = Partial<
  Pick<ActionRow, 'source' | 'source_secondary' | 'destination' | 'asset' | 'asset_secondary'>
>;

/** `action`'s parties are `expected` (only the fields given are compared). */
export function assertParties(action: ActionRow, expected: Parties): void {
  const actual: Parties = {};
  for (const key of Object.keys(expected) as (keyof Parties)[]) {
    actual[key] = action[key];
  }
  assert.deepEqual(actual, expected);
}

type TransferData = NonNullable<ActionRow['nft_transfer_data']>;

/** `action`'s nft_transfer_data holds `expected` (only the fields given are compared). */
export function assertTransferData(action: ActionRow, expected: Partial<TransferData>): void {
  const data = action.nft_transfer_data;
  assert.ok(data, `${action.type} has no nft_transfer_data`);
  const actual: Partial<Record<keyof TransferData, unknown>> = {};
  for (const key of Object.keys(expected)) {
    actual[key] = data[key];
  }
  assert.deepEqual(actual, expected);
}
