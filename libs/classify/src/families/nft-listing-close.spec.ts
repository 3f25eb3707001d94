/**
 * Closing an NFT listing: a getgems auction finished or cancelled, a sale cancelled or updated
 * (toncenter `blocks/auction.py` NftFinishAuctionMatcher, NftCancelAuctionMatcher,
 * NftCancelSaleMatcher, UpdateSaleMatcher),
 * on synthetic traces with real TL-B bodies built with @ton/core: each case names the rule
 * it pins.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Hop } from '../testing/synthetic-trace';
import {
  only,
  BUYER,
  SELLER,
  ITEM,
  COLLECTION,
  SALE,
  MARKET,
  AUCTION,
  classify,
  item,
  op,
  comment,
  itemHandsOver,
  saleInfo,
  auctionInfo,
} from '../testing/nft-trades';

void describe('getgems auction finished by a "finish" comment (nft.py proxy, auction.py NftFinishAuctionMatcher)', () => {
  const finish = (text: string): Hop => ({
    from: null,
    to: SELLER,
    children: [
      {
        from: SELLER,
        to: AUCTION,
        body: comment(text),
        value: 100_000_000n,
        children: [
          itemHandsOver(AUCTION, BUYER, AUCTION),
          { from: AUCTION, to: SELLER, value: 6_500_000_000n },
        ],
      },
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
    assert.equal(f.source, BUYER);
    assert.equal(f.destination, AUCTION);
    assert.equal(f.asset_secondary, ITEM);
    assert.equal(f.asset, COLLECTION);
    assert.deepEqual(f.nft_transfer_data, { marketplace_address: null });
    // the finish comment is the finish action, not a bid
    assert.ok(!actions.some((x) => x.type === 'auction_bid'));
  });

  it('"cancel" returning the item to its owner: nft_cancel_auction with the auction\'s marketplace', () => {
    const actions = classify(
      {
        from: null,
        to: SELLER,
        children: [
          {
            from: SELLER,
            to: AUCTION,
            body: comment('cancel'),
            children: [itemHandsOver(AUCTION, SELLER, AUCTION)],
          },
        ],
      },
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
      {
        from: null,
        to: SELLER,
        children: [
          {
            from: SELLER,
            to: AUCTION,
            body: op(0xb95616b6).endCell(),
            children: [itemHandsOver(AUCTION, SELLER, AUCTION)],
          },
        ],
      },
      { [AUCTION]: auctionInfo(), [ITEM]: item() },
    );
    assert.equal(
      only(actions, 'nft_finish_auction').nft_transfer_data!.marketplace_address,
      MARKET,
    );
  });
});

void describe('sale cancel and update (auction.py NftCancelSaleMatcher, UpdateSaleMatcher)', () => {
  it("cancel (op 3) to a sale that returns the item: nft_cancel_sale from the item's new owner", () => {
    const actions = classify(
      {
        from: null,
        to: SELLER,
        children: [
          {
            from: SELLER,
            to: SALE,
            body: op(3).endCell(),
            children: [itemHandsOver(SALE, SELLER, SALE)],
          },
        ],
      },
      { [SALE]: saleInfo(), [ITEM]: item() },
    );
    const c = only(actions, 'nft_cancel_sale');
    assert.equal(c.source, SELLER);
    assert.equal(c.destination, SALE);
    assert.equal(c.asset_secondary, ITEM);
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
    assert.equal(u.source, SELLER);
    assert.equal(u.destination, SALE);
    assert.equal(u.asset_secondary, ITEM);
    assert.deepEqual(u.nft_listing_data, {
      full_price: 8_000_000_000n,
      royalty_amount: 800_000_000n,
      marketplace_fee: 400_000_000n,
    });
    assert.deepEqual(u.nft_transfer_data, { marketplace_address: MARKET });
    assert.ok(u.accounts.includes(ITEM));
  });
});
