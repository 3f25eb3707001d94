import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emptyAction } from './action';
import { withTonaddrColumns } from './tonaddr-text';

const LOWER = '0:' + 'ab'.repeat(32);
const MASTER_LOWER = '-1:' + 'cd'.repeat(32);

describe(withTonaddrColumns.name, () => {
  it('writes raw addresses upper-case, keeps other words, and lists each account once', () => {
    const row = {
      ...emptyAction({ trace_id: 't', action_id: 'a', type: 'evaa_liquidate' }),
      source: LOWER,
      destination: 'addr_none',
      asset: '123',
      asset2: MASTER_LOWER,
      accounts: [LOWER, LOWER.toUpperCase(), 'addr_none'],
    };
    const stored = withTonaddrColumns(row);
    assert.deepEqual(
      [stored.source, stored.destination, stored.asset, stored.asset2, stored.accounts],
      [
        LOWER.toUpperCase(),
        'addr_none',
        '123',
        MASTER_LOWER.toUpperCase(),
        [LOWER.toUpperCase(), 'addr_none'],
      ],
    );
    assert.equal(row.source, LOWER, 'the classified row itself is left as it was');
  });
});
