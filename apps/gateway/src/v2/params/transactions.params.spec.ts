import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TonApiError } from '@app/contracts';
import { boundedCount, locateAddress } from './transactions.params';

const HASH_HEX = 'ab'.repeat(32);

function rejects(fn: () => unknown, message: string): void {
  assert.throws(fn, (error: unknown) => {
    assert.ok(error instanceof TonApiError);
    assert.equal(error.message, message);
    return true;
  });
}

describe('transactions.params', () => {
  it('boundedCount: default, bounds and 2.1 wording', () => {
    const limits = { value: 10, max: 1000 };
    assert.equal(boundedCount({}, 'limit', 'get', limits), 10);
    assert.equal(boundedCount({ limit: '1000' }, 'limit', 'get', limits), 1000);
    rejects(
      () => boundedCount({ limit: 0 }, 'limit', 'post', limits),
      'failed to validate request: limit should be positive',
    );
    rejects(
      () => boundedCount({ limit: 1001 }, 'limit', 'post', limits),
      'failed to validate request: limit should be less or equal 1000',
    );
    rejects(
      () => boundedCount({ limit: '1.5' }, 'limit', 'post', limits),
      'failed to parse post request: failed to parse limit',
    );
  });

  it('locateAddress: 2.1 `empty source address`, raw output for any accepted form', () => {
    rejects(
      () => locateAddress({}, 'source', 'get'),
      'failed to validate request: empty source address',
    );
    assert.equal(
      locateAddress({ destination: `0:${HASH_HEX.toUpperCase()}` }, 'destination', 'get'),
      `0:${HASH_HEX}`,
    );
  });
});
