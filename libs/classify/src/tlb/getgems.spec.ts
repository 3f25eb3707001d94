/**
 * getgems auction and sale data as each contract version lays it out in the state init
 * (https://github.com/getgems-io/nft-contracts, nft-auction v1, v3r2, v3r3 and v4r1, nft-fixprice-sale
 * v4r1), read by the version its code hash names. Every field toncenter's `messages/getgems.py` loads
 * is loaded, so data cut short before the last of them gives no data (its parser raises and its
 * put-on-sale matcher builds nothing).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, type Builder, storeStateInit } from '@ton/core';
import { testAddress } from '../testing/synthetic-trace';
import { auctionInitData, saleInitData } from './getgems';

const FEE = testAddress(0, '1');
const ROYALTY = testAddress(0, '2');
const MARKET = testAddress(0, '3');
const BIDDER = testAddress(0, '4');
const OWNER = testAddress(0, '5');
const a = (raw: string): Address => Address.parse(raw);

/** The code hashes the versions are known by (base64, as toncenter keys them). */
const CODE_HASH = {
  v1: '/ACindAgW83MDT/7nKOMw8jBWexg2KpUMkCpLxBZLUA=',
  v3r2: 'G9nFo5v/t6DzQViLXdkrgTqEK/Ze8UEJOCIAzq+Pct8=',
  v3r3: 'u29ireD+stefqzuK6/CTCvmFU99gCTsgJ/Covxab/Ow=',
  v4r1: 'zlp4U06qps7tja/UhtB262CpsNbb+1Nnb2YmScBomVY=',
};

const stateInit = (data: Builder): string =>
  beginCell()
    .store(storeStateInit({ code: beginCell().storeUint(1, 8).endCell(), data: data.endCell() }))
    .endCell()
    .toBoc()
    .toString('base64');

/** What every layout below stores: the fees 5/100 to FEE, royalty base 1000 to ROYALTY, bids 1..90 TON. */
const EXPECTED = {
  mp_fee_addr: FEE,
  mp_fee_factor: 5n,
  mp_fee_base: 100n,
  royalty_fee_addr: ROYALTY,
  royalty_fee_base: 1000n,
  min_bid: 1_000_000_000n,
  max_bid: 90_000_000_000n,
};

/** v1 / v3r2 fees cell: mp_fee_addr mp_fee_factor mp_fee_base royalty_fee_addr royalty factor, base. */
const addressFirstFees = (): Builder =>
  beginCell()
    .storeAddress(a(FEE))
    .storeUint(5, 32)
    .storeUint(100, 32)
    .storeAddress(a(ROYALTY))
    .storeUint(10, 32)
    .storeUint(1000, 32);

/** mp_addr min_bid max_bid, without what follows. */
const constantsToMaxBid = (): Builder =>
  beginCell().storeAddress(a(MARKET)).storeCoins(1_000_000_000n).storeCoins(90_000_000_000n);

/** mp_addr min_bid max_bid min_step step_time. */
const constants = (): Builder => constantsToMaxBid().storeCoins(100_000_000n).storeUint(300, 32);

/**
 * v3r3 / v4r1: end?:1 is_canceled?:1 last_member last_bid last_bid_at end_time nft_owner
 * last_query_id:64, here an auction with a bid, so that every field before the fees takes room.
 */
const runningState = (): Builder =>
  beginCell()
    .storeUint(0, 2)
    .storeAddress(a(BIDDER))
    .storeCoins(2_000_000_000n)
    .storeUint(1_700_000_100, 32)
    .storeUint(1_800_000_000, 32)
    .storeAddress(a(OWNER))
    .storeUint(77, 64);

void describe('auctionInitData (getgems nft-auction state init)', () => {
  void it('v1: ^fees ^bids', () => {
    const data = beginCell().storeRef(addressFirstFees()).storeRef(
      // min_bid max_bid min_step end_time step_time try_step_time
      beginCell()
        .storeCoins(1_000_000_000n)
        .storeCoins(90_000_000_000n)
        .storeCoins(1n)
        .storeUint(1_800_000_000, 32)
        .storeUint(300, 32)
        .storeUint(0, 32),
    );
    assert.deepEqual(auctionInitData(stateInit(data), CODE_HASH.v1), EXPECTED);
  });

  void it('v3r2: the state, ^fees, ^constants after sub_gas_price_from_bid', () => {
    const data = beginCell()
      .storeUint(0, 3)
      .storeAddress(null)
      .storeCoins(0)
      .storeUint(0, 32)
      .storeUint(1_800_000_000, 32)
      .storeRef(addressFirstFees())
      .storeRef(beginCell().storeUint(0, 32).storeBuilder(constants()));
    assert.deepEqual(auctionInitData(stateInit(data), CODE_HASH.v3r2), EXPECTED);
  });

  /** v3r3 data with the constants cell `c`. */
  const v3r3 = (c: Builder): Builder =>
    runningState()
      .storeUint(5, 32)
      .storeUint(100, 32)
      .storeUint(10, 32)
      .storeUint(1000, 32)
      .storeRef(beginCell().storeAddress(a(FEE)).storeAddress(a(ROYALTY)))
      .storeRef(c);

  void it('v3r3: the fee numbers inline, the fee addresses and the constants in refs', () => {
    assert.deepEqual(auctionInitData(stateInit(v3r3(constants())), CODE_HASH.v3r3), EXPECTED);
  });

  void it('v3r3 whose constants end after max_bid: null (min_step and step_time are read too)', () => {
    assert.equal(auctionInitData(stateInit(v3r3(constantsToMaxBid())), CODE_HASH.v3r3), null);
  });

  void it('an unknown code hash reads the v3r3 layout', () => {
    assert.deepEqual(auctionInitData(stateInit(v3r3(constants())), null), EXPECTED);
  });

  void it('v4r1: the fee addresses and numbers together in the fees ref', () => {
    const fees = beginCell()
      .storeAddress(a(FEE))
      .storeAddress(a(ROYALTY))
      .storeUint(5, 32)
      .storeUint(100, 32)
      .storeUint(10, 32)
      .storeUint(1000, 32);
    const data = runningState().storeRef(fees).storeRef(constants());
    assert.deepEqual(auctionInitData(stateInit(data), CODE_HASH.v4r1), EXPECTED);
  });

  void it('data that is not the version’s layout: null', () => {
    assert.equal(auctionInitData(stateInit(beginCell().storeUint(0, 2)), CODE_HASH.v4r1), null);
  });
});

/** Sale v4r1 data (the layout of an unknown code hash) with the static cell `statics`. */
const saleV4r1 = (statics: Builder): string =>
  stateInit(
    beginCell()
      .storeUint(0, 1)
      .storeAddress(a(MARKET))
      .storeAddress(null)
      .storeCoins(3_000_000_000n)
      .storeUint(0, 32)
      .storeUint(0, 64)
      .storeRef(statics),
  );

void describe('saleInitData (getgems nft-fixprice-sale state init)', () => {
  const statics = (): Builder => beginCell().storeAddress(a(FEE)).storeAddress(a(ROYALTY));

  void it('v4r1 with its fee and royalty percentages: the addresses, no fee or royalty amounts', () => {
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

  void it('v4r1 whose static cell ends before the percentages: null', () => {
    assert.equal(saleInitData(saleV4r1(statics()), null), null);
  });
});
