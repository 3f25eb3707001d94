import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  accountStateOfHash,
  type AddressBook,
  type Metadata,
  STREAM_CONTRACTS,
  Subjects,
  type V3JettonWallet,
} from '@app/contracts';
import { toV3Transaction } from '../transactions/transaction.mapper';
import { entryAtFinality } from './entry-at-finality';
import { BLOCK_FINALITIES, type BlockFinality, type StreamEntry } from './stream-entry';
import {
  accountStateEntry,
  type BlockContext,
  jettonsEntry,
  pickAddressBook,
  pickMetadata,
  traceUpdateEntry,
} from './stream-payloads';
import { account, actionRow, bundle, hash, txRow } from './stream-rows.testing';
import { type TraceSnapshot, traceSnapshot } from './trace-snapshot';

const row = (n: number) => ({ user_friendly: `UQ${String(n)}`, domain: null, interfaces: [] });
const WALLET = account(7);
const OWNER = account(1);
const MASTER = account(9);
const BOOK: AddressBook = {
  [account(1)]: row(1),
  [account(2)]: row(2),
  [WALLET]: row(7),
  [MASTER]: row(9),
};
const METADATA: Metadata = {
  [WALLET]: {
    is_indexed: true,
    token_info: [{ type: 'jetton_wallets', valid: true, extra: { owner: OWNER, jetton: MASTER } }],
  },
  [MASTER]: { is_indexed: true, token_info: [{ type: 'jetton_masters', valid: true, name: 'J' }] },
};
const CTX: BlockContext = { mcSeqno: 5, emittedAt: 1_700, addressBook: BOOK, metadata: METADATA };

// The stream's jetton is the wallet without its mintless_info.
const JETTON = {
  address: WALLET,
  balance: '42',
  owner: OWNER,
  jetton: MASTER,
  last_transaction_lt: '100',
  code_hash: hash(61),
  data_hash: null,
};
const JETTON_WALLET: V3JettonWallet = {
  ...JETTON,
  mintless_info: { amount: '1', start_from: null, expire_at: null, custom_payload_api_uri: [] },
};

/** A two-transaction trace of block 5 with one action. */
function sampleSnapshot(): TraceSnapshot {
  const snapshot = traceSnapshot({
    traceId: hash(1),
    norm: hash(45),
    mcSeqno: 5,
    bundles: [
      bundle(txRow({ hash: hash(1), lt: '100', mc_block_seqno: 5 }), hash(40), null, [hash(41)]),
      bundle(
        txRow({ hash: hash(2), lt: '101', mc_block_seqno: 5, account: account(2) }),
        hash(41),
        account(1),
      ),
    ],
    actions: [
      actionRow({ action_id: hash(70), trace_mc_seqno_end: 5, ancestor_type: ['call_contract'] }),
    ],
    accounts: new Map(),
  });
  assert.ok(snapshot);
  return snapshot;
}

describe('stream payloads', () => {
  it('slices address_book and metadata as a direct build for those addresses would give them', () => {
    assert.deepEqual(pickAddressBook(BOOK, [account(2), account(3)]), { [account(2)]: row(2) });
    // A jetton wallet brings its master's entry along (MetadataBuilder adds masters of wallets).
    assert.deepEqual(pickMetadata(METADATA, [WALLET]), METADATA);
    assert.deepEqual(pickMetadata(METADATA, [OWNER, account(2)]), {});
  });

  it('renders a trace snapshot at each finality, on every transaction and action, with dedupe ids', () => {
    const snapshot = sampleSnapshot();
    const entries = BLOCK_FINALITIES.map((f) => traceUpdateEntry(snapshot, f, CTX));
    assert.deepEqual(
      entries.map((e) => [e.subject, e.msgId]),
      [
        [Subjects.stream.trace, `trace:${hash(45)}:confirmed:5`],
        [Subjects.stream.trace, `trace:${hash(45)}:finalized:5`],
      ],
    );
    const [confirmed] = entries;
    assert.ok(confirmed);
    assert.deepEqual(confirmed.payload, {
      trace_external_hash_norm: hash(45),
      finality: 'confirmed',
      trace: snapshot.tree,
      transactions: Object.fromEntries(
        snapshot.transactions.map((t) => [t.hash, { ...t, finality: 'confirmed' }]),
      ),
      actions: [
        {
          action: { ...snapshot.actions[0]?.action, finality: 'confirmed' },
          ancestor_types: ['call_contract'],
        },
      ],
      address_book: { [account(1)]: row(1), [account(2)]: row(2) },
      metadata: {},
      mc_seqno: 5,
      emitted_at: 1_700,
    });
    // The snapshot itself is left untouched (it is rendered again for `finalized`).
    assert.equal(snapshot.transactions[0]?.finality, 'finalized');
  });

  it('renders an account state change from the newest transaction’s state after it', () => {
    const tx = toV3Transaction(
      bundle(txRow({ hash: hash(1), lt: '100', account: WALLET }), hash(40), OWNER),
    );
    const entry = accountStateEntry(tx, 'finalized', CTX);
    assert.deepEqual(entry, {
      subject: Subjects.stream.accountState,
      msgId: `state:${WALLET}:100:finalized`,
      payload: {
        account: WALLET,
        finality: 'finalized',
        state: {
          hash: hash(98),
          balance: '5000',
          extra_currencies: {},
          account_status: 'active',
          frozen_hash: null,
          data_hash: hash(60),
          code_hash: hash(61),
        },
        last_transaction_lt: '100',
        mc_seqno: 5,
        emitted_at: 1_700,
      },
    });
  });

  it('gives a state without its row (not stored) null fields and a null status', () => {
    const b = bundle(txRow({ hash: hash(1), lt: '100' }), hash(40), null);
    const entry = accountStateEntry(toV3Transaction({ ...b, stateAfter: null }), 'confirmed', CTX);
    assert.deepEqual((entry.payload as { state: unknown }).state, accountStateOfHash(hash(98)));
  });

  it('renders a jetton wallet change with the books of wallet, owner and master', () => {
    assert.deepEqual(jettonsEntry(JETTON_WALLET, 'confirmed', CTX), {
      subject: Subjects.stream.jettons,
      msgId: `jetton:${WALLET}:100:confirmed`,
      payload: {
        finality: 'confirmed',
        jetton: JETTON,
        address_book: { [WALLET]: row(7), [OWNER]: row(1), [MASTER]: row(9) },
        // Owner and master only: the wallet's own token info is not toncenter's jettons_change metadata.
        metadata: { [MASTER]: METADATA[MASTER] },
        mc_seqno: 5,
        emitted_at: 1_700,
      },
    });
  });

  it('gives a checked entry at another finality exactly as the builder gives it at that finality', () => {
    const tx = toV3Transaction(
      bundle(txRow({ hash: hash(1), lt: '100', account: WALLET }), hash(40), OWNER),
    );
    const builders: ((finality: BlockFinality) => StreamEntry)[] = [
      (f) => traceUpdateEntry(sampleSnapshot(), f, CTX),
      (f) => accountStateEntry(tx, f, CTX),
      (f) => jettonsEntry(JETTON_WALLET, f, CTX),
    ];
    const checked = (entry: StreamEntry): StreamEntry => ({
      ...entry,
      payload: STREAM_CONTRACTS[entry.subject].parse(entry.payload),
    });
    for (const build of builders) {
      const [first, ...others] = BLOCK_FINALITIES;
      const base = checked(build(first));
      for (const finality of [first, ...others]) {
        const expected = checked(build(finality));
        const restamped = entryAtFinality(base, finality, CTX.mcSeqno);
        assert.equal(restamped.msgId, expected.msgId);
        // Byte for byte: the keys stay in the contract's order.
        assert.equal(JSON.stringify(restamped.payload), JSON.stringify(expected.payload));
      }
    }
    assert.throws(
      () =>
        entryAtFinality(
          { subject: Subjects.stream.traceInvalidated, payload: {}, msgId: 'x' },
          'finalized',
          5,
        ),
      /has no finality/,
    );
  });
});
