/**
 * getgems sale and auction data read from a state init as toncenter's `messages/getgems.py` reads it:
 * every field it loads is loaded, so data cut short before the last of them gives no data (toncenter's
 * parser raises and its put-on-sale matcher builds nothing).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, type Builder, type Cell, storeStateInit } from '@ton/core';
import { auctionInitData, saleInitData } from './getgems';
import { bocBase64 } from './cells';

const MARKET = `0:${'f'.repeat(64).toUpperCase()}`;
const FEE = `0:${'4'.repeat(64).toUpperCase()}`;
const ROYALTY = `0:${'2'.repeat(64).toUpperCase()}`;
const at = (raw: string): Address => Address.parse(raw);

const stateInitBoc = (data: Cell): string =>
  bocBase64(
    beginCell()
      .store(storeStateInit({ code: beginCell().storeUint(1, 8).endCell(), data }))
      .endCell(),
    false,
  );

/** Sale v4r1 data (the layout of an unknown code hash) with the static cell `statics`. */
const saleV4r1 = (statics: Builder): string =>
  stateInitBoc(
    beginCell()
      .storeUint(0, 1)
      .storeAddress(at(MARKET))
      .storeAddress(null)
      .storeCoins(3_000_000_000n)
      .storeUint(0, 32)
      .storeUint(0, 64)
      .storeRef(statics)
      .endCell(),
  );

/** Auction v3r3 data (the layout of an unknown code hash) with the constants cell `constants`. */
const auctionV3r3 = (constants: Builder): string =>
  stateInitBoc(
    beginCell()
      .storeUint(0, 2)
      .storeAddress(null)
      .storeCoins(0)
      .storeUint(0, 32)
      .storeUint(1_800_000_000, 32)
      .storeAddress(null)
      .storeUint(0, 64)
      .storeUint(5, 32)
      .storeUint(100, 32)
      .storeUint(10, 32)
      .storeUint(1000, 32)
      .storeRef(beginCell().storeAddress(at(FEE)).storeAddress(at(ROYALTY)))
      .storeRef(constants)
      .endCell(),
  );

void describe('getgems state init data (messages/getgems.py)', () => {
  const statics = (): Builder => beginCell().storeAddress(at(FEE)).storeAddress(at(ROYALTY));

  it('sale v4r1 with its fee and royalty percentages: the addresses, no fee or royalty amounts', () => {
    const d = saleInitData(saleV4r1(statics().storeUint(500, 17).storeUint(1000, 17)), null);
    assert.deepEqual(d, {
      marketplace_address: MARKET,
      full_price: 3_000_000_000n,
      marketplace_fee_address: FEE,
      royalty_address: ROYALTY,
      marketplace_fee: null,
      royalty_amount: null,
    });
  });

  it('sale v4r1 whose static cell ends before the percentages: no data', () => {
    assert.equal(saleInitData(saleV4r1(statics()), null), null);
  });

  const constants = (): Builder =>
    beginCell().storeAddress(at(MARKET)).storeCoins(1_000_000_000n).storeCoins(90_000_000_000n);

  it('auction v3r3 with min_step and step_time: fees and bids', () => {
    const d = auctionInitData(
      auctionV3r3(constants().storeCoins(100_000_000n).storeUint(300, 32)),
      null,
    );
    assert.deepEqual(d, {
      mp_fee_addr: FEE,
      mp_fee_factor: 5n,
      mp_fee_base: 100n,
      royalty_fee_addr: ROYALTY,
      royalty_fee_base: 1000n,
      min_bid: 1_000_000_000n,
      max_bid: 90_000_000_000n,
    });
  });

  it('auction v3r3 whose constants end after max_bid: no data', () => {
    assert.equal(auctionInitData(auctionV3r3(constants()), null), null);
  });
});
