/**
 * Nominator pool stakes (toncenter `blocks/staking.py`, NominatorPool*Matcher) on traces shaped as the
 * pool answers (https://github.com/ton-blockchain/nominator-pool `func/pool.fc`): "d" and "w" text
 * comments from a nominator's basechain wallet, payouts sent without a body, the rest of a request's
 * value returned as a second bodiless message, and the validator's process_withdraw_requests (op 2).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beginCell } from '@ton/core';
import type { ActionRow } from '../action';
import { classifyTrace } from '../core/pipeline';
import { defaultRegistry } from '../registry';
import {
  commentBody,
  syntheticTrace,
  testAddress,
  type Hop,
  walletSends,
} from '../testing/synthetic-trace';
import type { AccountInterfaces } from '../trace-model';

const NOMINATOR = testAddress(0, 'a');
const OTHER_NOMINATOR = testAddress(0, 'b');
const VALIDATOR = testAddress(-1, 'c');
const POOL = testAddress(-1, 'd');
const TON = 1_000_000_000n;
const POOL_INTERFACES: Record<string, AccountInterfaces> = {
  [POOL]: { nominator_pool: { address: POOL } },
};

function classify(root: Hop, interfaces = POOL_INTERFACES): ActionRow[] {
  const r = classifyTrace(syntheticTrace(root, interfaces), defaultRegistry);
  assert.equal(r.error, undefined);
  return r.actions;
}

function only(actions: ActionRow[], type: string): ActionRow {
  const found = actions.filter((a) => a.type === type);
  assert.equal(found.length, 1, `one ${type} in ${actions.map((a) => a.type).join(', ')}`);
  return found[0]!;
}

/** An external to the nominator's wallet, which sends `hop` to the pool. */
function fromNominator(hop: Omit<Hop, 'from' | 'to'>): Hop {
  return { from: null, to: NOMINATOR, children: [{ ...hop, from: NOMINATOR, to: POOL }] };
}

void describe('nominator pool (staking.py)', () => {
  void it('"d" to a pool is a stake_deposit of the whole value, provider nominator', () => {
    const actions = classify(fromNominator({ body: commentBody('d'), value: 10_001n * TON }));
    const a = only(actions, 'stake_deposit');
    assert.equal(a.source, NOMINATOR);
    assert.equal(a.destination, POOL);
    assert.equal(a.amount, 10_001n * TON);
    assert.deepEqual(a.staking_data, { provider: 'nominator' });
    assert.equal(a.success, true);
    assert.equal(
      actions.some((x) => x.type === 'ton_transfer'),
      false,
    );
  });

  void it('"d" to an account that is not a pool stays a ton_transfer', () => {
    const actions = classify(fromNominator({ body: commentBody('d'), value: 5n * TON }), {});
    assert.equal(
      actions.some((a) => a.type === 'stake_deposit'),
      false,
    );
    assert.equal(only(actions, 'ton_transfer').ton_transfer_data?.content, 'd');
  });

  void it('"d" after a byte order mark is no deposit: the comment keeps U+FEFF', () => {
    // toncenter's TonTransferBlock decodes a comment with bytes.decode('utf-8', 'backslashreplace'),
    // which keeps a leading BOM, so the comment is not 'd' and no nominator matcher takes it
    const bom = Buffer.from([0xef, 0xbb, 0xbf, 0x64]);
    const body = beginCell().storeUint(0, 32).storeBuffer(bom).endCell();
    const actions = classify(fromNominator({ body, value: 5n * TON }));
    assert.equal(
      actions.some((a) => a.type === 'stake_deposit'),
      false,
    );
    assert.equal(only(actions, 'ton_transfer').ton_transfer_data?.content, '\ufeffd');
  });

  void it('a failed "d" (the pool threw, the deposit bounced back) is a failed stake_deposit', () => {
    const actions = classify(
      fromNominator({
        body: commentBody('d'),
        value: 3n * TON,
        bounce: true,
        aborted: true,
        children: [
          {
            from: POOL,
            to: NOMINATOR,
            body: beginCell()
              .storeUint(0xffffffff, 32)
              .storeUint(0, 32)
              .storeUint(0x64, 8)
              .endCell(),
            value: 2n * TON,
          },
        ],
      }),
    );
    const a = only(actions, 'stake_deposit');
    assert.equal(a.success, false);
    assert.equal(a.amount, 3n * TON);
    // the bounce is merged into the deposit, not an action of its own
    assert.equal(
      actions.some((x) => x.type === 'call_contract'),
      false,
    );
  });

  void it('"w" the pool only queues (its answer is the rest of the request) is a stake_withdrawal_request', () => {
    const actions = classify(
      fromNominator({
        body: commentBody('w'),
        value: TON,
        children: [{ from: POOL, to: NOMINATOR, value: 900_000_000n }],
      }),
    );
    const a = only(actions, 'stake_withdrawal_request');
    assert.equal(a.source, NOMINATOR);
    assert.equal(a.destination, POOL);
    assert.equal(a.amount, null);
    assert.deepEqual(a.staking_data, { provider: 'nominator' });
    assert.equal(
      actions.some((x) => x.type === 'ton_transfer' || x.type === 'stake_withdrawal'),
      false,
    );
  });

  void it('"w" paid at once (payout, then the rest of the request) is a stake_withdrawal of the payout', () => {
    const actions = classify(
      fromNominator({
        body: commentBody('w'),
        value: TON,
        children: [
          { from: POOL, to: NOMINATOR, value: 10_050n * TON },
          { from: POOL, to: NOMINATOR, value: 900_000_000n },
        ],
      }),
    );
    const a = only(actions, 'stake_withdrawal');
    assert.equal(a.amount, 10_050n * TON);
    assert.equal(a.source, NOMINATOR);
    assert.equal(a.destination, POOL);
    assert.equal(
      actions.some((x) => x.type === 'ton_transfer' || x.type === 'stake_withdrawal_request'),
      false,
    );
  });

  void it('"w" answered by one transfer worth more than the request is paid at once', () => {
    const actions = classify(
      fromNominator({
        body: commentBody('w'),
        value: TON,
        children: [{ from: POOL, to: NOMINATOR, value: 20n * TON }],
      }),
    );
    assert.equal(only(actions, 'stake_withdrawal').amount, 20n * TON);
  });

  void it('process_withdraw_requests (op 2): each payout is a stake_withdrawal of its nominator', () => {
    const actions = classify(
      walletSends(VALIDATOR, {
        to: POOL,
        body: beginCell().storeUint(2, 32).storeUint(1, 64).storeUint(10, 8).endCell(),
        children: [
          { from: POOL, to: NOMINATOR, value: 7n * TON },
          { from: POOL, to: OTHER_NOMINATOR, value: 11n * TON },
        ],
      }),
    );
    const withdrawals = actions.filter((a) => a.type === 'stake_withdrawal');
    assert.deepEqual(
      withdrawals.map((a) => [a.source, a.destination, a.amount]).sort(),
      [
        [NOMINATOR, POOL, 7n * TON],
        [OTHER_NOMINATOR, POOL, 11n * TON],
      ].sort(),
    );
    // the validator's call itself stays a call_contract
    assert.equal(only(actions, 'call_contract').opcode, 2);
  });
});
