import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { account, actionRow, bundle, hash, txRow } from './stream-rows.testing';
import { traceSnapshot } from './trace-snapshot';

/**
 * A trace of three transactions: the external-rooted one in block 5, its child in block 5, a grandchild
 * committed in block 7; one action classified when the trace completed (block 7).
 */
const ROOT = bundle(txRow({ hash: hash(1), lt: '100', mc_block_seqno: 5 }), hash(40), null, [
  hash(41),
]);
const CHILD = bundle(
  txRow({ hash: hash(2), lt: '101', mc_block_seqno: 5, account: account(2) }),
  hash(41),
  account(1),
  [hash(42)],
);
const GRANDCHILD = bundle(
  txRow({ hash: hash(3), lt: '102', mc_block_seqno: 7, account: account(3) }),
  hash(42),
  account(2),
);
const ACTION = actionRow({
  action_id: hash(70),
  trace_mc_seqno_end: 7,
  tx_hashes: [hash(1), hash(2), hash(3)],
  destination: account(3),
  ancestor_type: ['call_contract'],
  details: { ton_transfer_data: { content: 'hi', encrypted: false } },
});

describe('traceSnapshot', () => {
  it('renders the trace as it stood after the block: later transactions and actions left out', () => {
    const sut = traceSnapshot({
      traceId: hash(1),
      norm: hash(45),
      mcSeqno: 5,
      bundles: [ROOT, CHILD, GRANDCHILD],
      actions: [ACTION],
      accounts: new Map([[`${hash(1)}:${hash(70)}`, [account(1), account(3)]]]),
    });
    assert.ok(sut);
    assert.deepEqual(
      sut.transactions.map((t) => [t.hash, t.finality, t.emulated]),
      [
        [hash(1), 'finalized', false],
        [hash(2), 'finalized', false],
      ],
    );
    // The child's out-message reached no transaction yet: children null, as ton-index-go's nil slice.
    assert.deepEqual(sut.tree, {
      tx_hash: hash(1),
      in_msg_hash: hash(40),
      children: [{ tx_hash: hash(2), in_msg_hash: hash(41), children: null }],
    });
    assert.deepEqual(sut.actions, []);
    // Transaction accounts, the external's (null) source skipped, out-message destinations.
    assert.deepEqual(sut.addresses, [account(1), account(2)]);
  });

  it('adds the actions once the trace is complete, with their accounts and ancestor types', () => {
    const sut = traceSnapshot({
      traceId: hash(1),
      norm: hash(45),
      mcSeqno: 7,
      bundles: [ROOT, CHILD, GRANDCHILD],
      actions: [ACTION],
      accounts: new Map([[`${hash(1)}:${hash(70)}`, [account(1), account(3)]]]),
    });
    assert.ok(sut);
    assert.equal(sut.transactions.length, 3);
    assert.deepEqual(sut.actions, [
      {
        action: {
          trace_id: hash(1),
          action_id: hash(70),
          start_lt: '100',
          end_lt: '200',
          start_utime: 1_795_000_000,
          end_utime: 1_795_000_000,
          trace_end_lt: '200',
          trace_end_utime: 1_795_000_000,
          trace_mc_seqno_end: 7,
          transactions: [hash(1), hash(2), hash(3)],
          success: true,
          type: 'ton_transfer',
          details: {
            source: account(1),
            destination: account(3),
            value: '1000',
            value_extra_currencies: {},
            comment: 'hi',
            encrypted: false,
          },
          finality: 'finalized',
          trace_external_hash: hash(40),
          accounts: [account(1), account(3)],
        },
        ancestorTypes: ['call_contract'],
      },
    ]);
    assert.deepEqual(sut.addresses, [account(1), account(2), account(3)]);
  });

  it('is undefined when no transaction of the trace is that old', () => {
    const sut = traceSnapshot({
      traceId: hash(1),
      norm: hash(45),
      mcSeqno: 4,
      bundles: [ROOT],
      actions: [],
      accounts: new Map(),
    });
    assert.equal(sut, undefined);
  });
});
