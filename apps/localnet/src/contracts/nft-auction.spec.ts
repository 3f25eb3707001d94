import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';

import { type ActionRow } from '@app/classify';
import { type Address, toNano } from '@ton/core';
import { type SandboxContract, type TreasuryContract } from '@ton/sandbox';

import { actionLines, classifySandboxTrace, rawUpper } from './classified-sandbox-trace';
import { AUCTION_MAGIC, NftAuction, OUTBID_COMMENT } from './nft-auction.contract';
import { type NftItem } from './nft-item.contract';
import {
  handOver,
  MARKET_NOW,
  mintForSeller,
  type NftMarket,
  nftMarket,
} from './nft-market.testing';
import { NFT } from '@app/ton';
import { exitCode, inboundBody, inboundValue, transactionTo } from './sandbox-transactions';

const MIN_BID = toNano('1');
const MIN_STEP = toNano('0.1');
const MAX_BID = toNano('5');
const END_TIME = MARKET_NOW + 3600;

/**
 * The local getgems-form auction, and its traces classified as ton-indexer classifies them
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/indexer/indexer/events/blocks/auction.py and
 * nft.py): a TON transfer to an auction is an auction_bid; the refund with getgems' outbid comment is
 * an auction_outbid; the item leaving the auction for the winner is an nft_purchase at the auction's
 * last bid, inside an nft_finish_auction when a "finish" message closed it; "cancel" is an
 * nft_cancel_auction.
 */
void describe('NFT auction (getgems form)', () => {
  let market: NftMarket;
  let seller: SandboxContract<TreasuryContract>;
  let buyer: SandboxContract<TreasuryContract>;
  let bidder: SandboxContract<TreasuryContract>;

  /** Item `index` minted for the seller, an auction for it deployed, and the item sent to it. */
  async function auctioned(index: bigint): Promise<{
    item: SandboxContract<NftItem>;
    auction: SandboxContract<NftAuction>;
  }> {
    const item = await mintForSeller(market, index);
    const auction = market.blockchain.openContract(
      await NftAuction.createFromConfig({
        marketplace: market.marketplace.address,
        nft: item.address,
        marketplaceFee: { address: market.marketplace.address, factor: 5, base: 100 },
        royalty: { address: market.artist.address, factor: 10, base: 100 },
        minBid: MIN_BID,
        maxBid: MAX_BID,
        minStep: MIN_STEP,
        stepTime: 300,
        endTime: END_TIME,
        createdAt: MARKET_NOW,
      }),
    );
    await auction.sendDeploy(seller.getSender(), toNano('0.1'));
    await handOver(market, item, auction.address);
    return { item, auction };
  }

  const raw = (a: Address | null): string | null => (a === null ? null : rawUpper(a));

  before(async () => {
    market = await nftMarket('auction');
    ({ seller, buyer } = market);
    bidder = await market.blockchain.treasury('auction-bidder');
  });

  void it('activates on the item’s ownership_assigned and answers get_sale_data in the AUC form', async () => {
    const { item, auction } = await auctioned(0n);
    assert.equal(raw((await item.getNftData()).owner), rawUpper(auction.address));
    const data = await auction.getSaleData();
    assert.deepEqual(
      [data.magic, data.end, data.endTime, raw(data.nftOwner), data.lastBid, data.lastMember],
      [AUCTION_MAGIC, false, END_TIME, rawUpper(seller.address), 0n, null],
    );
    assert.deepEqual(
      [data.minBid, data.maxBid, data.minStep, data.isCanceled],
      [MIN_BID, MAX_BID, MIN_STEP, false],
    );
  });

  void it('a bid is an auction_bid; outbidding refunds the previous bidder, an auction_outbid', async () => {
    const { item, auction } = await auctioned(1n);
    const low = await auction.sendBid(bidder.getSender(), MIN_BID - 1n);
    assert.equal(exitCode(transactionTo(low.transactions, auction.address) ?? assert.fail()), 1000);

    const first = await auction.sendBid(bidder.getSender(), MIN_BID);
    const firstTrace = await classifySandboxTrace(market.blockchain, first.transactions);
    assert.equal(firstTrace.error, undefined);
    const at = rawUpper(auction.address);
    assert.deepEqual(actionLines(firstTrace.actions), [
      ['auction_bid', '', rawUpper(bidder.address), at, MIN_BID],
    ]);
    const bid = firstTrace.actions[0] ?? assert.fail();
    assert.deepEqual(
      [bid.success, bid.asset, bid.asset_secondary, bid.nft_transfer_data],
      [
        true,
        rawUpper(market.collection.address),
        rawUpper(item.address),
        { nft_item_index: 1n, marketplace: 'getgems' },
      ],
    );

    const second = await auction.sendBid(buyer.getSender(), MIN_BID + MIN_STEP);
    const refund = transactionTo(second.transactions, bidder.address) ?? assert.fail();
    assert.equal(inboundValue(refund), MIN_BID);
    assert.equal(inboundBody(refund).skip(32).loadStringTail(), OUTBID_COMMENT);
    const secondTrace = await classifySandboxTrace(market.blockchain, second.transactions);
    assert.equal(secondTrace.error, undefined);
    assert.deepEqual(actionLines(secondTrace.actions), [
      ['auction_bid', '', rawUpper(buyer.address), at, MIN_BID + MIN_STEP],
      ['auction_outbid', '', at, rawUpper(bidder.address), null],
      ['ton_transfer', 'auction_outbid', at, rawUpper(bidder.address), MIN_BID],
    ]);
    const outbid = secondTrace.actions[1] ?? assert.fail();
    assert.deepEqual(
      [
        outbid.amount,
        outbid.asset,
        outbid.asset_secondary,
        outbid.source_secondary,
        outbid.nft_transfer_data?.marketplace,
        outbid.ton_transfer_data?.comment,
      ],
      [
        MIN_BID,
        rawUpper(market.collection.address),
        rawUpper(item.address),
        rawUpper(buyer.address),
        'getgems',
        OUTBID_COMMENT,
      ],
    );
  });

  /** The winner's purchase: the item's transfer out of the auction at its last bid. */
  function assertPurchase(
    purchase: ActionRow | undefined,
    expected: { auction: Address; item: Address; winner: Address; price: bigint; payout: bigint },
  ): void {
    const data = purchase?.nft_transfer_data;
    assert.deepEqual(
      {
        success: purchase?.success,
        source: purchase?.source,
        destination: purchase?.destination,
        asset: purchase?.asset,
        asset_secondary: purchase?.asset_secondary,
        is_purchase: data?.is_purchase,
        price: data?.price,
        marketplace: data?.marketplace,
        marketplace_address: data?.marketplace_address,
        real_prev_owner: data?.real_prev_owner,
        payout_amount: data?.payout_amount,
      },
      {
        success: true,
        source: rawUpper(expected.auction),
        destination: rawUpper(expected.winner),
        asset: rawUpper(market.collection.address),
        asset_secondary: rawUpper(expected.item),
        is_purchase: true,
        price: expected.price,
        marketplace: 'getgems',
        marketplace_address: rawUpper(market.marketplace.address),
        real_prev_owner: rawUpper(seller.address),
        payout_amount: expected.payout,
      },
    );
  }

  void it('a bid of max_bid buys the item at once: an nft_purchase at that price', async () => {
    const { item, auction } = await auctioned(2n);
    await auction.sendBid(buyer.getSender(), MIN_BID);
    const result = await auction.sendBid(bidder.getSender(), MAX_BID);
    assert.equal(raw((await item.getNftData()).owner), rawUpper(bidder.address));
    const payout = inboundValue(
      transactionTo(result.transactions, seller.address) ?? assert.fail(),
    );
    assert.equal(payout, MAX_BID - (MAX_BID * 5n) / 100n - (MAX_BID * 10n) / 100n);
    const moved = transactionTo(result.transactions, item.address, NFT.transfer.opcode);
    assert.equal(moved === undefined ? undefined : exitCode(moved), 0);

    const { actions, error } = await classifySandboxTrace(market.blockchain, result.transactions);
    assert.equal(error, undefined);
    const at = rawUpper(auction.address);
    // The buyout bid is inside the purchase (no auction_bid); the refund to the outbid bidder, the
    // fee and the royalty stay plain transfers.
    assert.deepEqual(actionLines(actions), [
      ['nft_purchase', '', at, rawUpper(bidder.address), null],
      ['nft_transfer', 'nft_purchase', at, rawUpper(bidder.address), null],
      ['ton_transfer', 'nft_purchase', at, rawUpper(seller.address), payout],
      ['ton_transfer', '', at, rawUpper(buyer.address), MIN_BID],
      ['ton_transfer', '', at, rawUpper(market.marketplace.address), (MAX_BID * 5n) / 100n],
      ['ton_transfer', '', at, rawUpper(market.artist.address), (MAX_BID * 10n) / 100n],
    ]);
    assertPurchase(actions[0], {
      auction: auction.address,
      item: item.address,
      winner: bidder.address,
      price: MAX_BID,
      payout,
    });
  });

  void it('"cancel" by the seller before any bid returns the item: an nft_cancel_auction', async () => {
    const { item, auction } = await auctioned(3n);
    const result = await auction.sendCommand(seller.getSender(), toNano('0.1'), 'cancel');
    assert.equal(raw((await item.getNftData()).owner), rawUpper(seller.address));
    assert.equal((await auction.getSaleData()).isCanceled, true);
    const { actions, error } = await classifySandboxTrace(market.blockchain, result.transactions);
    assert.equal(error, undefined);
    const at = rawUpper(auction.address);
    const owner = rawUpper(seller.address);
    // NftCancelAuctionMatcher merges only the "cancel" transfer; the item's return stays a transfer.
    assert.deepEqual(actionLines(actions), [
      ['nft_cancel_auction', '', owner, at, null],
      ['ton_transfer', 'nft_cancel_auction', owner, at, toNano('0.1')],
      ['nft_transfer', '', at, owner, null],
    ]);
    const cancel = actions[0] ?? assert.fail();
    assert.deepEqual(
      [
        cancel.success,
        cancel.source,
        cancel.destination,
        cancel.asset,
        cancel.asset_secondary,
        cancel.nft_transfer_data,
      ],
      [
        true,
        rawUpper(seller.address),
        rawUpper(auction.address),
        rawUpper(market.collection.address),
        rawUpper(item.address),
        { marketplace_address: rawUpper(market.marketplace.address) },
      ],
    );
  });

  void it('"finish" after end_time sells to the last bidder: nft_finish_auction around an nft_purchase', async () => {
    const { item, auction } = await auctioned(4n);
    await auction.sendBid(buyer.getSender(), MIN_BID);
    const early = await auction.sendCommand(
      market.marketplace.getSender(),
      toNano('0.1'),
      'finish',
    );
    assert.equal(
      exitCode(transactionTo(early.transactions, auction.address) ?? assert.fail()),
      1006,
    );

    market.blockchain.now = END_TIME + 1; // time only moves forward: this case runs last
    const result = await auction.sendCommand(
      market.marketplace.getSender(),
      toNano('0.1'),
      'finish',
    );
    assert.equal(raw((await item.getNftData()).owner), rawUpper(buyer.address));
    const payout = inboundValue(
      transactionTo(result.transactions, seller.address) ?? assert.fail(),
    );
    const { actions, error } = await classifySandboxTrace(market.blockchain, result.transactions);
    assert.equal(error, undefined);
    const at = rawUpper(auction.address);
    const mp = rawUpper(market.marketplace.address);
    // ton-indexer's NftFinishAuctionMatcher merges only the "finish" transfer; the purchase it
    // requires below it stays an action of its own, with the seller's payout in it.
    assert.deepEqual(actionLines(actions), [
      ['nft_finish_auction', '', rawUpper(buyer.address), at, null],
      ['ton_transfer', 'nft_finish_auction', mp, at, toNano('0.1')],
      ['ton_transfer', '', at, mp, (MIN_BID * 5n) / 100n],
      ['ton_transfer', '', at, rawUpper(market.artist.address), (MIN_BID * 10n) / 100n],
      ['nft_purchase', '', at, rawUpper(buyer.address), null],
      ['nft_transfer', 'nft_purchase', at, rawUpper(buyer.address), null],
      ['ton_transfer', 'nft_purchase', at, rawUpper(seller.address), payout],
    ]);
    const finish = actions[0] ?? assert.fail();
    assert.deepEqual(
      [finish.success, finish.asset, finish.asset_secondary],
      [true, rawUpper(market.collection.address), rawUpper(item.address)],
    );
    assertPurchase(actions[4], {
      auction: auction.address,
      item: item.address,
      winner: buyer.address,
      price: MIN_BID,
      payout,
    });
  });
});
