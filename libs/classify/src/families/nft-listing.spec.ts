/**
 * An NFT listing from start to end: put on sale or auction, a sale cancelled or updated, a getgems
 * auction finished or cancelled (toncenter `blocks/auction.py` NftPutOnSaleBlockMatcher,
 * UpdateSaleMatcher, NftCancelSaleMatcher, NftFinishAuctionMatcher, NftCancelAuctionMatcher), on
 * synthetic traces with real TL-B bodies and state inits built with @ton/core: each case names the
 * rule it pins.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beginCell, type Cell, storeStateInit } from '@ton/core';
import { type Hop, walletSends } from '../testing/synthetic-trace';
import { renderApiAction } from '../api-render';
import {
  only,
  BUYER,
  SELLER,
  ITEM,
  COLLECTION,
  SALE,
  MARKET,
  LISTING,
  ROYALTY,
  AUCTION,
  FEE,
  a,
  classify,
  item,
  op,
  comment,
  nftTransfer,
  ownershipAssigned,
  itemHandsOver,
  saleInfo,
  auctionInfo,
  assertParties,
} from '../testing/nft-trades';

void describe('put on sale / auction (auction.py NftPutOnSaleBlockMatcher)', () => {
  const stateInit = (data: Cell): Cell =>
    beginCell()
      .store(storeStateInit({ code: beginCell().storeUint(1, 8).endCell(), data }))
      .endCell();
  /** getgems sale v3r3 data: is_complete created_at marketplace nft nft_owner full_price ^fees. */
  const saleV3r3 = stateInit(
    beginCell()
      .storeUint(0, 1)
      .storeUint(1_700_000_000, 32)
      .storeAddress(a(MARKET))
      .storeAddress(a(ITEM))
      .storeAddress(null)
      .storeCoins(3_000_000_000n)
      .storeRef(
        beginCell()
          .storeAddress(a(FEE))
          .storeCoins(150_000_000n)
          .storeAddress(a(ROYALTY))
          .storeCoins(300_000_000n),
      )
      .endCell(),
  );
  /** getgems auction v3r3 data, the layout read for a code hash that names no other version. */
  const auctionV3r3 = stateInit(
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
      .storeRef(beginCell().storeAddress(a(FEE)).storeAddress(a(ROYALTY)))
      .storeRef(
        beginCell()
          .storeAddress(a(MARKET))
          .storeCoins(1_000_000_000n)
          .storeCoins(90_000_000_000n)
          .storeCoins(100_000_000n)
          .storeUint(300, 32),
      )
      .endCell(),
  );
  const listing = (target: string, init: Cell): Hop =>
    walletSends(SELLER, {
      to: ITEM,
      body: nftTransfer(LISTING, SELLER, 100_000_000n),
      children: [
        {
          from: ITEM,
          to: LISTING,
          body: ownershipAssigned(SELLER),
          value: 100_000_000n,
          children: [
            { from: LISTING, to: target, deploys: true, init, value: 50_000_000n },
            itemHandsOver(LISTING, target, LISTING),
          ],
        },
      ],
    });

  it('a listing contract deploying a v3r3 sale and passing it the item: nft_put_on_sale with the prices of the state init', () => {
    const actions = classify(listing(SALE, saleV3r3), {
      [SALE]: saleInfo({ code_hash: 'JCIfpXHlQuBVx3vt/b9SfHr0YM/cfzRMRQeHtM+h600=' }),
      [ITEM]: item(),
    });
    const s = only(actions, 'nft_put_on_sale');
    assertParties(s, {
      source: SELLER,
      source_secondary: LISTING,
      destination: SALE,
      asset: COLLECTION,
      asset_secondary: ITEM,
    });
    assert.deepEqual(s.nft_transfer_data, { marketplace_address: MARKET });
    assert.deepEqual(renderApiAction(s).details, {
      nft_collection: COLLECTION,
      nft_item: ITEM,
      nft_item_index: '42',
      owner: SELLER,
      listing_address: LISTING,
      sale_address: SALE,
      // toncenter reads it from destination_secondary, which its serializer leaves empty
      marketplace_address: null,
      full_price: '3000000000',
      marketplace_fee: '150000000',
      royalty_amount: '300000000',
      marketplace_fee_address: FEE,
      royalty_address: ROYALTY,
      marketplace: 'getgems',
    });
    assert.deepEqual(s.nft_listing_data, {
      nft_item_index: 42n,
      full_price: 3_000_000_000n,
      marketplace_fee: 150_000_000n,
      royalty_amount: 300_000_000n,
      marketplace_fee_address: FEE,
      marketplace: 'getgems',
      royalty_address: ROYALTY,
      mp_fee_factor: null,
      mp_fee_base: null,
      royalty_fee_base: null,
      max_bid: null,
      min_bid: null,
    });
    // both transfers are inside it (nft_put_on_sale is a v2 type: its children are serialised too)
    assert.equal(
      actions.filter(
        (x) => x.type === 'nft_transfer' && x.ancestor_type.includes('nft_put_on_sale'),
      ).length,
      2,
    );
  });

  it('a sale whose seller is not the one who listed: no nft_put_on_sale', () => {
    const actions = classify(listing(SALE, saleV3r3), {
      [SALE]: saleInfo({ nft_owner_address: BUYER }),
      [ITEM]: item(),
    });
    assert.ok(!actions.some((x) => x.type === 'nft_put_on_sale'));
  });

  it('a listing deploying a getgems auction: nft_put_on_auction with fees and bids of its data', () => {
    const actions = classify(listing(AUCTION, auctionV3r3), {
      [AUCTION]: auctionInfo(),
      [ITEM]: item(),
    });
    const s = only(actions, 'nft_put_on_auction');
    assertParties(s, { source: SELLER, source_secondary: LISTING, destination: AUCTION });
    assert.deepEqual(s.nft_transfer_data, { marketplace_address: MARKET });
    assert.deepEqual(s.nft_listing_data, {
      nft_item_index: 42n,
      mp_fee_factor: 5n,
      mp_fee_base: 100n,
      royalty_fee_base: 1000n,
      max_bid: 90_000_000_000n,
      min_bid: 1_000_000_000n,
      marketplace_fee_address: FEE,
      marketplace: 'getgems',
      royalty_address: ROYALTY,
      full_price: null,
      marketplace_fee: null,
      royalty_amount: null,
    });
  });
});

void describe('sale cancel and update (auction.py NftCancelSaleMatcher, UpdateSaleMatcher)', () => {
  it("cancel (op 3) to a sale that returns the item: nft_cancel_sale from the item's new owner", () => {
    const actions = classify(
      walletSends(SELLER, {
        to: SALE,
        body: op(3).endCell(),
        children: [itemHandsOver(SALE, SELLER, SALE)],
      }),
      { [SALE]: saleInfo(), [ITEM]: item() },
    );
    const c = only(actions, 'nft_cancel_sale');
    assertParties(c, { source: SELLER, destination: SALE, asset_secondary: ITEM });
    assert.deepEqual(c.nft_transfer_data, { marketplace_address: MARKET });
    assert.ok(c.accounts.includes(ITEM));
    only(actions, 'nft_transfer');
  });

  it('sale_update (0x6c6c2080) to a sale: nft_update_sale with the new price, fee and royalty', () => {
    const body = op(0x6c6c2080)
      .storeCoins(8_000_000_000n)
      .storeCoins(400_000_000n)
      .storeCoins(800_000_000n)
      .endCell();
    const actions = classify(
      { from: null, to: SELLER, children: [{ from: SELLER, to: SALE, body }] },
      { [SALE]: saleInfo() },
    );
    const u = only(actions, 'nft_update_sale');
    assertParties(u, { source: SELLER, destination: SALE, asset_secondary: ITEM });
    assert.deepEqual(u.nft_listing_data, {
      full_price: 8_000_000_000n,
      royalty_amount: 800_000_000n,
      marketplace_fee: 400_000_000n,
    });
    assert.deepEqual(u.nft_transfer_data, { marketplace_address: MARKET });
    assert.ok(u.accounts.includes(ITEM));
  });
});

void describe('getgems auction finished by a "finish" comment (nft.py proxy, auction.py NftFinishAuctionMatcher)', () => {
  const finish = (text: string): Hop =>
    walletSends(SELLER, {
      to: AUCTION,
      body: comment(text),
      value: 100_000_000n,
      children: [
        itemHandsOver(AUCTION, BUYER, AUCTION),
        { from: AUCTION, to: SELLER, value: 6_500_000_000n },
      ],
    });

  it('the payout hangs off the comment: nft_purchase through an empty proxy, and nft_finish_auction on the comment', () => {
    const actions = classify(finish('finish'), { [AUCTION]: auctionInfo(), [ITEM]: item() });
    // v2 types serialise their children: the comment under the finish, transfer and payout under
    // the purchase; the empty proxy is never an action
    assert.deepEqual(actions.map((x) => `${x.type}<${x.ancestor_type.join()}`).sort(), [
      'nft_finish_auction<',
      'nft_purchase<',
      'nft_transfer<nft_purchase',
      'ton_transfer<nft_finish_auction',
      'ton_transfer<nft_purchase',
    ]);
    const p = only(actions, 'nft_purchase');
    assert.equal(p.nft_transfer_data!.price, 7_000_000_000n);
    assert.equal(p.nft_transfer_data!.payout_amount, 6_500_000_000n);
    assert.equal(p.nft_transfer_data!.real_prev_owner, SELLER);
    assert.equal(p.nft_transfer_data!.marketplace_address, MARKET);
    const f = only(actions, 'nft_finish_auction');
    assertParties(f, {
      source: BUYER,
      destination: AUCTION,
      asset_secondary: ITEM,
      asset: COLLECTION,
    });
    assert.deepEqual(f.nft_transfer_data, { marketplace_address: null });
    // the finish comment is the finish action, not a bid
    assert.ok(!actions.some((x) => x.type === 'auction_bid'));
  });

  it('"cancel" returning the item to its owner: nft_cancel_auction with the auction\'s marketplace', () => {
    const actions = classify(
      walletSends(SELLER, {
        to: AUCTION,
        body: comment('cancel'),
        children: [itemHandsOver(AUCTION, SELLER, AUCTION)],
      }),
      { [AUCTION]: auctionInfo(), [ITEM]: item() },
    );
    const c = only(actions, 'nft_cancel_auction');
    assert.equal(c.source, SELLER);
    assert.equal(c.destination, AUCTION);
    assert.deepEqual(c.nft_transfer_data, { marketplace_address: MARKET });
    // the return itself stays an nft_transfer of its own
    assert.equal(only(actions, 'nft_transfer').destination, SELLER);
  });

  it('the stop op (0xb95616b6) returning the item: nft_finish_auction', () => {
    const actions = classify(
      walletSends(SELLER, {
        to: AUCTION,
        body: op(0xb95616b6).endCell(),
        children: [itemHandsOver(AUCTION, SELLER, AUCTION)],
      }),
      { [AUCTION]: auctionInfo(), [ITEM]: item() },
    );
    assert.equal(
      only(actions, 'nft_finish_auction').nft_transfer_data!.marketplace_address,
      MARKET,
    );
  });
});
