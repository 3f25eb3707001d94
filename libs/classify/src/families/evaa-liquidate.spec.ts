/**
 * EVAA liquidations (toncenter `blocks/evaa.py` EvaaLiquidateBlockMatcher) on traces shaped as the EVAA
 * master and user contracts exchange them (https://github.com/evaafi/contracts `schema.tlb`: liquidate_master,
 * liquidate_user, liquidate_satisfied / liquidate_unsatisfied, liquidate_success / liquidate_fail,
 * liquidate_success_report), with real bodies built here and TEP-74 jetton legs.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, type Cell } from '@ton/core';
import type { ActionRow } from '../action';
import { classifyTrace } from '../core/pipeline';
import { defaultRegistry } from '../registry';
import { commentBody, syntheticTrace, testAddress, type Hop } from '../testing/synthetic-trace';
import type { AccountInterfaces } from '../trace-model';

const LIQUIDATOR = testAddress(0, '1');
const BORROWER = testAddress(0, '2');
const MASTER = testAddress(0, '3');
const USER_CONTRACT = testAddress(0, '4');
const USDT = testAddress(0, '5');
const LIQUIDATOR_USDT = testAddress(0, '6');
const MASTER_USDT = testAddress(0, '7');
/** sha256("TON"), EVAA's asset id of TON. */
const TON_ID = 0x1a4219fe5e60d63af2a3cc7dce6fec69b45c6b5718497a6148e7c232ac87bd8an;
/** Another asset id (any 256-bit value: the classifier reports it as it is). */
const USDT_ID = 0x777a2b9ef43d6ec3a6d3e1b68e1f4d05c4fd13ba0fa3a0c25b1e8c0a0e8d36f1n;

const at = (raw: string): Address => Address.parse(raw);
const wallet = (address: string, owner: string): AccountInterfaces => ({
  jetton_wallet: { address, balance: 0n, owner, jetton: USDT },
});
const INTERFACES: Record<string, AccountInterfaces> = {
  [LIQUIDATOR_USDT]: wallet(LIQUIDATOR_USDT, LIQUIDATOR),
  [MASTER_USDT]: wallet(MASTER_USDT, MASTER),
};

const empty = (): Cell => beginCell().endCell();

/** liquidate_master#00000003 (as a TON call, or a jetton transfer's forward payload). */
const liquidateMaster = (collateralId: bigint, incoming: bigint): Cell =>
  beginCell()
    .storeUint(0x3, 32)
    .storeUint(7, 64)
    .storeAddress(at(BORROWER))
    .storeAddress(at(LIQUIDATOR))
    .storeUint(collateralId, 256)
    .storeUint(1n, 64)
    .storeInt(-1, 2)
    .storeUint(incoming, 64)
    .storeRef(beginCell().storeUint(0, 64).storeRef(empty()))
    .storeRef(empty())
    .endCell();

/** A message to a user contract: user_version:Coins upgrade_info:(Maybe ^Cell) upgrade_exec:(## 2), then the opcode. */
const toUser = (op: number, rest: (b: ReturnType<typeof beginCell>) => void): Cell => {
  const b = beginCell().storeCoins(3n).storeBit(false).storeUint(0, 2).storeUint(op, 32);
  rest(b);
  return b.endCell();
};

const liquidateUser = (transferredId: bigint, amount: bigint): Cell =>
  toUser(0x31, (b) =>
    b
      .storeUint(7, 64)
      .storeBit(false)
      .storeBit(false)
      .storeRef(
        beginCell()
          .storeRef(empty())
          .storeUint(TON_ID, 256)
          .storeUint(1n, 64)
          .storeAddress(at(LIQUIDATOR))
          .storeUint(transferredId, 256)
          .storeUint(amount, 64)
          .storeUint(0, 64)
          .storeRef(empty()),
      ),
  );

const liquidateSatisfied = (
  transferredId: bigint,
  liquidatable: bigint,
  collateralId: bigint,
  reward: bigint,
): Cell =>
  beginCell()
    .storeUint(0x311, 32)
    .storeUint(7, 64)
    .storeAddress(at(BORROWER))
    .storeAddress(at(LIQUIDATOR))
    .storeUint(transferredId, 256)
    .storeRef(
      beginCell()
        .storeInt(-liquidatable, 64)
        .storeUint(liquidatable, 64)
        .storeUint(5n, 64)
        .storeInt(100n, 64)
        .storeUint(collateralId, 256)
        .storeInt(-reward, 64)
        .storeUint(reward, 64)
        .storeUint(1n, 64)
        .storeInt(900n, 64)
        .storeUint(0, 64)
        .storeRef(empty()),
    )
    .endCell();

const liquidateUnsatisfied = (transferredId: bigint, amount: bigint, error: number): Cell =>
  beginCell()
    .storeUint(0x31f, 32)
    .storeUint(7, 64)
    .storeAddress(at(BORROWER))
    .storeAddress(at(LIQUIDATOR))
    .storeUint(transferredId, 256)
    .storeRef(
      beginCell()
        .storeUint(amount, 64)
        .storeUint(TON_ID, 256)
        .storeUint(1n, 64)
        .storeUint(0, 64)
        .storeRef(empty())
        .storeUint(error, 32),
    )
    .endCell();

const liquidateSuccess = (): Cell =>
  toUser(0x311a, (b) =>
    b
      .storeUint(7, 64)
      .storeUint(USDT_ID, 256)
      .storeInt(-10n, 64)
      .storeUint(1n, 64)
      .storeUint(1n, 64)
      .storeUint(TON_ID, 256)
      .storeInt(-20n, 64)
      .storeUint(1n, 64)
      .storeUint(1n, 64),
  );

const liquidateFail = (): Cell =>
  beginCell()
    .storeUint(0x311f, 32)
    .storeUint(7, 64)
    .storeUint(USDT_ID, 256)
    .storeInt(-10n, 64)
    .storeUint(TON_ID, 256)
    .storeInt(-20n, 64)
    .endCell();

const successReport = (reward: bigint): Cell =>
  beginCell()
    .storeUint(0x311d, 32)
    .storeUint(7, 64)
    .storeUint(USDT_ID, 256)
    .storeUint(1_000n, 64)
    .storeUint(TON_ID, 256)
    .storeUint(reward, 64)
    .storeRef(empty())
    .endCell();

const jettonTransfer = (amount: bigint, to: string, payload: Cell | null): Cell => {
  const b = beginCell()
    .storeUint(0x0f8a7ea5, 32)
    .storeUint(7, 64)
    .storeCoins(amount)
    .storeAddress(at(to))
    .storeAddress(at(to))
    .storeBit(false)
    .storeCoins(1n);
  return (payload ? b.storeBit(true).storeRef(payload) : b.storeBit(false)).endCell();
};
const internalTransfer = (amount: bigint, from: string): Cell =>
  beginCell()
    .storeUint(0x178d4519, 32)
    .storeUint(7, 64)
    .storeCoins(amount)
    .storeAddress(at(from))
    .storeAddress(at(from))
    .storeCoins(1n)
    .storeBit(false)
    .endCell();
const notification = (amount: bigint, from: string, payload: Cell): Cell =>
  beginCell()
    .storeUint(0x7362d09c, 32)
    .storeUint(7, 64)
    .storeCoins(amount)
    .storeAddress(at(from))
    .storeBit(true)
    .storeRef(payload)
    .endCell();

function classify(root: Hop): ActionRow[] {
  const r = classifyTrace(syntheticTrace(root, INTERFACES), defaultRegistry);
  assert.equal(r.error, undefined);
  return r.actions;
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

function only(actions: ActionRow[], type: string): ActionRow {
  const found = actions.filter((a) => a.type === type);
  assert.equal(found.length, 1, `one ${type} in ${actions.map((a) => a.type).join(', ')}`);
  return found[0]!;
}

/** The liquidator's wallet sends liquidate_master in TON to the master, which answers with `answers`. */
function tonLiquidation(answers: Hop[], bounce = false): Hop {
  return {
    from: null,
    to: LIQUIDATOR,
    children: [
      {
        from: LIQUIDATOR,
        to: MASTER,
        body: liquidateMaster(USDT_ID, 1_000n),
        value: 5_000_000_000n,
        bounce,
        aborted: bounce,
        children: answers,
      },
    ],
  };
}

/** master → user contract: liquidate_user, which answers with `answer`. */
const toUserContract = (answer: Hop): Hop => ({
  from: MASTER,
  to: USER_CONTRACT,
  body: liquidateUser(TON_ID, 1_000n),
  children: [answer],
});

void describe('EVAA liquidation (evaa.py EvaaLiquidateBlockMatcher)', () => {
  void it('satisfied, with liquidate_success and the success report: a successful evaa_liquidate of the reward', () => {
    const actions = classify(
      tonLiquidation([
        toUserContract({
          from: USER_CONTRACT,
          to: MASTER,
          body: liquidateSatisfied(TON_ID, 950n, USDT_ID, 430n),
          children: [
            {
              from: MASTER,
              to: USER_CONTRACT,
              body: liquidateSuccess(),
              children: [
                { from: USER_CONTRACT, to: BORROWER, body: commentBody('EVAA liquidation.') },
              ],
            },
            { from: MASTER, to: LIQUIDATOR, body: successReport(430n) },
          ],
        }),
      ]),
    );
    assertOneTopLevelLiquidation(actions);
    const a = only(actions, 'evaa_liquidate');
    assert.equal(a.source, LIQUIDATOR);
    assert.equal(a.destination, BORROWER);
    assert.equal(a.destination_secondary, USER_CONTRACT);
    assert.equal(a.asset, USDT_ID.toString());
    assert.equal(a.amount, 430n);
    assert.equal(a.success, true);
    assert.deepEqual(a.evaa_liquidate_data, {
      asset_id: `0x${USDT_ID.toString(16)}`,
      fail_reason: null,
      debt_amount: 950n,
    });
  });

  void it('satisfied but the master fails it (liquidate_fail): failed, master_not_enough_liquidity', () => {
    const actions = classify(
      tonLiquidation([
        toUserContract({
          from: USER_CONTRACT,
          to: MASTER,
          body: liquidateSatisfied(TON_ID, 950n, USDT_ID, 430n),
          children: [
            { from: MASTER, to: USER_CONTRACT, body: liquidateFail() },
            { from: MASTER, to: LIQUIDATOR, body: liquidateFail() },
          ],
        }),
      ]),
    );
    const a = only(actions, 'evaa_liquidate');
    assert.equal(a.success, false);
    assert.equal(a.destination, BORROWER);
    assert.equal(a.destination_secondary, USER_CONTRACT);
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
    const actions = classify({
      from: null,
      to: LIQUIDATOR,
      children: [
        {
          from: LIQUIDATOR,
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
        },
      ],
    });
    assertOneTopLevelLiquidation(actions);
    const a = only(actions, 'evaa_liquidate');
    assert.equal(a.source, LIQUIDATOR);
    assert.equal(a.destination, BORROWER);
    assert.equal(a.destination_secondary, USER_CONTRACT);
    assert.equal(a.asset, TON_ID.toString());
    assert.equal(a.amount, 0n);
    assert.equal(a.success, false);
    assert.deepEqual(a.evaa_liquidate_data, {
      asset_id: `0x${TON_ID.toString(16)}`,
      fail_reason: 'not_liquidatable',
      debt_amount: 2_500n,
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
    assert.equal(a.destination, BORROWER);
    assert.equal(a.destination_secondary, null);
    assert.equal(a.amount, 0n);
    assert.deepEqual(a.evaa_liquidate_data, {
      asset_id: `0x${USDT_ID.toString(16)}`,
      fail_reason: 'immediate_rejection',
      debt_amount: 1_000n,
    });
  });

  void it('liquidate_master the master has not answered yet: no evaa_liquidate', () => {
    const actions = classify(tonLiquidation([]));
    assert.equal(
      actions.some((a) => a.type === 'evaa_liquidate'),
      false,
    );
  });
});
