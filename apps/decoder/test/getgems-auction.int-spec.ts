/**
 * getgems' real auction (v3r3) on a local network: an item put on auction through getgems' deployer,
 * two bids (the second outbids the first) and the seller's "finish" once the auction has ended; a
 * second item bought out at max_bid; a third whose auction the seller cancels before any bid. All
 * ingested and decoded into PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  type DecodedGenesis,
  decodedGenesis,
} from '../../../test/integration/support/decoded-genesis';
import { type Deployable } from '../../../test/integration/support/getgems-contracts';
import { deployerListingTransfers } from '../../../test/integration/support/getgems-listing-rows';
import { DEPLOYER_DEPLOY_VALUE } from '../../../test/integration/support/getgems-market';
import { type SignedWallet } from '../../../test/integration/support/signed-wallet';
import {
  type ActionSql,
  actionRow as row,
  byKey,
  storedActions,
  traceWith,
} from '../../../test/integration/support/trace-actions';
import {
  type AuctionPlay,
  BUY_OUT,
  CANCEL_VALUE,
  FEE_BASE,
  FINISH_VALUE,
  FIRST_BID,
  itemAsset,
  LIST_QUERY_ID,
  MAX_BID,
  MIN_BID,
  MP_FEE_FACTOR,
  noListing,
  OUTBID_COMMENT,
  outbidRefund,
  playAuctions,
  raw,
  saleRows,
  SECOND_BID,
  tonFrom,
  transferData,
} from './getgems-auction.support';

void describe('decoder: a getgems auction v3r3 (real contract code, real localnet)', () => {
  let g: DecodedGenesis;
  let actions: ActionSql[];
  let play: AuctionPlay;

  before(async () => {
    g = await decodedGenesis('decoder_getgems_auction', {
      beforeIngest: async (_ds, localnet) => {
        play = await playAuctions(localnet.chain);
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

  const theItem = () => itemAsset(play, play.item);
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
    const { market, auction, listing } = play;
    const { rows } = traceOf('nft_put_on_auction', (a) => a.destination === raw(auction.address));
    const seller = market.seller.raw;
    const deployer = raw(market.deployer.address);
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
        ...deployerListingTransfers({
          seller,
          deployer,
          contract: raw(auction.address),
          item: theItem(),
          itemIndex: '0',
          listing,
          queryId: LIST_QUERY_ID,
          listingType: 'nft_put_on_auction',
        }),
        // the deployer deploys the auction with the "deploy" comment v3r3 accepts
        row({
          type: 'ton_transfer',
          source: deployer,
          destination: raw(auction.address),
          value: DEPLOYER_DEPLOY_VALUE.toString(),
          ancestor_type: ['nft_put_on_auction'],
          details: { ton_transfer_data: { content: 'deploy', encrypted: false } },
        }),
        row({
          type: 'contract_deploy',
          source: deployer,
          destination: raw(auction.address),
          value: DEPLOYER_DEPLOY_VALUE.toString(),
        }),
      ]),
    );
  });

  const bid = (bidder: SignedWallet, value: bigint) =>
    row({
      type: 'auction_bid',
      source: bidder.raw,
      destination: raw(play.auction.address),
      ...theItem(),
      value: value.toString(),
      details: { nft_transfer_data: { nft_item_index: '0', marketplace: 'getgems' } },
    });

  void it('the first bid: auction_bid of the value sent', () => {
    const { first, auction } = play;
    const { rows } = traceOf(
      'auction_bid',
      (a) => a.source === first.raw && a.destination === raw(auction.address),
    );
    assert.deepEqual(rows, [bid(first, FIRST_BID)]);
  });

  void it('the second bid outbids the first: auction_bid, and auction_outbid with the refund', () => {
    const { first, second, auction } = play;
    const { rows } = traceOf(
      'auction_bid',
      (a) => a.source === second.raw && a.destination === raw(auction.address),
    );
    const refund = outbidRefund(play);
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
    const { market, second, auction } = play;
    const { traceId, rows } = traceOf(
      'nft_finish_auction',
      (a) => a.destination === raw(auction.address),
    );
    const seller = market.seller.raw;
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
        ...saleRows(play, {
          contract: auction,
          buyer: second.raw,
          item: theItem(),
          itemIndex: '0',
          price: SECOND_BID,
          lt: await ltIn(traceId, auction),
          responseDestination: seller,
        }),
      ]),
    );
  });

  void it('a bid of the buy-out price ends the auction at once: nft_purchase at max_bid, the earlier bidder refunded', async () => {
    const { first, second, buyOut } = play;
    const { traceId, rows } = traceOf('nft_purchase', (a) => a.source === raw(buyOut.address));
    // the buyer's bid is part of the purchase's transfer (toncenter takes the TON transfer before
    // it in), so no auction_bid, and the earlier bidder's refund no auction_outbid
    assert.deepEqual(
      rows,
      byKey([
        ...saleRows(play, {
          contract: buyOut,
          buyer: second.raw,
          item: itemAsset(play, play.boughtOutItem),
          itemIndex: '1',
          price: BUY_OUT,
          lt: await ltIn(traceId, buyOut),
          responseDestination: second.raw,
        }),
        tonFrom(buyOut, first.raw, outbidRefund(play), OUTBID_COMMENT),
      ]),
    );
  });

  void it('the seller cancels an auction without bids: nft_cancel_auction, the item back a plain transfer', async () => {
    const { market, cancelled } = play;
    const { traceId, rows } = traceOf(
      'nft_cancel_auction',
      (a) => a.destination === raw(cancelled.address),
    );
    const auctionLt = await ltIn(traceId, cancelled);
    const seller = market.seller.raw;
    const kept = itemAsset(play, play.keptItem);
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
