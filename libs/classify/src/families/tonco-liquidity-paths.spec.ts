/**
 * TONCO pool deployment (toncenter `blocks/liquidity.py` ToncoDeployPoolBlockMatcher) on a trace shaped
 * as the router and the new pool exchange it, and the liquidity messages TONCO deposits read, with
 * real TL-B bodies built here (https://github.com/cryptoalgebra/tonco-sdk `ContractMessageMeta`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, type Builder, type Cell } from '@ton/core';
import { bocBase64, bodySlice } from '../tlb/cells';
import { parseToncoFundAccountPayload, parseToncoPositionInit } from '../tlb/tonco';
import { classifyOk, onlyAction } from '../testing/classified';
import { syntheticTrace, testAddress } from '../testing/synthetic-trace';

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
  syntheticTrace({
    from: null,
    to: DEPLOYER,
    children: [
      {
        from: DEPLOYER,
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
      },
    ],
  });

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
