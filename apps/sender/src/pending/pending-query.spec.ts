import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type V3Action } from '@app/contracts';
import { pendingTransactionsAnswer, visibleActions } from './pending-query';
import { type PendingAction } from './pending-trace';

const H = Buffer.alloc(32, 1).toString('base64');

function action(type: string, ancestorType: string[]): PendingAction {
  const wire: V3Action = {
    trace_id: H,
    action_id: H,
    start_lt: '1',
    end_lt: '2',
    start_utime: 1,
    end_utime: 1,
    trace_end_lt: '2',
    trace_end_utime: 1,
    trace_mc_seqno_end: 1,
    transactions: [H],
    success: true,
    type,
    details: {},
    finality: 'pending',
  };
  return { action: wire, type, ancestorType, accounts: [] };
}

describe('pending query', () => {
  it('shows the highest-level actions a client understands (toncenter)', () => {
    const purchase = action('nft_purchase', []);
    const inner = action('nft_transfer', ['nft_purchase']);
    const sut = [purchase, inner];
    // A v3 client sees the purchase; a v1 client (no nft_purchase) the inner transfer.
    assert.deepEqual(visibleActions(sut, ['nft_purchase', 'nft_transfer']), [purchase]);
    assert.deepEqual(visibleActions(sut, ['nft_transfer']), [inner]);
  });

  it('answers an empty list, not a 404, when no pending trace matches', () => {
    assert.deepEqual(pendingTransactionsAnswer([], { account: [`0:${'A'.repeat(64)}`] }), {
      transactions: [],
    });
  });
});
