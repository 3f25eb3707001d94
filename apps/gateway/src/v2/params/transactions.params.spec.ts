import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TonApiError } from '@app/contracts';
import { blockCursor, boundedCount, locateAddress, startPoint } from './transactions.params';

const HASH_HEX = 'ab'.repeat(32);
const HASH_B64 = Buffer.from(HASH_HEX, 'hex').toString('base64');

function rejects(fn: () => unknown, message: string): void {
  assert.throws(fn, (error: unknown) => {
    assert.ok(error instanceof TonApiError);
    assert.equal(error.message, message);
    return true;
  });
}

describe('transactions.params', () => {
  it('startPoint: lt and hash together, lt=0 counts as absent, hash as hex or base64url', () => {
    assert.deepEqual(startPoint({ lt: '10', hash: HASH_HEX }, 'get', true), {
      lt: '10',
      hash: HASH_B64,
    });
    assert.deepEqual(
      startPoint(
        { lt: 10, hash: Buffer.from(HASH_HEX, 'hex').toString('base64url') },
        'post',
        true,
      ),
      { lt: '10', hash: HASH_B64 },
    );
    assert.equal(startPoint({}, 'get', true), undefined);
    assert.equal(startPoint({ lt: '0' }, 'get', true), undefined);
    rejects(
      () => startPoint({ lt: '0', hash: HASH_HEX }, 'get', true),
      'failed to validate request: lt and hash should be used together',
    );
    rejects(
      () => startPoint({ lt: '5' }, 'get', true),
      'failed to validate request: lt and hash should be used together',
    );
    rejects(
      () => startPoint({ lt: '-5', hash: HASH_HEX }, 'get', true),
      'failed to validate request: lt should be non-negative',
    );
  });

  it('startPoint for getTransactionsStd: lt=0 is a given lt, so it needs a hash', () => {
    rejects(
      () => startPoint({ lt: '0' }, 'get', false),
      'failed to validate request: lt and hash should be used together',
    );
    assert.deepEqual(startPoint({ lt: 0, hash: HASH_HEX }, 'post', false), {
      lt: '0',
      hash: HASH_B64,
    });
  });

  it('reads lt past 2^53 exactly and refuses it past int64', () => {
    assert.deepEqual(startPoint({ lt: '9223372036854775807', hash: HASH_HEX }, 'get', true), {
      lt: '9223372036854775807',
      hash: HASH_B64,
    });
    rejects(
      () => startPoint({ lt: '9223372036854775808', hash: HASH_HEX }, 'get', true),
      'failed to parse get request: failed to parse lt',
    );
  });

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

  it('blockCursor: after_hash as a hash or any address form (its account id)', () => {
    const raw = `0:${HASH_HEX}`;
    assert.deepEqual(blockCursor({ after_lt: '7', after_hash: raw }, 'get'), {
      after_lt: '7',
      after_hash: HASH_B64,
    });
    assert.deepEqual(blockCursor({ after_lt: 7, after_hash: HASH_HEX }, 'post'), {
      after_lt: '7',
      after_hash: HASH_B64,
    });
    rejects(
      () => blockCursor({ after_hash: HASH_HEX }, 'get'),
      'failed to validate request: after_lt and after_hash should be used together',
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
