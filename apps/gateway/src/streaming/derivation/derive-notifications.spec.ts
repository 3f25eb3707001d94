import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type StreamTraceUpdate, Subjects } from '@app/contracts';
import { expandSupportedActionTypes } from '../../v3/action-types';
import {
  emptySubscription,
  type EventType,
  type Finality,
  type Subscription,
} from '../subscription/subscription';
import { type DerivationMemo, deriveNotifications } from './derive-notifications';
import { type ParsedStreamEntry, parseStreamEntry } from './stream-entry';
import {
  accountStateChange,
  action,
  addressOf,
  ALICE,
  BOB,
  CAROL,
  hashOf,
  jettonsChange,
  NORM,
  traceInvalidated,
  traceUpdate,
  transaction,
} from './stream-payloads.testing';
import { TraceTracker } from './trace-tracker';

function sub(fields: Partial<Omit<Subscription, 'types'>> & { types: EventType[] }): Subscription {
  return {
    ...emptySubscription(new Set(expandSupportedActionTypes(['latest']))),
    addresses: new Set([ALICE]),
    minFinality: 'pending',
    ...fields,
    types: new Set(fields.types),
  };
}

function entry(subject: string, payload: unknown, seq = 1): ParsedStreamEntry {
  const parsed = parseStreamEntry({
    seq,
    subject: subject as (typeof Subjects.stream)[keyof typeof Subjects.stream],
    payload: JSON.parse(JSON.stringify(payload)),
  });
  if (!parsed.ok) {
    assert.fail(parsed.error);
  }
  return parsed.entry;
}

function derive(
  e: ParsedStreamEntry,
  s: Subscription,
  tracker = new TraceTracker(100),
  memo?: DerivationMemo,
): unknown[] {
  return deriveNotifications(e, s, tracker, memo).map((n) => JSON.parse(n.json) as unknown);
}

/** Alice (lt 10) sends to Bob (lt 12, 11) and Carol; Bob's in-message is a jetton notification leaf. */
function trace(
  finality: Finality,
  finalities: [Finality, Finality, Finality] = [finality, finality, finality],
) {
  const a = transaction({
    label: 'a',
    account: ALICE,
    lt: '10',
    finality: finalities[0],
    inSource: null,
    outTo: [BOB, CAROL],
    traceExternalHash: hashOf('ext'),
  });
  const b = transaction({
    label: 'b',
    account: BOB,
    lt: '12',
    finality: finalities[1],
    inSource: ALICE,
    inOpcode: '0x7362d09c',
  });
  const c = transaction({
    label: 'c',
    account: CAROL,
    lt: '11',
    finality: finalities[2],
    inSource: ALICE,
  });
  const transfer = action({
    label: 'transfer',
    type: 'ton_transfer',
    accounts: [ALICE, CAROL],
    startLt: '10',
    endLt: '11',
    finality,
    details: { source: ALICE, destination: CAROL, value: '5' },
  });
  const jetton = action({
    label: 'jetton',
    type: 'jetton_transfer',
    accounts: [ALICE, BOB],
    startLt: '10',
    endLt: '12',
    finality,
    details: { sender: ALICE, receiver: BOB, asset: addressOf('master') },
  });
  const update: StreamTraceUpdate = traceUpdate({
    norm: NORM,
    finality,
    transactions: [a, b, c],
    actions: [transfer, jetton],
    addressBook: {
      [ALICE]: { user_friendly: 'alice', domain: null, interfaces: [] },
      [BOB]: { user_friendly: 'bob', domain: null, interfaces: [] },
      [CAROL]: { user_friendly: 'carol', domain: null, interfaces: [] },
    },
    metadata: { [BOB]: { is_indexed: true } },
  });
  return { a, b, c, transfer, jetton, update };
}

void describe('deriveNotifications (toncenter)', () => {
  void it('transactions: only subscribed accounts, lt descending, trace_external_hash removed', () => {
    const { a, b, update } = trace('confirmed');
    const { trace_external_hash: _, ...aWithout } = a;
    assert.deepEqual(
      derive(
        entry(Subjects.stream.trace, update),
        sub({ types: ['transactions'], addresses: new Set([ALICE, BOB]) }),
      ),
      [
        {
          type: 'transactions',
          finality: 'confirmed',
          trace_external_hash_norm: NORM,
          transactions: [b, aWithout],
        },
      ],
    );
  });

  void it('transactions: a pending snapshot shows pending ones; others take the least final', () => {
    const mixed = trace('confirmed', ['confirmed', 'pending', 'confirmed']);
    const [event] = derive(
      entry(Subjects.stream.trace, mixed.update),
      sub({ types: ['transactions'] }),
    );
    assert.equal((event as { finality: string }).finality, 'pending');
    const pending = trace('pending', ['pending', 'pending', 'confirmed']);
    assert.deepEqual(
      derive(
        entry(Subjects.stream.trace, pending.update),
        sub({ types: ['transactions'], addresses: new Set([CAROL]) }),
      ),
      [],
    );
  });

  void it('min_finality drops what is less final', () => {
    const { update } = trace('confirmed');
    assert.deepEqual(
      derive(
        entry(Subjects.stream.trace, update),
        sub({ types: ['transactions', 'actions'], minFinality: 'finalized' }),
      ),
      [],
    );
    const change = accountStateChange({ account: ALICE, finality: 'confirmed', balance: '1' });
    assert.equal(
      derive(
        entry(Subjects.stream.accountState, change),
        sub({ types: ['account_state_change'], minFinality: 'confirmed' }),
      ).length,
      1,
    );
  });

  void it('actions: by accounts, ordered end_lt desc; a notification leaf does not hold finality back', () => {
    const { transfer, jetton, update } = trace('confirmed', ['finalized', 'pending', 'finalized']);
    assert.deepEqual(derive(entry(Subjects.stream.trace, update), sub({ types: ['actions'] })), [
      {
        type: 'actions',
        // Bob's pending transaction is a transfer_notification leaf: ignored
        // (https://docs.ton.org/api/streaming/overview).
        finality: 'finalized',
        trace_external_hash_norm: NORM,
        actions: [jetton.action, transfer.action],
      },
    ]);
    assert.deepEqual(
      derive(
        entry(Subjects.stream.trace, update),
        sub({ types: ['actions'], addresses: new Set([CAROL]) }),
      ),
      [
        {
          type: 'actions',
          finality: 'finalized',
          trace_external_hash_norm: NORM,
          actions: [transfer.action],
        },
      ],
    );
  });

  void it('actions: action_types, supported types and ancestor types filter', () => {
    const { transfer, update } = trace('finalized');
    const filtered = sub({ types: ['actions'], actionTypes: new Set(['ton_transfer']) });
    assert.deepEqual(
      (derive(entry(Subjects.stream.trace, update), filtered)[0] as { actions: unknown[] }).actions,
      [transfer.action],
    );
    const newer = action({
      label: 'swap',
      type: 'jetton_swap',
      accounts: [ALICE],
      startLt: '1',
      endLt: '2',
      finality: 'finalized',
      ancestors: ['coffee_mev_protect_hold_funds'],
    });
    const withNewer = { ...update, actions: [newer] };
    const old = sub({
      types: ['actions'],
      supportedActionTypes: new Set(expandSupportedActionTypes(['v1'])),
    });
    assert.equal(derive(entry(Subjects.stream.trace, withNewer), old).length, 1);
    // A client that knows the newer type gets it instead of this down-level form.
    assert.deepEqual(
      derive(entry(Subjects.stream.trace, withNewer), sub({ types: ['actions'] })),
      [],
    );
    const unknownType = {
      ...update,
      actions: [{ ...newer, action: { ...newer.action, type: 'tgbtc_mint' }, ancestor_types: [] }],
    };
    assert.deepEqual(
      derive(entry(Subjects.stream.trace, unknownType), sub({ types: ['actions'] })),
      [],
    );
  });

  void it('trace: by hash, not by address; actions omitted when none pass', () => {
    const { jetton, transfer, update } = trace('finalized');
    const byHash = sub({
      types: ['trace'],
      addresses: new Set(),
      traceNorms: new Set([NORM]),
      includeAddressBook: true,
    });
    assert.deepEqual(derive(entry(Subjects.stream.trace, update), byHash), [
      {
        type: 'trace',
        finality: 'finalized',
        trace_external_hash_norm: NORM,
        trace: update.trace,
        transactions: update.transactions,
        actions: [jetton.action, transfer.action],
        address_book: {
          [ALICE]: update.address_book[ALICE],
          [BOB]: update.address_book[BOB],
          [CAROL]: update.address_book[CAROL],
        },
      },
    ]);
    const none = derive(entry(Subjects.stream.trace, update), {
      ...byHash,
      actionTypes: new Set(['nft_mint']),
    });
    assert.equal('actions' in (none[0] as object), false);
    assert.deepEqual(
      derive(entry(Subjects.stream.trace, update), {
        ...byHash,
        traceNorms: new Set([hashOf('other')]),
      }),
      [],
    );
  });

  void it("address_book and metadata: present only when asked, the notification's subset", () => {
    const { update } = trace('finalized');
    const asked = sub({
      types: ['transactions', 'actions'],
      addresses: new Set([CAROL]),
      includeAddressBook: true,
      includeMetadata: true,
    });
    const [txs, actions] = derive(entry(Subjects.stream.trace, update), asked) as Record<
      string,
      unknown
    >[];
    // Carol's transaction: its account and its in-message source (Alice).
    assert.deepEqual(Object.keys(txs?.address_book as object), [ALICE, CAROL].sort());
    assert.deepEqual(txs?.metadata, {});
    // The ton_transfer names Alice and Carol in its details.
    assert.deepEqual(Object.keys(actions?.address_book as object), [ALICE, CAROL].sort());
    const plain = derive(entry(Subjects.stream.trace, update), sub({ types: ['transactions'] }))[0];
    assert.equal('address_book' in (plain as object), false);
    assert.equal('metadata' in (plain as object), false);
  });

  void it('account_state_change and jettons_change match their addresses', () => {
    const change = accountStateChange({ account: ALICE, finality: 'finalized', balance: '42' });
    assert.deepEqual(
      derive(entry(Subjects.stream.accountState, change), sub({ types: ['account_state_change'] })),
      [
        {
          type: 'account_state_change',
          finality: 'finalized',
          account: ALICE,
          state: change.state,
        },
      ],
    );
    assert.deepEqual(
      derive(entry(Subjects.stream.accountState, change), sub({ types: ['jettons_change'] })),
      [],
    );
    const jettons = jettonsChange({
      wallet: addressOf('w'),
      owner: ALICE,
      master: addressOf('m'),
      finality: 'finalized',
      balance: '9',
    });
    const expected = { type: 'jettons_change', finality: 'finalized', jetton: jettons.jetton };
    assert.deepEqual(
      derive(entry(Subjects.stream.jettons, jettons), sub({ types: ['jettons_change'] })),
      [expected],
    );
    assert.deepEqual(
      derive(
        entry(Subjects.stream.jettons, jettons),
        sub({
          types: ['jettons_change'],
          addresses: new Set([addressOf('w')]),
          includeAddressBook: true,
        }),
      ),
      [{ ...expected, address_book: jettons.address_book }],
    );
    assert.deepEqual(
      derive(
        entry(Subjects.stream.jettons, jettons),
        sub({ types: ['jettons_change'], addresses: new Set([BOB]) }),
      ),
      [],
    );
  });

  void it('trace_invalidated: once, only after a non-finalized notification and before a finalized one', () => {
    const tracker = new TraceTracker(100);
    const s = sub({ types: ['transactions'] });
    const invalidated = entry(Subjects.stream.traceInvalidated, traceInvalidated(NORM));
    assert.deepEqual(derive(invalidated, s, tracker), []);
    derive(entry(Subjects.stream.trace, trace('pending').update), s, tracker);
    assert.deepEqual(derive(invalidated, s, tracker), [
      { type: 'trace_invalidated', trace_external_hash_norm: NORM },
    ]);
    assert.deepEqual(derive(invalidated, s, tracker), []);
    derive(entry(Subjects.stream.trace, trace('pending').update), s, tracker);
    derive(entry(Subjects.stream.trace, trace('finalized').update), s, tracker);
    assert.deepEqual(derive(invalidated, s, tracker), []);
    // A notification the client did not get (below its min_finality) does not count.
    derive(
      entry(Subjects.stream.trace, trace('pending').update),
      { ...s, minFinality: 'confirmed' },
      tracker,
    );
    assert.deepEqual(derive(invalidated, s, tracker), []);
  });

  void it('builds each distinct notification once per entry (memo shared by clients)', () => {
    const memo: DerivationMemo = new Map();
    const e = entry(Subjects.stream.trace, trace('finalized').update);
    const first = deriveNotifications(
      e,
      sub({ types: ['transactions'] }),
      new TraceTracker(1),
      memo,
    );
    const second = deriveNotifications(
      e,
      sub({ types: ['transactions'] }),
      new TraceTracker(1),
      memo,
    );
    assert.equal(memo.size, 1);
    assert.equal(first[0]?.json, second[0]?.json);
    deriveNotifications(
      e,
      sub({ types: ['transactions'], includeMetadata: true }),
      new TraceTracker(1),
      memo,
    );
    assert.equal(memo.size, 2);
  });
});
