import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pendingTraceAddresses, pendingTraceUpdate } from './pending-stream.mapper';
import { account, hash, pendingTransfer } from './pending-trace.testing';

describe('pending stream mapper', () => {
  it('collects the trace’s accounts, message ends and action addresses once each', () => {
    const trace = pendingTransfer();
    trace.actions[0]!.action.details.asset = account(9);
    assert.deepEqual(pendingTraceAddresses(trace), [account(1), account(2), account(9)]);
  });

  // No mc_seqno (deepEqual is strict about absent keys): no block holds an emulated trace.
  it('renders a stored emulation as a pending trace update with actions, accounts and ancestor types', () => {
    const trace = pendingTransfer();
    const book = { [account(1)]: { user_friendly: 'UQ1', domain: null, interfaces: [] } };
    const sut = pendingTraceUpdate(trace, { addressBook: book, metadata: {} }, 2_000);
    assert.deepEqual(sut, {
      trace_external_hash_norm: hash(45),
      finality: 'pending',
      trace: trace.trace.trace,
      transactions: trace.trace.transactions,
      actions: [
        {
          action: { ...trace.actions[0]!.action, accounts: [account(1), account(2)] },
          ancestor_types: ['call_contract'],
        },
      ],
      address_book: book,
      metadata: {},
      emitted_at: 2_000,
    });
  });

  it('renders nothing for a stored trace without its tree', () => {
    const trace = pendingTransfer();
    delete trace.trace.trace;
    assert.equal(pendingTraceUpdate(trace, { addressBook: {}, metadata: {} }, 2_000), undefined);
  });
});
