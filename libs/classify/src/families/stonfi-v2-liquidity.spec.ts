/**
 * StonFi v2 liquidity (toncenter `blocks/liquidity.py` StonfiV2ProvideLiquidityMatcher and
 * StonfiV2WithdrawLiquidityMatcher) on traces shaped as the v2 router, pool and LP account exchange
 * them, with TEP-74 jetton legs (real bodies built here).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, type Cell } from '@ton/core';
import type { ActionRow } from '../action';
import { classifyOk, onlyAction } from '../testing/classified';
import { internalTransfer, jettonTransfer, jettonWallet } from '../testing/jetton-bodies';
import { syntheticTrace, testAddress, type Hop, walletSends } from '../testing/synthetic-trace';
import type { AccountInterfaces } from '../trace-model';

const USER = testAddress(0, '1');
const ROUTER = testAddress(0, '2');
const POOL = testAddress(0, '3');
const LP_ACCOUNT = testAddress(0, '4');
const J1 = testAddress(0, '5');
const J2 = testAddress(0, '6');
const USER_J1 = testAddress(0, '7');
const USER_J2 = testAddress(0, '8');
const ROUTER_J1 = testAddress(0, '9');
const ROUTER_J2 = testAddress(0, 'a');
const USER_LP = testAddress(0, 'b');

const at = (raw: string): Address => Address.parse(raw);
const INTERFACES: Record<string, AccountInterfaces> = {
  [USER_J1]: jettonWallet(USER_J1, USER, J1),
  [USER_J2]: jettonWallet(USER_J2, USER, J2),
  [ROUTER_J1]: jettonWallet(ROUTER_J1, ROUTER, J1),
  [ROUTER_J2]: jettonWallet(ROUTER_J2, ROUTER, J2),
  [USER_LP]: jettonWallet(USER_LP, USER, POOL),
};

const transfer = (amount: bigint, to: string): Cell => jettonTransfer(amount, to, null);
const op = (code: number): Cell => beginCell().storeUint(code, 32).storeUint(1, 64).endCell();

const classify = (root: Hop): ActionRow[] => classifyOk(syntheticTrace(root, INTERFACES));
const only = onlyAction;

/** The router's payout of one asset: pay_to, its jetton transfer to the user's wallet. */
function payout(routerWallet: string, userWallet: string, amount: bigint): Hop {
  return {
    from: POOL,
    to: ROUTER,
    body: op(0x657b54f5),
    children: [
      {
        from: ROUTER,
        to: routerWallet,
        body: transfer(amount, USER),
        children: [{ from: routerWallet, to: userWallet, body: internalTransfer(amount, ROUTER) }],
      },
    ],
  };
}

/** The withdrawal columns of the two payouts `payout` builds: J1 then J2, both through the router. */
const payoutColumns = (amount1: bigint, amount2: bigint) => ({
  dex: 'stonfi_v2',
  amount1,
  amount2,
  asset1_out: J1,
  asset2_out: J2,
  user_jetton_wallet_1: USER_J1,
  user_jetton_wallet_2: USER_J2,
  dex_jetton_wallet_1: ROUTER_J1,
  dex_wallet_1: ROUTER,
  dex_wallet_2: ROUTER,
  dex_jetton_wallet_2: ROUTER_J2,
});

void describe('StonFi v2 liquidity (liquidity.py)', () => {
  void it('LP burn → burn_notification_ext → two pay_to: one dex_withdraw_liquidity', () => {
    const burn = beginCell()
      .storeUint(0x595f07bc, 32)
      .storeUint(1, 64)
      .storeCoins(5_000n)
      .storeAddress(at(USER))
      .storeBit(false)
      .endCell();
    const actions = classify(
      walletSends(USER, {
        to: USER_LP,
        body: burn,
        children: [
          {
            from: USER_LP,
            to: POOL,
            body: op(0x297437cf),
            children: [payout(ROUTER_J1, USER_J1, 700n), payout(ROUTER_J2, USER_J2, 900n)],
          },
        ],
      }),
    );
    const a = only(actions, 'dex_withdraw_liquidity');
    assert.equal(a.source, USER);
    assert.equal(a.source_secondary, USER_LP);
    assert.equal(a.destination, POOL);
    assert.equal(a.asset, POOL);
    assert.deepEqual(a.dex_withdraw_liquidity_data, {
      ...payoutColumns(700n, 900n),
      is_refund: false,
      lp_tokens_burnt: 5_000n,
    });
    assert.deepEqual(
      actions.map((x) => x.type).filter((t) => t !== 'call_contract'),
      ['dex_withdraw_liquidity'],
    );
  });

  void it('refund_me → cb_refund_me → two pay_to: a refund withdrawal without LP burn', () => {
    const actions = classify(
      walletSends(USER, {
        to: LP_ACCOUNT,
        body: op(0x132b9a2c),
        children: [
          {
            from: LP_ACCOUNT,
            to: POOL,
            body: op(0x0f98e2b8),
            children: [payout(ROUTER_J1, USER_J1, 400n), payout(ROUTER_J2, USER_J2, 250n)],
          },
        ],
      }),
    );
    const a = only(actions, 'dex_withdraw_liquidity');
    assert.equal(a.source, USER);
    assert.equal(a.source_secondary, null);
    assert.equal(a.destination, POOL);
    assert.equal(a.asset, null);
    assert.deepEqual(a.dex_withdraw_liquidity_data, {
      ...payoutColumns(400n, 250n),
      is_refund: true,
      lp_tokens_burnt: null,
    });
  });

  void it('jetton transfer → provide_lp → add_liquidity → LP minted: one dex_deposit_liquidity', () => {
    const provide = beginCell()
      .storeUint(0x37c096df, 32)
      .storeUint(1, 64)
      .storeAddress(at(USER))
      .storeCoins(1_000n)
      .storeCoins(0n)
      .endCell();
    const actions = classify(
      walletSends(USER, {
        to: USER_J1,
        body: transfer(1_000n, ROUTER),
        children: [
          {
            from: USER_J1,
            to: ROUTER_J1,
            body: internalTransfer(1_000n, USER),
            children: [
              {
                from: ROUTER_J1,
                to: ROUTER,
                body: beginCell()
                  .storeUint(0x7362d09c, 32)
                  .storeUint(1, 64)
                  .storeCoins(1_000n)
                  .storeAddress(at(USER))
                  .storeBit(false)
                  .endCell(),
                children: [
                  {
                    from: ROUTER,
                    to: POOL,
                    body: provide,
                    children: [
                      {
                        from: POOL,
                        to: LP_ACCOUNT,
                        body: op(0x50c6a654),
                        children: [
                          {
                            from: LP_ACCOUNT,
                            to: POOL,
                            body: op(0x06ecd527),
                            children: [
                              { from: POOL, to: USER_LP, body: internalTransfer(31n, POOL) },
                            ],
                          },
                        ],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      }),
    );
    const a = only(actions, 'dex_deposit_liquidity');
    assert.equal(a.source, USER);
    assert.equal(a.destination, POOL);
    assert.equal(a.success, true);
    assert.deepEqual(a.dex_deposit_liquidity_data, {
      dex: 'stonfi_v2',
      amount1: 1_000n,
      amount2: null,
      asset1: J1,
      asset2: null,
      user_jetton_wallet_1: USER_J1,
      user_jetton_wallet_2: null,
      lp_tokens_minted: 31n,
    });
  });
});
