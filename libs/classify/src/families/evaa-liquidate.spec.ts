/**
 * EVAA liquidations (toncenter `blocks/evaa.py` EvaaLiquidateBlockMatcher) on synthetic traces with
 * real bodies (testing/evaa-liquidation.ts), and their v3 details as ton-index-go renders them
 * (`ActionDetailsEvaaLiquidate`: `collateral` is the asset column, the decimal asset id; `asset` the
 * jetton master of a known EVAA asset id, null for TON; `is_known_asset` always present). No mainnet
 * liquidation trace is among the fixtures. The row's accounts are written as toncenter's filler writes
 * them, `str(AccountId)`: lower-case raw, `addr_none` for none; toncenter's `actions` columns are of
 * pgton's `tonaddr` type, which stores them as upper-case raw (the decoder's row mapper does the same).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beginCell } from '@ton/core';
import { renderActionDetails } from '@app/actions';
import type { ActionRow } from '../action';
import { classifyOk, onlyAction as only } from '../testing/classified';
import {
  BORROWER,
  INTERFACES,
  internalTransfer,
  jettonTransfer,
  LIQUIDATOR,
  LIQUIDATOR_USDT,
  liquidateFail,
  liquidateMaster,
  liquidateSuccess,
  liquidateUnsatisfied,
  MASTER,
  MASTER_USDT,
  notification,
  satisfiedLiquidation,
  successReport,
  TON_ID,
  tonLiquidation,
  toUserContract,
  USDT_ID,
  USER_CONTRACT,
} from '../testing/evaa-liquidation';
import { commentBody, syntheticTrace, type Hop, walletSends } from '../testing/synthetic-trace';

/** USDT's mainnet jetton master: the asset of the USDT transfers among the real fixture traces. */
const USDT_MASTER = '0:B113A994B5024A16719F69139328EB759596C38A25F59028B146FECDC3621DFE';

function classify(root: Hop): ActionRow[] {
  return classifyOk(syntheticTrace(root, INTERFACES));
}

/**
 * The liquidation is the only top-level action; every message it took is serialised under it (a
 * non-v1 type's children are, with its type as their ancestor).
 */
function assertOneTopLevelLiquidation(actions: ActionRow[]): void {
  const top = actions.filter((a) => a.parent_action_id === null);
  assert.deepEqual(
    top.map((a) => a.type),
    ['evaa_liquidate'],
  );
  for (const a of actions.filter((x) => x.parent_action_id !== null)) {
    assert.equal(a.parent_action_id, top[0]!.action_id);
    assert.deepEqual(a.ancestor_type, ['evaa_liquidate']);
  }
}

void describe('EVAA liquidation (evaa.py EvaaLiquidateBlockMatcher)', () => {
  void it('satisfied, with liquidate_success and the success report: a successful evaa_liquidate of the reward', () => {
    const actions = classify(
      satisfiedLiquidation([
        {
          from: MASTER,
          to: USER_CONTRACT,
          body: liquidateSuccess(),
          children: [{ from: USER_CONTRACT, to: BORROWER, body: commentBody('EVAA liquidation.') }],
        },
        { from: MASTER, to: LIQUIDATOR, body: successReport(430n) },
      ]),
    );
    assertOneTopLevelLiquidation(actions);
    const a = only(actions, 'evaa_liquidate');
    assert.equal(a.source, LIQUIDATOR.toLowerCase());
    assert.equal(a.destination, BORROWER.toLowerCase());
    assert.equal(a.destination_secondary, USER_CONTRACT.toLowerCase());
    assert.equal(a.asset, USDT_ID.toString());
    assert.equal(a.amount, 430n);
    assert.equal(a.success, true);
    assert.deepEqual(a.evaa_liquidate_data, {
      asset_id: `0x${USDT_ID.toString(16)}`,
      fail_reason: null,
      debt_amount: 950n,
    });
    assert.deepEqual(renderActionDetails(a.type, a), {
      fail_reason: null,
      debt_amount: '950',
      source: LIQUIDATOR.toLowerCase(),
      borrower: BORROWER.toLowerCase(),
      borrower_contract: USER_CONTRACT.toLowerCase(),
      collateral: USDT_ID.toString(),
      asset_id: `0x${USDT_ID.toString(16)}`,
      asset: USDT_MASTER,
      is_known_asset: true,
      amount: '430',
    });
  });

  void it('satisfied with its tail after collateral_reward read only when bits remain (EvaaLiquidateSatisfied): none reads, a cut tail builds nothing', () => {
    const answers = (): Hop[] => [
      {
        from: MASTER,
        to: USER_CONTRACT,
        body: liquidateSuccess(),
        children: [{ from: USER_CONTRACT, to: BORROWER, body: commentBody('EVAA liquidation.') }],
      },
      { from: MASTER, to: LIQUIDATOR, body: successReport(430n) },
    ];
    const noTail = only(classify(satisfiedLiquidation(answers(), 'none')), 'evaa_liquidate');
    assert.equal(noTail.success, true);
    assert.equal(noTail.amount, 430n);
    const cut = classify(satisfiedLiquidation(answers(), 'cut'));
    assert.equal(
      cut.some((a) => a.type === 'evaa_liquidate'),
      false,
    );
  });

  void it('satisfied but the master fails it (liquidate_fail): failed, master_not_enough_liquidity', () => {
    const actions = classify(
      satisfiedLiquidation([
        { from: MASTER, to: USER_CONTRACT, body: liquidateFail() },
        { from: MASTER, to: LIQUIDATOR, body: liquidateFail() },
      ]),
    );
    const a = only(actions, 'evaa_liquidate');
    assert.equal(a.success, false);
    assert.equal(a.destination, BORROWER.toLowerCase());
    assert.equal(a.destination_secondary, USER_CONTRACT.toLowerCase());
    assert.equal(a.amount, 0n);
    assert.equal(a.asset, USDT_ID.toString());
    assert.deepEqual(a.evaa_liquidate_data, {
      asset_id: `0x${USDT_ID.toString(16)}`,
      fail_reason: 'master_not_enough_liquidity',
      debt_amount: 1_000n,
    });
  });

  void it('a jetton liquidation the user contract refuses (not_liquidatable): failed, the jettons sent back', () => {
    const payload = liquidateMaster(TON_ID, 2_500n);
    const actions = classify(
      walletSends(LIQUIDATOR, {
        to: LIQUIDATOR_USDT,
        body: jettonTransfer(2_500n, MASTER, payload),
        children: [
          {
            from: LIQUIDATOR_USDT,
            to: MASTER_USDT,
            body: internalTransfer(2_500n, LIQUIDATOR),
            children: [
              {
                from: MASTER_USDT,
                to: MASTER,
                body: notification(2_500n, LIQUIDATOR, payload),
                children: [
                  toUserContract({
                    from: USER_CONTRACT,
                    to: MASTER,
                    body: liquidateUnsatisfied(USDT_ID, 2_500n, 0xe003),
                    children: [
                      {
                        from: MASTER,
                        to: MASTER_USDT,
                        body: jettonTransfer(2_500n, LIQUIDATOR, null),
                        children: [
                          {
                            from: MASTER_USDT,
                            to: LIQUIDATOR_USDT,
                            body: internalTransfer(2_500n, MASTER),
                          },
                        ],
                      },
                    ],
                  }),
                ],
              },
            ],
          },
        ],
      }),
    );
    assertOneTopLevelLiquidation(actions);
    const a = only(actions, 'evaa_liquidate');
    assert.equal(a.source, LIQUIDATOR.toLowerCase());
    assert.equal(a.destination, BORROWER.toLowerCase());
    assert.equal(a.destination_secondary, USER_CONTRACT.toLowerCase());
    assert.equal(a.asset, TON_ID.toString());
    assert.equal(a.amount, 0n);
    assert.equal(a.success, false);
    assert.deepEqual(a.evaa_liquidate_data, {
      asset_id: `0x${TON_ID.toString(16)}`,
      fail_reason: 'not_liquidatable',
      debt_amount: 2_500n,
    });
    // TON is a known EVAA asset without a jetton master
    assert.deepEqual(renderActionDetails(a.type, a), {
      fail_reason: 'not_liquidatable',
      debt_amount: '2500',
      source: LIQUIDATOR.toLowerCase(),
      borrower: BORROWER.toLowerCase(),
      borrower_contract: USER_CONTRACT.toLowerCase(),
      collateral: TON_ID.toString(),
      asset_id: `0x${TON_ID.toString(16)}`,
      asset: null,
      is_known_asset: true,
      amount: '0',
    });
  });

  void it('refused by the master at once (the call bounced): failed, immediate_rejection, no user contract', () => {
    const bounceBody = beginCell().storeUint(0xffffffff, 32).storeUint(0x3, 32).endCell();
    const actions = classify(
      tonLiquidation(
        [{ from: MASTER, to: LIQUIDATOR, body: bounceBody, bounced: true, value: 4_900_000_000n }],
        true,
      ),
    );
    const a = only(actions, 'evaa_liquidate');
    assert.equal(a.success, false);
    assert.equal(a.destination, BORROWER.toLowerCase());
    assert.equal(a.destination_secondary, null);
    assert.equal(a.amount, 0n);
    assert.deepEqual(a.evaa_liquidate_data, {
      asset_id: `0x${USDT_ID.toString(16)}`,
      fail_reason: 'immediate_rejection',
      debt_amount: 1_000n,
    });
  });

  void it('a borrower written as addr_none: the destination is the text addr_none, the initiator stays upper-case among the accounts', () => {
    const bounceBody = beginCell().storeUint(0xffffffff, 32).storeUint(0x3, 32).endCell();
    const actions = classify(
      tonLiquidation(
        [{ from: MASTER, to: LIQUIDATOR, body: bounceBody, bounced: true, value: 4_900_000_000n }],
        true,
        null,
      ),
    );
    const a = only(actions, 'evaa_liquidate');
    assert.equal(a.source, LIQUIDATOR.toLowerCase());
    assert.equal(a.destination, 'addr_none');
    assert.equal(a.destination_secondary, null);
    // toncenter's accounts take the filled fields as written beside the accounts of the action's
    // transactions (upper-case raw): the liquidator twice, in both letter cases
    assert.deepEqual(
      [...a.accounts].sort(),
      [LIQUIDATOR, MASTER, LIQUIDATOR.toLowerCase(), 'addr_none'].sort(),
    );
  });

  void it('liquidate_master the master has not answered yet: no evaa_liquidate', () => {
    const actions = classify(tonLiquidation([]));
    assert.equal(
      actions.some((a) => a.type === 'evaa_liquidate'),
      false,
    );
  });
});
