/**
 * getgems' real auction (v3r3) on a local network: an item put on auction through getgems' deployer,
 * two bids (the second outbids the first) and the seller's "finish" once the auction has ended; a
 * second item bought out at max_bid; a third whose auction the seller cancels before any bid. All
 * ingested and decoded into PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Address, beginCell, type Cell, internal, toNano } from '@ton/core';
import {
  computeFwdFees,
  configParseMsgPrices,
  loadConfigParamById,
  type MsgPrices,
} from '@ton/ton';
import { type NftCollection, textComment } from '@app/localnet';
import {
  type DecodedGenesis,
  decodedGenesis,
} from '../../../test/integration/support/decoded-genesis';
import {
  type Deployable,
  nftAuctionV3r3,
  inlineForwardPayload,
} from '../../../test/integration/support/getgems-contracts';
import {
  DEPLOYER_DEPLOY_VALUE,
  GetgemsMarket,
  LIST_FORWARD,
} from '../../../test/integration/support/getgems-market';
import { type SignedWallet } from '../../../test/integration/support/signed-wallet';
import {
  type ActionSql,
  actionRow as row,
  byKey,
  nftTransferData,
  storedActions,
  traceWith,
} from '../../../test/integration/support/trace-actions';

const MIN_BID = toNano('1');
const MAX_BID = toNano('100');
const FIRST_BID = toNano('1.5');
const SECOND_BID = toNano('2.5');
const LIST_QUERY_ID = 9n;
const MP_FEE_FACTOR = 5;
const ROYALTY_FACTOR = 10;
const FEE_BASE = 100;
const FINISH_VALUE = toNano('0.2');
const BUY_OUT = toNano('5');
/** v3r3 takes a "cancel" or "finish" with at least 0.1 TON. */
const CANCEL_VALUE = toNano('0.2');
/** v3r3 ends an auction at once for a bid of max_bid and 0.1 TON or more. */
const BUY_OUT_GAS = toNano('0.1');
/** What v3r3 keeps of a bid it refunds (its return_last_bid). */
const REFUND_KEPT = 5_577_000n;
const OUTBID_COMMENT = 'Your bid has been outbid by another user.';
/** The refund's body: the comment after a zero op. */
const OUTBID = textComment(OUTBID_COMMENT);
const EMPTY_PAYLOAD = beginCell().endCell().toBoc().toString('base64');

/**
 * v3r3's math::get_percent: the share through a 1e9 fixed point, muldiv (floor) twice, so a fee of a
 * bid loses what falls below a nanoton times base (5% of 2.5 TON is 0.12 TON, not 0.125).
 */
function getgemsPercent(amount: bigint, factor: number, base: number): bigint {
  const e9 = 1_000_000_000n;
  return (((amount * BigInt(factor)) / e9) * e9) / BigInt(base);
}

void describe('decoder: a getgems auction v3r3 (real contract code, real localnet)', () => {
  let g: DecodedGenesis;
  let actions: ActionSql[];
  let market: GetgemsMarket;
  let first: SignedWallet;
  let second: SignedWallet;
  let collection: NftCollection;
  let item: Address;
  let auction: Deployable;
  let boughtOutItem: Address;
  let buyOut: Deployable;
  let keptItem: Address;
  let cancelled: Deployable;
  let listing: Cell;
  /** The basechain's message forward prices (ConfigParam 25) of the local network. */
  let prices: MsgPrices;

  before(async () => {
    g = await decodedGenesis('decoder_getgems_auction', {
      beforeIngest: async (_ds, localnet) => {
        const { chain } = localnet;
        prices = configParseMsgPrices(
          loadConfigParamById(chain.blockchain.configBase64, 25).beginParse(),
        );
        market = await GetgemsMarket.open(chain);
        ({ collection } = market);
        first = await market.wallet('first-bidder');
        second = await market.wallet('second-bidder');
        item = await market.mintForSeller(0n);
        const auctionOf = (nft: Address, endTime: number, maxBid: bigint) =>
          nftAuctionV3r3({
            marketplace: market.marketplace.address,
            nft,
            owner: market.seller.address,
            endTime,
            createdAt: chain.now(),
            minBid: MIN_BID,
            maxBid,
            minStepPercent: 5,
            stepTime: 5,
            marketplaceFeeAddress: market.marketplace.address,
            marketplaceFeeFactor: MP_FEE_FACTOR,
            marketplaceFeeBase: FEE_BASE,
            royaltyAddress: market.artist.address,
            royaltyFactor: ROYALTY_FACTOR,
            royaltyBase: FEE_BASE,
          });
        const endTime = chain.now() + 40;
        auction = auctionOf(item, endTime, MAX_BID);
        listing = await market.list(item, auction, textComment('deploy'), LIST_QUERY_ID);
        await first.send([internal({ to: auction.address, value: FIRST_BID })]);
        await chain.settle();
        await second.send([internal({ to: auction.address, value: SECOND_BID })]);
        await chain.settle();
        while (chain.now() <= endTime) {
          await chain.seal();
        }
        await market.seller.send([
          internal({ to: auction.address, value: FINISH_VALUE, body: textComment('finish') }),
        ]);
        await chain.settle();
        // a second item on an auction with a buy-out price: a bid, then the buy-out
        boughtOutItem = await market.mintForSeller(1n);
        buyOut = auctionOf(boughtOutItem, chain.now() + 1000, BUY_OUT);
        await market.list(boughtOutItem, buyOut, textComment('deploy'), LIST_QUERY_ID + 1n);
        await first.send([internal({ to: buyOut.address, value: FIRST_BID })]);
        await chain.settle();
        await second.send([internal({ to: buyOut.address, value: BUY_OUT + BUY_OUT_GAS })]);
        await chain.settle();
        // a third item on an auction the seller cancels before any bid
        keptItem = await market.mintForSeller(2n);
        cancelled = auctionOf(keptItem, chain.now() + 1000, MAX_BID);
        await market.list(keptItem, cancelled, textComment('deploy'), LIST_QUERY_ID + 2n);
        await market.seller.send([
          internal({ to: cancelled.address, value: CANCEL_VALUE, body: textComment('cancel') }),
        ]);
        await chain.settle();
      },
    });
    actions = await storedActions(g.ds);
  });

  after(async () => {
    await g.close();
  });

  const raw = (a: Address): string => a.toRawString().toUpperCase();

  /** The actions of the trace that has an action of `type` to `destination`, in a fixed order. */
  function traceOf(type: string, pred: (a: ActionSql) => boolean) {
    const trace = traceWith(actions, type, pred);
    assert.ok(trace, `one ${type}`);
    return trace;
  }

  const transferData = (over: Record<string, unknown>): Record<string, unknown> =>
    nftTransferData({ nft_item_index: '0', forward_payload: EMPTY_PAYLOAD, ...over });

  const noListing = { marketplace_fee_address: null, royalty_address: null };
  const theItem = () => ({ asset: raw(collection.address), asset_secondary: raw(item) });
  /** A payout or refund with a comment that `contract` sends. */
  const tonFrom = (
    contract: Deployable,
    to: string,
    value: bigint,
    comment: string,
    ancestors: string[] = [],
  ) =>
    row({
      type: 'ton_transfer',
      source: raw(contract.address),
      destination: to,
      value: value.toString(),
      ancestor_type: ancestors,
      details: { ton_transfer_data: { content: comment, encrypted: false } },
    });
  /**
   * The auction's sale of an item to `buyer`: the `nft_purchase` with the seller's profit, and the
   * item's transfer under it (its ownership_assigned names the auction as the previous owner).
   */
  const purchaseRows = (
    contract: Deployable,
    buyer: string,
    asset: { asset: string; asset_secondary: string },
    purchase: Record<string, unknown>,
    profit: bigint,
  ) => [
    row({
      type: 'nft_purchase',
      source: raw(contract.address),
      destination: buyer,
      ...asset,
      details: {
        nft_transfer_data: {
          ...purchase,
          payout_amount: profit.toString(),
          payout_comment_encrypted: false,
          payout_comment_encoded: false,
          payout_comment: 'Profit',
        },
      },
    }),
    row({
      type: 'nft_transfer',
      source: raw(contract.address),
      destination: buyer,
      ...asset,
      ancestor_type: ['nft_purchase'],
      details: { nft_listing_data: noListing, nft_transfer_data: transferData(purchase) },
    }),
  ];
  /** The logical time of `contract`'s transaction in the trace (its transfers' query id). */
  const ltIn = async (traceId: string, contract: Deployable): Promise<string> => {
    const [tx] = await g.ds.query<{ lt: string }[]>(
      `SELECT lt::text FROM transactions WHERE trace_id = $1 AND account = $2`,
      [traceId, raw(contract.address)],
    );
    assert.ok(tx);
    return tx.lt;
  };

  void it('the seller sends the item to the deployer, which deploys the auction and passes the item on: nft_put_on_auction', () => {
    const { rows } = traceOf('nft_put_on_auction', (a) => a.destination === raw(auction.address));
    const seller = market.seller.raw;
    const deployer = raw(market.deployer.address);
    const inListing = ['nft_put_on_auction'];
    assert.deepEqual(
      rows,
      byKey([
        row({
          type: 'nft_put_on_auction',
          source: seller,
          source_secondary: deployer,
          destination: raw(auction.address),
          ...theItem(),
          details: {
            nft_listing_data: {
              nft_item_index: '0',
              mp_fee_factor: MP_FEE_FACTOR.toString(),
              mp_fee_base: FEE_BASE.toString(),
              royalty_fee_base: FEE_BASE.toString(),
              max_bid: MAX_BID.toString(),
              min_bid: MIN_BID.toString(),
              marketplace_fee_address: market.marketplace.raw,
              marketplace: 'getgems',
              royalty_address: market.artist.raw,
              full_price: null,
              marketplace_fee: null,
              royalty_amount: null,
            },
            nft_transfer_data: { marketplace_address: market.marketplace.raw },
          },
        }),
        row({
          type: 'nft_transfer',
          source: seller,
          destination: deployer,
          ...theItem(),
          ancestor_type: inListing,
          details: {
            nft_listing_data: noListing,
            nft_transfer_data: transferData({
              query_id: LIST_QUERY_ID.toString(),
              forward_amount: LIST_FORWARD.toString(),
              forward_payload: inlineForwardPayload(listing),
              response_destination: seller,
            }),
          },
        }),
        // the deployer deploys the auction with the "deploy" comment v3r3 accepts
        row({
          type: 'ton_transfer',
          source: deployer,
          destination: raw(auction.address),
          value: DEPLOYER_DEPLOY_VALUE.toString(),
          ancestor_type: inListing,
          details: { ton_transfer_data: { content: 'deploy', encrypted: false } },
        }),
        row({
          type: 'contract_deploy',
          source: deployer,
          destination: raw(auction.address),
          value: DEPLOYER_DEPLOY_VALUE.toString(),
        }),
        row({
          type: 'nft_transfer',
          source: deployer,
          destination: raw(auction.address),
          ...theItem(),
          ancestor_type: inListing,
          details: {
            nft_listing_data: noListing,
            nft_transfer_data: transferData({
              query_id: LIST_QUERY_ID.toString(),
              response_destination: seller,
            }),
          },
        }),
      ]),
    );
  });

  const bid = (bidder: SignedWallet, value: bigint) =>
    row({
      type: 'auction_bid',
      source: bidder.raw,
      destination: raw(auction.address),
      ...theItem(),
      value: value.toString(),
      details: { nft_transfer_data: { nft_item_index: '0', marketplace: 'getgems' } },
    });

  void it('the first bid: auction_bid of the value sent', () => {
    const { rows } = traceOf(
      'auction_bid',
      (a) => a.source === first.raw && a.destination === raw(auction.address),
    );
    assert.deepEqual(rows, [bid(first, FIRST_BID)]);
  });

  void it('the second bid outbids the first: auction_bid, and auction_outbid with the refund', () => {
    const { rows } = traceOf(
      'auction_bid',
      (a) => a.source === second.raw && a.destination === raw(auction.address),
    );
    // v3r3 keeps 0.005577 TON of a bid it refunds; the refund (mode 2) pays its own forward fee,
    // its comment in a cell of its own once the auction's address fills the header
    const refund = FIRST_BID - REFUND_KEPT - computeFwdFees(prices, 1n, BigInt(OUTBID.bits.length));
    assert.deepEqual(
      rows,
      byKey([
        bid(second, SECOND_BID),
        row({
          type: 'auction_outbid',
          source: raw(auction.address),
          source_secondary: second.raw,
          destination: first.raw,
          ...theItem(),
          amount: refund.toString(),
          details: {
            nft_transfer_data: { marketplace: 'getgems' },
            ton_transfer_data: { comment: OUTBID_COMMENT },
          },
        }),
        tonFrom(auction, first.raw, refund, OUTBID_COMMENT, ['auction_outbid']),
      ]),
    );
  });

  void it('the seller finishes the ended auction: nft_finish_auction and nft_purchase at the last bid, fee and royalty apart', async () => {
    const { traceId, rows } = traceOf(
      'nft_finish_auction',
      (a) => a.destination === raw(auction.address),
    );
    // the auction's transfer carries its logical time as the query id
    const auctionLt = await ltIn(traceId, auction);
    const fee = getgemsPercent(SECOND_BID, MP_FEE_FACTOR, FEE_BASE);
    const royalty = getgemsPercent(SECOND_BID, ROYALTY_FACTOR, FEE_BASE);
    // each payout (mode 2, one cell) pays its forward fee out of its value
    const oneCellFee = computeFwdFees(prices, 0n, 0n);
    const profit = SECOND_BID - fee - royalty - oneCellFee;
    const seller = market.seller.raw;
    const purchase = {
      query_id: auctionLt,
      is_purchase: true,
      price: SECOND_BID.toString(),
      nft_item_index: '0',
      forward_amount: '1',
      custom_payload: null,
      forward_payload: EMPTY_PAYLOAD,
      response_destination: seller,
      marketplace: 'getgems',
      marketplace_address: market.marketplace.raw,
      real_prev_owner: seller,
    };
    assert.deepEqual(
      rows,
      byKey([
        row({
          type: 'nft_finish_auction',
          source: second.raw,
          destination: raw(auction.address),
          ...theItem(),
          details: { nft_transfer_data: { marketplace_address: null } },
        }),
        row({
          type: 'ton_transfer',
          source: seller,
          destination: raw(auction.address),
          value: FINISH_VALUE.toString(),
          ancestor_type: ['nft_finish_auction'],
          details: { ton_transfer_data: { content: 'finish', encrypted: false } },
        }),
        ...purchaseRows(auction, second.raw, theItem(), purchase, profit),
        tonFrom(auction, seller, profit, 'Profit', ['nft_purchase']),
        tonFrom(auction, market.marketplace.raw, fee - oneCellFee, 'Marketplace fee'),
        tonFrom(auction, market.artist.raw, royalty - oneCellFee, 'Royalty'),
      ]),
    );
  });

  void it('a bid of the buy-out price ends the auction at once: nft_purchase at max_bid, the earlier bidder refunded', async () => {
    const { traceId, rows } = traceOf('nft_purchase', (a) => a.source === raw(buyOut.address));
    const auctionLt = await ltIn(traceId, buyOut);
    const fee = getgemsPercent(BUY_OUT, MP_FEE_FACTOR, FEE_BASE);
    const royalty = getgemsPercent(BUY_OUT, ROYALTY_FACTOR, FEE_BASE);
    const oneCellFee = computeFwdFees(prices, 0n, 0n);
    const profit = BUY_OUT - fee - royalty - oneCellFee;
    const refund = FIRST_BID - REFUND_KEPT - computeFwdFees(prices, 1n, BigInt(OUTBID.bits.length));
    const seller = market.seller.raw;
    const item_ = { asset: raw(collection.address), asset_secondary: raw(boughtOutItem) };
    // the buyer's bid is part of the purchase's transfer (toncenter takes the TON transfer before
    // it in), so no auction_bid, and the earlier bidder's refund no auction_outbid
    const purchase = {
      query_id: auctionLt,
      is_purchase: true,
      price: BUY_OUT.toString(),
      nft_item_index: '1',
      forward_amount: '1',
      custom_payload: null,
      forward_payload: EMPTY_PAYLOAD,
      response_destination: second.raw,
      marketplace: 'getgems',
      marketplace_address: market.marketplace.raw,
      real_prev_owner: seller,
    };
    assert.deepEqual(
      rows,
      byKey([
        ...purchaseRows(buyOut, second.raw, item_, purchase, profit),
        tonFrom(buyOut, seller, profit, 'Profit', ['nft_purchase']),
        tonFrom(buyOut, market.marketplace.raw, fee - oneCellFee, 'Marketplace fee'),
        tonFrom(buyOut, market.artist.raw, royalty - oneCellFee, 'Royalty'),
        tonFrom(buyOut, first.raw, refund, OUTBID_COMMENT),
      ]),
    );
  });

  void it('the seller cancels an auction without bids: nft_cancel_auction, the item back a plain transfer', async () => {
    const { traceId, rows } = traceOf(
      'nft_cancel_auction',
      (a) => a.destination === raw(cancelled.address),
    );
    const auctionLt = await ltIn(traceId, cancelled);
    const seller = market.seller.raw;
    const kept = { asset: raw(collection.address), asset_secondary: raw(keptItem) };
    assert.deepEqual(
      rows,
      byKey([
        row({
          type: 'nft_cancel_auction',
          source: seller,
          destination: raw(cancelled.address),
          ...kept,
          details: { nft_transfer_data: { marketplace_address: market.marketplace.raw } },
        }),
        row({
          type: 'ton_transfer',
          source: seller,
          destination: raw(cancelled.address),
          value: CANCEL_VALUE.toString(),
          ancestor_type: ['nft_cancel_auction'],
          details: { ton_transfer_data: { content: 'cancel', encrypted: false } },
        }),
        // v3r3 returns the item with its logical time as the query id, no forward amount
        row({
          type: 'nft_transfer',
          source: raw(cancelled.address),
          destination: seller,
          ...kept,
          details: {
            nft_listing_data: noListing,
            nft_transfer_data: transferData({
              query_id: auctionLt,
              nft_item_index: '2',
              response_destination: seller,
            }),
          },
        }),
      ]),
    );
  });
});
