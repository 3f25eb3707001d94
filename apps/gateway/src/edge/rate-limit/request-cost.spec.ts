import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { requestCost } from './request-cost';

void describe('requestCost', () => {
  void it('counts each element of a JSON-RPC batch and everything else once', () => {
    assert.equal(requestCost([{ method: 'a' }, { method: 'b' }, { method: 'c' }]), 3);
    assert.equal(requestCost({ method: 'getMasterchainInfo' }), 1);
    assert.equal(requestCost([]), 1);
    assert.equal(requestCost(undefined), 1);
  });
});
