/**
 * DeDust's pool swap log (swap#9c610de3, https://docs.dedust.io/reference/tlb-schemes, "Swap
 * event"): toncenter's `messages/swaps.py` DedustSwapNotification loads every field including the
 * ref with sender, referral and reserves, so a log without that ref gives no swap there.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, type Builder, type Cell, type Slice } from '@ton/core';
import { testAddress } from '../testing/synthetic-trace';
import { bodySlice } from './cells';
import { parseDedustDepositToPool, parseDedustSwapNotification } from './dedust';

const b64 = (c: Cell): Slice => bodySlice(c.toBoc().toString('base64'));

const JETTON = testAddress(0, 'a');
const SENDER = testAddress(0, 'b');

/** asset_in native$0000, asset_out jetton$0001 workchain:int8 address:uint256, then the amounts. */
function head(): Builder {
  const j = Address.parse(JETTON);
  return beginCell()
    .storeUint(0x9c610de3, 32)
    .storeUint(0, 4)
    .storeUint(1, 4)
    .storeInt(j.workChain, 8)
    .storeBuffer(j.hash)
    .storeCoins(1_000_000_000n)
    .storeCoins(777n);
}

describe('dedust swap log', () => {
  it('reads the amounts and assets of a whole log', () => {
    const ref = beginCell()
      .storeAddress(Address.parse(SENDER))
      .storeUint(0, 2)
      .storeCoins(5n)
      .storeCoins(6n)
      .endCell();
    const msg = parseDedustSwapNotification(b64(head().storeRef(ref).endCell()));
    assert.deepEqual(msg, {
      asset_in: { isTon: true, jetton: null },
      asset_out: { isTon: false, jetton: Address.parse(JETTON).toRawString().toUpperCase() },
      amount_in: 1_000_000_000n,
      amount_out: 777n,
    });
  });

  it('refuses a log without its sender/reserves ref', () => {
    assert.throws(() => parseDedustSwapNotification(b64(head().endCell())));
  });

  it('refuses a log whose ref stops before reserve1', () => {
    const ref = beginCell()
      .storeAddress(Address.parse(SENDER))
      .storeUint(0, 2)
      .storeCoins(5n)
      .endCell();
    assert.throws(() => parseDedustSwapNotification(b64(head().storeRef(ref).endCell())));
  });
});

/**
 * deposit#b56b9598 (deposit contract → pool): toncenter's DedustDepositLiquidityToPool
 * (`messages/liquidity.py`) reads fulfill_payload and reject_payload (two `Maybe ^Cell`) after the
 * assets' reference, so a body ending before them is unreadable and builds no deposit.
 */
describe('dedust deposit to pool', () => {
  const OWNER = testAddress(0, 'c');
  const body = (withPayloadBits: boolean): Cell => {
    const assets = beginCell()
      .storeUint(0, 4)
      .storeCoins(5n)
      .storeUint(1, 4)
      .storeInt(0, 8)
      .storeBuffer(Address.parse(JETTON).hash)
      .storeCoins(7n)
      .endCell();
    const b = beginCell()
      .storeUint(0xb56b9598, 32)
      .storeUint(1, 64)
      .storeRef(beginCell().endCell())
      .storeAddress(Address.parse(OWNER))
      .storeCoins(0n)
      .storeRef(assets);
    if (withPayloadBits) {
      b.storeBit(false).storeBit(false);
    }
    return b.endCell();
  };

  it('reads the owner and both assets with their amounts', () => {
    assert.deepEqual(parseDedustDepositToPool(b64(body(true))), {
      owner: OWNER,
      asset0: { isTon: true, jetton: null },
      asset0_amount: 5n,
      asset1: { isTon: false, jetton: JETTON },
      asset1_amount: 7n,
    });
  });

  it('refuses a body without its fulfill and reject payloads', () => {
    assert.throws(() => parseDedustDepositToPool(b64(body(false))));
  });
});
