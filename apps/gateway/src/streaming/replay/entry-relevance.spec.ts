import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type StreamSubject, Subjects } from '@app/contracts';
import {
  accountStateChange,
  action,
  addressOf,
  ALICE,
  BOB,
  jettonsChange,
  NORM,
  traceInvalidated,
  traceUpdate,
  transaction,
} from '../derivation/stream-payloads.testing';
import { emptySubscription, type Subscription } from '../subscription/subscription';
import { mayConcern } from './entry-relevance';

function subscription(addresses: string[], norms: string[] = []): Subscription {
  return {
    ...emptySubscription(new Set()),
    addresses: new Set(addresses),
    traceNorms: new Set(norms),
  };
}

const entry = (subject: StreamSubject, payload: unknown) => ({ seq: 1, subject, payload });

void describe('mayConcern (replay pre-filter on raw payloads)', () => {
  const byBob = traceUpdate({
    norm: NORM,
    finality: 'finalized',
    transactions: [transaction({ label: 'b', account: BOB, lt: '1', finality: 'finalized' })],
    actions: [
      action({
        label: 'a',
        type: 'ton_transfer',
        accounts: [BOB, ALICE],
        startLt: '1',
        endLt: '1',
        finality: 'finalized',
      }),
    ],
  });

  void it('traces by transaction account, action account, subscribed or open hash', () => {
    const trace = entry(Subjects.stream.trace, byBob);
    assert.equal(mayConcern(trace, subscription([BOB]), new Set()), true);
    assert.equal(mayConcern(trace, subscription([ALICE]), new Set()), true);
    assert.equal(mayConcern(trace, subscription([addressOf('x')]), new Set()), false);
    assert.equal(mayConcern(trace, subscription([], [NORM]), new Set()), true);
    assert.equal(mayConcern(trace, subscription([]), new Set([NORM])), true);
  });

  void it('account states, jetton wallets and invalidations by their own keys', () => {
    const state = entry(
      Subjects.stream.accountState,
      accountStateChange({ account: ALICE, finality: 'finalized', balance: '1' }),
    );
    assert.equal(mayConcern(state, subscription([ALICE]), new Set()), true);
    assert.equal(mayConcern(state, subscription([BOB]), new Set()), false);
    const jettons = entry(
      Subjects.stream.jettons,
      jettonsChange({
        wallet: addressOf('w'),
        owner: BOB,
        master: addressOf('m'),
        finality: 'finalized',
        balance: '1',
      }),
    );
    assert.equal(mayConcern(jettons, subscription([BOB]), new Set()), true);
    assert.equal(mayConcern(jettons, subscription([addressOf('w')]), new Set()), true);
    assert.equal(mayConcern(jettons, subscription([ALICE]), new Set()), false);
    const invalidated = entry(Subjects.stream.traceInvalidated, traceInvalidated(NORM));
    assert.equal(mayConcern(invalidated, subscription([ALICE]), new Set([NORM])), true);
    assert.equal(mayConcern(invalidated, subscription([ALICE], [NORM]), new Set()), false);
    assert.equal(
      mayConcern(entry(Subjects.stream.trace, 'garbage'), subscription([ALICE]), new Set()),
      false,
    );
  });
});
