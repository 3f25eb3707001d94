/**
 * DeDust and swap.coffee liquidity paths (toncenter `blocks/liquidity.py` DedustWithdrawBlockMatcher,
 * CoffeeWithdrawLiquidityMatcher, CoffeeDepositLiquidityMatcher; `blocks/staking.py`
 * CoffeeStakingClaimRewardsMatcher) on traces shaped as the pools and vaults exchange them, with real
 * TL-B bodies built here (DeDust: https://docs.dedust.io/reference/tlb-schemes; swap.coffee:
 * https://docs.swap.coffee/technical-guides/dex/tlb) and TEP-74 jetton legs.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, type Builder, type Cell, ExternalAddress } from '@ton/core';
import { classifyOk, onlyAction } from '../testing/classified';
import {
  burnNotification,
  internalTransfer,
  jettonBurn,
  jettonTransfer,
  jettonWallet,
  notification,
} from '../testing/jetton-bodies';
import { syntheticTrace, testAddress, type Hop, walletSends } from '../testing/synthetic-trace';
import type { AccountInterfaces } from '../trace-model';

const USER = testAddress(0, '1');
const POOL = testAddress(0, '2');
const TON_VAULT = testAddress(0, '3');
const J_VAULT = testAddress(0, '4');
const J2 = testAddress(0, '5');
const USER_LP = testAddress(0, '6');
const VAULT_J2 = testAddress(0, '7');
const USER_J2 = testAddress(0, '8');
const FACTORY = testAddress(0, '9');
const DEPOSITORY = testAddress(0, 'a');

const INTERFACES: Record<string, AccountInterfaces> = {
  [USER_LP]: jettonWallet(USER_LP, USER, POOL),
  [VAULT_J2]: jettonWallet(VAULT_J2, J_VAULT, J2),
  [USER_J2]: jettonWallet(USER_J2, USER, J2),
};

const empty = (): Cell => beginCell().endCell();
const op = (code: number): Builder => beginCell().storeUint(code, 32).storeUint(7, 64);

/**
 * The user burns `lp` LP tokens (with `burn` as the body, a plain burn by default); the LP wallet
 * notifies the pool, which answers with `answers` and emits `logs`.
 */
function lpBurn(lp: bigint, answers: Hop[], logs: Cell[] = [], burn = jettonBurn(lp, USER)): Hop {
  return walletSends(USER, {
    to: USER_LP,
    body: burn,
    children: [
      { from: USER_LP, to: POOL, body: burnNotification(lp, USER), children: answers, logs },
    ],
  });
}

/** The jetton vault pays `amount` of J2 out through its jetton wallet to the user's. */
const vaultJettonPayout = (amount: bigint): Hop => ({
  from: J_VAULT,
  to: VAULT_J2,
  body: jettonTransfer(amount, USER, null),
  children: [{ from: VAULT_J2, to: USER_J2, body: internalTransfer(amount, J_VAULT) }],
});

void describe('DeDust withdraw liquidity (DedustWithdrawBlockMatcher)', () => {
  /** payout_from_pool#ad4eb6f5 query_id:uint64 proof:^Cell amount:Coins (pool → vault). */
  const payoutFromPool = (amount: bigint): Cell =>
    op(0xad4eb6f5).storeRef(empty()).storeCoins(amount).endCell();
  /** payout#474f86cf query_id:uint64 proof:^Cell (TON vault → user). */
  const tonPayout = (): Cell => op(0x474f86cf).storeRef(empty()).endCell();
  const trace = (interfaces: Record<string, AccountInterfaces>, burn?: Cell) =>
    syntheticTrace(
      lpBurn(
        5_000n,
        [
          {
            from: POOL,
            to: TON_VAULT,
            body: payoutFromPool(700n),
            children: [{ from: TON_VAULT, to: USER, body: tonPayout() }],
          },
          {
            from: POOL,
            to: J_VAULT,
            body: payoutFromPool(900n),
            children: [vaultJettonPayout(900n)],
          },
        ],
        [],
        burn,
      ),
      interfaces,
    );

  void it('LP burn → burn_notification → a TON payout and a jetton payout: amounts from payout_from_pool', () => {
    const a = onlyAction(classifyOk(trace(INTERFACES)), 'dex_withdraw_liquidity');
    assert.equal(a.source, USER);
    assert.equal(a.source_secondary, USER_LP);
    assert.equal(a.destination, POOL);
    assert.equal(a.asset, POOL);
    assert.equal(a.success, true);
    assert.deepEqual(a.dex_withdraw_liquidity_data, {
      dex: 'dedust',
      amount1: 700n,
      amount2: 900n,
      asset1_out: null,
      asset2_out: J2,
      user_jetton_wallet_1: null,
      user_jetton_wallet_2: USER_J2,
      dex_jetton_wallet_1: null,
      dex_wallet_1: TON_VAULT,
      dex_wallet_2: J_VAULT,
      dex_jetton_wallet_2: VAULT_J2,
      is_refund: false,
      lp_tokens_burnt: 5_000n,
    });
  });

  void it('a burn whose response destination is an external address is still read', () => {
    const burn = beginCell()
      .storeUint(0x595f07bc, 32)
      .storeUint(7, 64)
      .storeCoins(5_000n)
      .storeAddress(new ExternalAddress(5n, 8))
      .storeBit(false)
      .endCell();
    const a = onlyAction(classifyOk(trace(INTERFACES, burn)), 'dex_withdraw_liquidity');
    assert.equal(a.source, USER);
    assert.equal(a.dex_withdraw_liquidity_data?.lp_tokens_burnt, 5_000n);
  });

  void it('an LP wallet whose jetton is unknown builds no withdrawal', () => {
    const { [USER_LP]: _unknown, ...others } = INTERFACES;
    const types = classifyOk(trace(others)).map((a) => a.type);
    assert.ok(!types.includes('dex_withdraw_liquidity'), types.join(', '));
  });
});

/** liquidity_withdrawal_event#c0ffee35 / deposit_liquidity_successful_event#c0ffee33 with reserves. */
const coffeeEvent = (code: number, a1: bigint, a2: bigint, lp: bigint, reserves = true): Cell => {
  const b = op(code).storeCoins(a1).storeCoins(a2).storeCoins(lp);
  return (reserves ? b.storeCoins(1n).storeCoins(2n).storeCoins(3n).storeCoins(4n) : b).endCell();
};

void describe('swap.coffee withdraw liquidity (CoffeeWithdrawLiquidityMatcher)', () => {
  const trace = (event: Cell) =>
    syntheticTrace(
      lpBurn(
        3_000n,
        [
          {
            from: POOL,
            to: TON_VAULT,
            body: op(0xc0ffee21).endCell(),
            children: [{ from: TON_VAULT, to: USER, body: op(0xc0ffee32).endCell() }],
          },
          {
            from: POOL,
            to: J_VAULT,
            body: op(0xc0ffee21).endCell(),
            children: [vaultJettonPayout(1_100n)],
          },
        ],
        [event],
      ),
      INTERFACES,
    );

  void it('TON payout and jetton payout: amounts from the withdrawal event, the TON side paid to the user', () => {
    const a = onlyAction(
      classifyOk(trace(coffeeEvent(0xc0ffee35, 600n, 1_100n, 3_000n))),
      'dex_withdraw_liquidity',
    );
    assert.equal(a.source, USER);
    assert.equal(a.source_secondary, USER_LP);
    assert.equal(a.destination, POOL);
    assert.equal(a.asset, POOL);
    assert.deepEqual(a.dex_withdraw_liquidity_data, {
      dex: 'coffee',
      amount1: 600n,
      amount2: 1_100n,
      asset1_out: null,
      asset2_out: J2,
      user_jetton_wallet_1: USER,
      user_jetton_wallet_2: USER_J2,
      dex_jetton_wallet_1: null,
      dex_wallet_1: POOL,
      dex_wallet_2: POOL,
      dex_jetton_wallet_2: VAULT_J2,
      is_refund: false,
      lp_tokens_burnt: 3_000n,
    });
  });

  void it('a withdrawal event cut before its reserves is unreadable: no withdrawal', () => {
    const actions = classifyOk(trace(coffeeEvent(0xc0ffee35, 600n, 1_100n, 3_000n, false)));
    const types = actions.map((a) => a.type);
    assert.ok(!types.includes('dex_withdraw_liquidity'), types.join(', '));
    assert.equal(onlyAction(actions, 'jetton_burn').amount, 3_000n);
  });
});

/** jetton$01 chain:uint8 hash:uint256 or native$00 (swap.coffee Asset). */
const storeCoffeeAsset = (b: Builder, jetton: string | null): Builder =>
  jetton === null
    ? b.storeUint(0, 2)
    : b
        .storeUint(1, 2)
        .storeUint(0, 8)
        .storeBuffer(Buffer.from(jetton.slice(2), 'hex'));

void describe('swap.coffee deposit liquidity (CoffeeDepositLiquidityMatcher)', () => {
  const USER_J = testAddress(0, 'b');
  const VAULT_J = testAddress(0, 'c');
  const interfaces: Record<string, AccountInterfaces> = {
    [USER_J]: jettonWallet(USER_J, USER, J2),
    [VAULT_J]: jettonWallet(VAULT_J, J_VAULT, J2),
  };
  /** create_liquidity_depository_request#c0ffee27 for a pool (TON, J2). */
  const request = (amount: bigint, withProof: boolean): Cell => {
    const trimmed = beginCell().storeAddress(null).storeBit(false).endCell();
    const poolParams = storeCoffeeAsset(storeCoffeeAsset(beginCell(), null), J2)
      .storeUint(0, 3)
      .storeBit(false)
      .endCell();
    const b = op(0xc0ffee27)
      .storeCoins(amount)
      .storeRef(trimmed)
      .storeRef(poolParams)
      .storeAddress(Address.parse(USER));
    return (withProof ? b.storeRef(empty()) : b).endCell();
  };
  const trace = (withProof: boolean) =>
    syntheticTrace(
      walletSends(USER, {
        to: USER_J,
        body: jettonTransfer(1_000n, J_VAULT, empty()),
        children: [
          {
            from: USER_J,
            to: VAULT_J,
            body: internalTransfer(1_000n, USER),
            children: [
              {
                from: VAULT_J,
                to: J_VAULT,
                body: notification(1_000n, USER, empty()),
                children: [
                  {
                    from: J_VAULT,
                    to: FACTORY,
                    body: request(1_000n, withProof),
                    children: [
                      {
                        from: FACTORY,
                        to: DEPOSITORY,
                        body: op(0xc0ffee22)
                          .storeRef(empty())
                          .storeRef(empty())
                          .storeBit(false)
                          .endCell(),
                        deploys: true,
                        children: [
                          {
                            from: DEPOSITORY,
                            to: POOL,
                            body: op(0xc0ffee29).endCell(),
                            children: [
                              { from: POOL, to: USER_LP, body: internalTransfer(31n, POOL) },
                            ],
                            logs: [coffeeEvent(0xc0ffee33, 0n, 1_000n, 31n)],
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
      interfaces,
    );

  void it("a jetton that is the pool's second asset fills the second side; targets in the user's order", () => {
    const a = onlyAction(classifyOk(trace(true)), 'dex_deposit_liquidity');
    assert.equal(a.source, USER);
    assert.equal(a.destination, POOL);
    assert.equal(a.destination_secondary, DEPOSITORY);
    assert.deepEqual(a.dex_deposit_liquidity_data, {
      dex: 'coffee',
      asset1: null,
      amount1: null,
      asset2: J2,
      amount2: 1_000n,
      user_jetton_wallet_1: null,
      user_jetton_wallet_2: USER_J,
      lp_tokens_minted: 31n,
      target_asset_1: J2,
      target_amount_1: null,
      target_asset_2: null,
      target_amount_2: null,
      vault_excesses: [],
    });
  });

  void it('a depository request without its proof is unreadable: no deposit', () => {
    const types = classifyOk(trace(false)).map((a) => a.type);
    assert.ok(!types.includes('dex_deposit_liquidity'), types.join(', '));
  });
});

void describe('swap.coffee staking claim rewards (CoffeeStakingClaimRewardsMatcher)', () => {
  const ADMIN = testAddress(0, 'd');
  const POOL_J = testAddress(0, 'e');
  const interfaces: Record<string, AccountInterfaces> = {
    [POOL_J]: jettonWallet(POOL_J, POOL, J2),
    [USER_J2]: jettonWallet(USER_J2, USER, J2),
  };
  /** staking_claim_rewards#b30c7310 query_id jetton_wallet jetton_amount receiver payload:(Maybe ^[gas:Coins payload:^Cell]) */
  const claim = (forward: Cell | null): Cell => {
    const b = op(0xb30c7310)
      .storeAddress(Address.parse(POOL_J))
      .storeCoins(500n)
      .storeAddress(Address.parse(USER));
    return (forward ? b.storeBit(true).storeRef(forward) : b.storeBit(false)).endCell();
  };
  const trace = (body: Cell) =>
    syntheticTrace(
      walletSends(ADMIN, {
        to: POOL,
        body,
        children: [
          {
            from: POOL,
            to: POOL_J,
            body: jettonTransfer(500n, USER, null),
            children: [{ from: POOL_J, to: USER_J2, body: internalTransfer(500n, POOL) }],
          },
        ],
        logs: [body],
      }),
      interfaces,
    );

  void it('claim with a forward payload → jetton transfer: pool pays the receiver', () => {
    const forward = beginCell().storeCoins(1n).storeRef(empty()).endCell();
    const a = onlyAction(classifyOk(trace(claim(forward))), 'coffee_staking_claim_rewards');
    assert.equal(a.source, POOL);
    assert.equal(a.source_secondary, POOL_J);
    assert.equal(a.destination, USER);
    assert.equal(a.destination_secondary, USER_J2);
    assert.equal(a.asset, J2);
    assert.equal(a.amount, 500n);
  });

  void it('a forward payload without its inner payload cell is unreadable: no claim', () => {
    const broken = beginCell().storeCoins(1n).endCell();
    const types = classifyOk(trace(claim(broken))).map((a) => a.type);
    assert.ok(!types.includes('coffee_staking_claim_rewards'), types.join(', '));
  });
});
