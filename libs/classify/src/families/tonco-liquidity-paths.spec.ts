/**
 * TONCO pool deployment (toncenter `blocks/liquidity.py` ToncoDeployPoolBlockMatcher) on a trace shaped
 * as the router and the new pool exchange it, withdrawals (ToncoWithdrawLiquidityMatcher) from start
 * burn to the router's payouts, and the liquidity messages TONCO deposits read, with
 * real TL-B bodies built here (https://github.com/cryptoalgebra/tonco-sdk `ContractMessageMeta`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, type Builder, type Cell } from '@ton/core';
import { bocBase64, bodySlice } from '../tlb/cells';
import { parseToncoFundAccountPayload, parseToncoPositionInit } from '../tlb/tonco';
import { classifyOk, onlyAction } from '../testing/classified';
import { internalTransfer, jettonTransfer, jettonWallet } from '../testing/jetton-bodies';
import { syntheticTrace, testAddress, type Hop, walletSends } from '../testing/synthetic-trace';

const DEPLOYER = testAddress(0, '1');
const ROUTER = testAddress(0, '2');
const POOL = testAddress(0, '3');
const WALLET0 = testAddress(0, '4');
const WALLET1 = testAddress(0, '5');
const MINTER0 = testAddress(0, '6');
const MINTER1 = testAddress(0, '7');

const at = (raw: string): Address => Address.parse(raw);
const empty = (): Cell => beginCell().endCell();
const op = (code: number): Builder => beginCell().storeUint(code, 32).storeUint(7, 64);

/** ROUTERV3_CREATE_POOL#2e3034ef: wallets, tick spacing 60, price, fees 3000/30/20, minters. */
const createPool = (): Cell =>
  op(0x2e3034ef)
    .storeAddress(at(WALLET0))
    .storeAddress(at(WALLET1))
    .storeInt(60, 24)
    .storeUint(79228162514264337593543950336n, 160)
    .storeUint(3000, 16)
    .storeUint(30, 16)
    .storeUint(20, 16)
    .storeRef(empty())
    .storeRef(empty())
    .storeRef(
      beginCell()
        .storeAddress(at(MINTER0))
        .storeAddress(at(MINTER1))
        .storeAddress(at(DEPLOYER))
        .endCell(),
    )
    .endCell();

/** POOLV3_INIT#441c39ed as the router sends it; `contents` false drops the two content refs. */
const poolInit = (active: boolean, contents: boolean): Cell => {
  const b = op(0x441c39ed)
    .storeBit(false)
    .storeBit(false)
    .storeAddress(null)
    .storeBit(true)
    .storeAddress(at(DEPLOYER))
    .storeBit(true)
    .storeInt(60, 24)
    .storeBit(true)
    .storeUint(79228162514264337593543950336n, 160)
    .storeBit(true)
    .storeBit(active)
    .storeUint(3000, 16)
    .storeUint(30, 16)
    .storeUint(20, 16);
  if (contents) {
    b.storeRef(empty()).storeRef(empty());
  }
  return b
    .storeMaybeRef(beginCell().storeAddress(at(MINTER0)).storeAddress(at(MINTER1)).endCell())
    .endCell();
};

const deployTrace = (init: Cell) =>
  syntheticTrace(
    walletSends(DEPLOYER, {
      to: ROUTER,
      body: createPool(),
      children: [
        {
          from: ROUTER,
          to: POOL,
          body: init,
          deploys: true,
          children: [{ from: POOL, to: DEPLOYER, body: op(0xd53276db).endCell() }],
        },
      ],
    }),
  );

void describe('TONCO deploy pool (ToncoDeployPoolBlockMatcher)', () => {
  void it('create_pool → pool_init → excess: the create message fields, pool_active from the init', () => {
    const a = onlyAction(classifyOk(deployTrace(poolInit(false, true))), 'tonco_deploy_pool');
    assert.equal(a.source, DEPLOYER);
    assert.equal(a.destination, ROUTER);
    assert.equal(a.destination_secondary, POOL);
    assert.equal(a.success, true);
    assert.deepEqual(a.tonco_deploy_pool_data, {
      jetton0_router_wallet: WALLET0,
      jetton1_router_wallet: WALLET1,
      jetton0_minter: MINTER0,
      jetton1_minter: MINTER1,
      tick_spacing: 60,
      initial_price_x96: 79228162514264337593543950336n,
      protocol_fee: 3000,
      lp_fee_base: 30,
      lp_fee_current: 20,
      pool_active: false,
    });
  });

  void it('a pool_init without its NFT content refs is unreadable: no deployment', () => {
    const types = classifyOk(deployTrace(poolInit(true, false))).map((a) => a.type);
    assert.ok(!types.includes('tonco_deploy_pool'), types.join(', '));
  });
});

void describe('TONCO deposit messages, read whole', () => {
  const slice = (c: Cell) => bodySlice(bocBase64(c, false));

  void it('the fund-account payload: the other wallet and both amounts; cut before amount1 it throws', () => {
    const head = beginCell().storeUint(0x4468de77, 32).storeAddress(at(WALLET1)).storeCoins(5n);
    assert.deepEqual(parseToncoFundAccountPayload(slice(head.storeCoins(6n).endCell())), {
      other_jetton_wallet: WALLET1,
      amount0: 5n,
      amount1: 6n,
    });
    const cut = beginCell().storeUint(0x4468de77, 32).storeAddress(at(WALLET1)).storeCoins(5n);
    assert.throws(() => parseToncoFundAccountPayload(slice(cut.endCell())));
  });

  void it('position_init: liquidity and the NFT index; a fee cell without its tick throws', () => {
    const init = (withTick: boolean): Cell => {
      const fees = beginCell().storeUint(1n, 256).storeUint(2n, 256).storeUint(42n, 64);
      fees.storeCoins(10n).storeCoins(20n);
      if (withTick) {
        fees.storeInt(-5, 24);
      }
      return op(0xd5ecca2a)
        .storeAddress(at(DEPLOYER))
        .storeUint(777n, 128)
        .storeInt(-60, 24)
        .storeInt(60, 24)
        .storeRef(fees.endCell())
        .endCell();
    };
    assert.deepEqual(parseToncoPositionInit(slice(init(true))), {
      liquidity: 777n,
      nft_index: 42n,
    });
    assert.throws(() => parseToncoPositionInit(slice(init(false))));
  });
});

void describe('TONCO withdraw liquidity (ToncoWithdrawLiquidityMatcher)', () => {
  const USER = testAddress(0, '8');
  const NFT = testAddress(0, '9');
  const J0 = testAddress(0, 'a');
  const J1 = testAddress(0, 'b');
  const USER_J0 = testAddress(0, 'c');
  const USER_J1 = testAddress(0, 'd');
  const interfaces = {
    [WALLET0]: jettonWallet(WALLET0, ROUTER, J0),
    [WALLET1]: jettonWallet(WALLET1, ROUTER, J1),
    [USER_J0]: jettonWallet(USER_J0, USER, J0),
    [USER_J1]: jettonWallet(USER_J1, USER, J1),
  };
  const feeCell = (): Cell => beginCell().storeUint(1n, 256).storeUint(2n, 256).endCell();
  /** POOLV3_START_BURN#530b5f2c: index 3, liquidity 900, ticks -120…120. */
  const startBurn = op(0x530b5f2c)
    .storeUint(3n, 64)
    .storeUint(900n, 128)
    .storeInt(-120, 24)
    .storeInt(120, 24)
    .endCell();
  /** POSITIONNFTV3_POSITION_BURN#46ca335a from the NFT owned by the user. */
  const positionBurn = op(0x46ca335a)
    .storeAddress(at(USER))
    .storeUint(900n, 128)
    .storeInt(-120, 24)
    .storeInt(120, 24)
    .storeRef(feeCell())
    .endCell();
  /** POOLV3_BURN#d73ac09d naming index 4; `fees` false drops its two fee cells. */
  const poolBurn = (fees: boolean): Cell => {
    const b = op(0xd73ac09d)
      .storeAddress(at(USER))
      .storeUint(4n, 64)
      .storeUint(900n, 128)
      .storeInt(-120, 24)
      .storeInt(120, 24)
      .storeUint(900n, 128);
    return (fees ? b.storeRef(feeCell()).storeRef(feeCell()) : b).endCell();
  };
  /** ROUTERV3_PAY_TO#a1daa96d with exit code 201 and its burn info; `coins` false omits the coins cell. */
  const payTo = (coins: boolean): Cell => {
    const coinsCell = beginCell()
      .storeCoins(70n)
      .storeAddress(at(WALLET0))
      .storeCoins(80n)
      .storeAddress(at(WALLET1))
      .endCell();
    const burnInfo = beginCell()
      .storeUint(4n, 64)
      .storeUint(900n, 128)
      .storeInt(-120, 24)
      .storeInt(120, 24)
      .storeInt(0, 24)
      .endCell();
    return op(0xa1daa96d)
      .storeAddress(at(USER))
      .storeAddress(at(USER))
      .storeUint(201, 32)
      .storeUint(1n, 64)
      .storeMaybeRef(coins ? coinsCell : null)
      .storeMaybeRef(burnInfo)
      .endCell();
  };
  const payout = (routerWallet: string, userWallet: string, amount: bigint): Hop => ({
    from: ROUTER,
    to: routerWallet,
    body: jettonTransfer(amount, USER, null),
    children: [{ from: routerWallet, to: userWallet, body: internalTransfer(amount, ROUTER) }],
  });
  const trace = (fees: boolean, coins: boolean) =>
    syntheticTrace(
      walletSends(USER, {
        to: POOL,
        body: startBurn,
        children: [
          {
            from: POOL,
            to: NFT,
            body: positionBurn,
            children: [
              {
                from: NFT,
                to: POOL,
                body: poolBurn(fees),
                children: [
                  {
                    from: POOL,
                    to: ROUTER,
                    body: payTo(coins),
                    children: [payout(WALLET0, USER_J0, 70n), payout(WALLET1, USER_J1, 80n)],
                  },
                ],
              },
            ],
          },
        ],
      }),
      interfaces,
    );

  void it('start burn → position burn → pool burn → pay_to → two payouts: the index of the pool burn', () => {
    const a = onlyAction(classifyOk(trace(true, true)), 'dex_withdraw_liquidity');
    assert.equal(a.source, USER);
    assert.equal(a.source_secondary, null);
    assert.equal(a.destination, POOL);
    assert.equal(a.asset, null);
    assert.equal(a.success, true);
    assert.deepEqual(a.dex_withdraw_liquidity_data, {
      dex: 'tonco',
      amount1: 70n,
      amount2: 80n,
      asset1_out: J0,
      asset2_out: J1,
      user_jetton_wallet_1: USER_J0,
      user_jetton_wallet_2: USER_J1,
      dex_jetton_wallet_1: WALLET0,
      dex_wallet_1: ROUTER,
      dex_wallet_2: ROUTER,
      dex_jetton_wallet_2: WALLET1,
      lp_tokens_burnt: 900n,
      burned_nft_index: 4n,
      burned_nft_address: NFT,
      tick_lower: -120,
      tick_upper: 120,
    });
  });

  void it('a pool burn without its fee cells is unreadable: the start-burn index stays', () => {
    const a = onlyAction(classifyOk(trace(false, true)), 'dex_withdraw_liquidity');
    assert.equal(a.dex_withdraw_liquidity_data?.burned_nft_index, 3n);
  });

  void it('a pay_to without its coins cell builds no withdrawal', () => {
    const types = classifyOk(trace(true, false)).map((x) => x.type);
    assert.ok(!types.includes('dex_withdraw_liquidity'), types.join(', '));
  });
});
