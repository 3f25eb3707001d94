import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type LandedRoot, rootDiverges } from './pending-divergence';
import { pendingTransfer } from './pending-trace.testing';

function landed(computeSuccess: boolean | null, aborted: boolean, outMessages: number): LandedRoot {
  return {
    tx: { compute_success: computeSuccess, aborted },
    outMsgs: Array.from({ length: outMessages }, (_, i) => i),
  };
}

describe(rootDiverges.name, () => {
  it('holds to the prediction when the root did what was emulated', () => {
    assert.equal(rootDiverges(pendingTransfer(), landed(true, false, 1)), false);
  });

  it('diverges on a different out-message count (an action phase that failed: no transfer)', () => {
    assert.equal(rootDiverges(pendingTransfer(), landed(true, true, 0)), true);
  });

  it('diverges on a failed compute phase where success was predicted, and the reverse', () => {
    assert.equal(rootDiverges(pendingTransfer(), landed(false, true, 1)), true);
    assert.equal(rootDiverges(pendingTransfer(false), landed(true, false, 0)), true);
  });

  it('cannot compare a prediction without its root transaction', () => {
    const trace = pendingTransfer();
    trace.trace.transactions = {};
    assert.equal(rootDiverges(trace, landed(true, false, 1)), undefined);
  });
});
