/**
 * getgems' real auction (v3r3) on a local network (getgems-auction.support.ts runs the scenario): an
 * item put on auction through getgems' deployer, two bids (the second outbids the first) and the
 * seller's "finish" once the auction has ended; a second item bought out at max_bid; a third whose
 * auction the seller cancels before any bid. All ingested and decoded into PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { computeFwdFees } from '@ton/ton';
import {
  type DecodedGenesis,
  decodedGenesis,
} from '../../../test/integration/support/decoded-genesis';
import {
  type Deployable,
  inlineForwardPayload,
} from '../../../test/integration/support/getgems-contracts';
import {
  DEPLOYER_DEPLOY_VALUE,
  LIST_FORWARD,
} from '../../../test/integration/support/getgems-market';
import { type SignedWallet } from '../../../test/integration/support/signed-wallet';
import {
  type ActionSql,
  actionRow as row,
  byKey,
  storedActions,
  traceWith,
} from '../../../test/integration/support/trace-actions';
import {
  type AuctionScenario,
  BUY_OUT,
  CANCEL_VALUE,
  EMPTY_PAYLOAD,
  FEE_BASE,
  FINISH_VALUE,
  FIRST_BID,
  getgemsPercent,
  LIST_QUERY_ID,
  MAX_BID,
  MIN_BID,
  MP_FEE_FACTOR,
  NO_LISTING,
  OUTBID,
  OUTBID_COMMENT,
  purchaseRows,
  raw,
  REFUND_KEPT,
  ROYALTY_FACTOR,
  runAuctionScenario,
  SECOND_BID,
  tonFrom,
  transferData,
} from './getgems-auction.support';

void describe('decoder: a getgems auction v3r3 (real contract code, real localnet)', () => {
  let g: DecodedGenesis;
  let actions: ActionSql[];
  let s: AuctionScenario;

  before(async () => {
    g = await decodedGenesis('decoder_getgems_auction', {
      beforeIngest: async (_ds, localnet) => {
        s = await runAuctionScenario(localnet.chain);
      },
    });
    actions = await storedActions(g.ds);
  });

  after(async () => {
    await g.close();
  });

  /** The actions of the trace that has an action of `type` to `destination`, in a fixed order. */
  function traceOf(type: string, pred: (a: ActionSql) => boolean) {
    const trace = traceWith(actions, type, pred);
    assert.ok(trace, `one ${type}`);
    return trace;
  }

  const theItem = () => ({ asset: raw(s.collection.address), asset_secondary: raw(s.item) });
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
    const { rows } = traceOf('nft_put_on_auction', (a) => a.destination === raw(s.auction.address));
    const seller = s.market.seller.raw;
    const deployer = raw(s.market.deployer.address);
    const inListing = ['nft_put_on_auction'];
    assert.deepEqual(
      rows,
      byKey([
        row({
          type: 'nft_put_on_auction',
          source: seller,
          source_secondary: deployer,
          destination: raw(s.auction.address),
          ...theItem(),
          details: {
            nft_listing_data: {
              nft_item_index: '0',
              mp_fee_factor: MP_FEE_FACTOR.toString(),
              mp_fee_base: FEE_BASE.toString(),
              royalty_fee_base: FEE_BASE.toString(),
              max_bid: MAX_BID.toString(),
              min_bid: MIN_BID.toString(),
              marketplace_fee_address: s.market.marketplace.raw,
              marketplace: 'getgems',
              royalty_address: s.market.artist.raw,
              full_price: null,
              marketplace_fee: null,
              royalty_amount: null,
            },
            nft_transfer_data: { marketplace_address: s.market.marketplace.raw },
          },
        }),
        row({
          type: 'nft_transfer',
          source: seller,
          destination: deployer,
          ...theItem(),
          ancestor_type: inListing,
          details: {
            nft_listing_data: NO_LISTING,
            nft_transfer_data: transferData({
              query_id: LIST_QUERY_ID.toString(),
              forward_amount: LIST_FORWARD.toString(),
              forward_payload: inlineForwardPayload(s.listing),
              response_destination: seller,
            }),
          },
        }),
        // the deployer deploys the auction with the "deploy" comment v3r3 accepts
        row({
          type: 'ton_transfer',
          source: deployer,
          destination: raw(s.auction.address),
          value: DEPLOYER_DEPLOY_VALUE.toString(),
          ancestor_type: inListing,
          details: { ton_transfer_data: { content: 'deploy', encrypted: false } },
        }),
        row({
          type: 'contract_deploy',
          source: deployer,
          destination: raw(s.auction.address),
          value: DEPLOYER_DEPLOY_VALUE.toString(),
        }),
        row({
          type: 'nft_transfer',
          source: deployer,
          destination: raw(s.auction.address),
          ...theItem(),
          ancestor_type: inListing,
          details: {
            nft_listing_data: NO_LISTING,
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
      destination: raw(s.auction.address),
      ...theItem(),
      value: value.toString(),
      details: { nft_transfer_data: { nft_item_index: '0', marketplace: 'getgems' } },
    });

  void it('the first bid: auction_bid of the value sent', () => {
    const { rows } = traceOf(
      'auction_bid',
      (a) => a.source === s.first.raw && a.destination === raw(s.auction.address),
    );
    assert.deepEqual(rows, [bid(s.first, FIRST_BID)]);
  });

  void it('the second bid outbids the first: auction_bid, and auction_outbid with the refund', () => {
    const { rows } = traceOf(
      'auction_bid',
      (a) => a.source === s.second.raw && a.destination === raw(s.auction.address),
    );
    // v3r3 keeps 0.005577 TON of a bid it refunds; the refund (mode 2) pays its own forward fee,
    // its comment in a cell of its own once the auction's address fills the header
    const refund =
      FIRST_BID - REFUND_KEPT - computeFwdFees(s.prices, 1n, BigInt(OUTBID.bits.length));
    assert.deepEqual(
      rows,
      byKey([
        bid(s.second, SECOND_BID),
        row({
          type: 'auction_outbid',
          source: raw(s.auction.address),
          source_secondary: s.second.raw,
          destination: s.first.raw,
          ...theItem(),
          amount: refund.toString(),
          details: {
            nft_transfer_data: { marketplace: 'getgems' },
            ton_transfer_data: { comment: OUTBID_COMMENT },
          },
        }),
        tonFrom(s.auction, s.first.raw, refund, OUTBID_COMMENT, ['auction_outbid']),
      ]),
    );
  });

  void it('the seller finishes the ended auction: nft_finish_auction and nft_purchase at the last bid, fee and royalty apart', async () => {
    const { traceId, rows } = traceOf(
      'nft_finish_auction',
      (a) => a.destination === raw(s.auction.address),
    );
    // the auction's transfer carries its logical time as the query id
    const auctionLt = await ltIn(traceId, s.auction);
    const fee = getgemsPercent(SECOND_BID, MP_FEE_FACTOR, FEE_BASE);
    const royalty = getgemsPercent(SECOND_BID, ROYALTY_FACTOR, FEE_BASE);
    // each payout (mode 2, one cell) pays its forward fee out of its value
    const oneCellFee = computeFwdFees(s.prices, 0n, 0n);
    const profit = SECOND_BID - fee - royalty - oneCellFee;
    const seller = s.market.seller.raw;
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
      marketplace_address: s.market.marketplace.raw,
      real_prev_owner: seller,
    };
    assert.deepEqual(
      rows,
      byKey([
        row({
          type: 'nft_finish_auction',
          source: s.second.raw,
          destination: raw(s.auction.address),
          ...theItem(),
          details: { nft_transfer_data: { marketplace_address: null } },
        }),
        row({
          type: 'ton_transfer',
          source: seller,
          destination: raw(s.auction.address),
          value: FINISH_VALUE.toString(),
          ancestor_type: ['nft_finish_auction'],
          details: { ton_transfer_data: { content: 'finish', encrypted: false } },
        }),
        ...purchaseRows(s.auction, s.second.raw, theItem(), purchase, profit),
        tonFrom(s.auction, seller, profit, 'Profit', ['nft_purchase']),
        tonFrom(s.auction, s.market.marketplace.raw, fee - oneCellFee, 'Marketplace fee'),
        tonFrom(s.auction, s.market.artist.raw, royalty - oneCellFee, 'Royalty'),
      ]),
    );
  });

  void it('a bid of the buy-out price ends the auction at once: nft_purchase at max_bid, the earlier bidder refunded', async () => {
    const { traceId, rows } = traceOf('nft_purchase', (a) => a.source === raw(s.buyOut.address));
    const auctionLt = await ltIn(traceId, s.buyOut);
    const fee = getgemsPercent(BUY_OUT, MP_FEE_FACTOR, FEE_BASE);
    const royalty = getgemsPercent(BUY_OUT, ROYALTY_FACTOR, FEE_BASE);
    const oneCellFee = computeFwdFees(s.prices, 0n, 0n);
    const profit = BUY_OUT - fee - royalty - oneCellFee;
    const refund =
      FIRST_BID - REFUND_KEPT - computeFwdFees(s.prices, 1n, BigInt(OUTBID.bits.length));
    const seller = s.market.seller.raw;
    const item_ = { asset: raw(s.collection.address), asset_secondary: raw(s.boughtOutItem) };
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
      response_destination: s.second.raw,
      marketplace: 'getgems',
      marketplace_address: s.market.marketplace.raw,
      real_prev_owner: seller,
    };
    assert.deepEqual(
      rows,
      byKey([
        ...purchaseRows(s.buyOut, s.second.raw, item_, purchase, profit),
        tonFrom(s.buyOut, seller, profit, 'Profit', ['nft_purchase']),
        tonFrom(s.buyOut, s.market.marketplace.raw, fee - oneCellFee, 'Marketplace fee'),
        tonFrom(s.buyOut, s.market.artist.raw, royalty - oneCellFee, 'Royalty'),
        tonFrom(s.buyOut, s.first.raw, refund, OUTBID_COMMENT),
      ]),
    );
  });

  void it('the seller cancels an auction without bids: nft_cancel_auction, the item back a plain transfer', async () => {
    const { traceId, rows } = traceOf(
      'nft_cancel_auction',
      (a) => a.destination === raw(s.cancelled.address),
    );
    const auctionLt = await ltIn(traceId, s.cancelled);
    const seller = s.market.seller.raw;
    const kept = { asset: raw(s.collection.address), asset_secondary: raw(s.keptItem) };
    assert.deepEqual(
      rows,
      byKey([
        row({
          type: 'nft_cancel_auction',
          source: seller,
          destination: raw(s.cancelled.address),
          ...kept,
          details: { nft_transfer_data: { marketplace_address: s.market.marketplace.raw } },
        }),
        row({
          type: 'ton_transfer',
          source: seller,
          destination: raw(s.cancelled.address),
          value: CANCEL_VALUE.toString(),
          ancestor_type: ['nft_cancel_auction'],
          details: { ton_transfer_data: { content: 'cancel', encrypted: false } },
        }),
        // v3r3 returns the item with its logical time as the query id, no forward amount
        row({
          type: 'nft_transfer',
          source: raw(s.cancelled.address),
          destination: seller,
          ...kept,
          details: {
            nft_listing_data: NO_LISTING,
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
