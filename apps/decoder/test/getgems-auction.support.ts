/**
 * getgems' auction v3r3 played on a local chain, and the rows its trades decode to: three items put
 * on auction through getgems' deployer (one bid on twice and finished by the seller, one bought out
 * at max_bid, one cancelled before any bid).
 */
import { type Address, beginCell, type Cell, internal, toNano } from '@ton/core';
import {
  computeFwdFees,
  configParseMsgPrices,
  loadConfigParamById,
  type MsgPrices,
} from '@ton/ton';
import { type LocalChain, textComment } from '@app/localnet';
import {
  type Deployable,
  nftAuctionV3r3,
} from '../../../test/integration/support/getgems-contracts';
import { GetgemsMarket } from '../../../test/integration/support/getgems-market';
import { type SignedWallet } from '../../../test/integration/support/signed-wallet';
import { actionRow as row, nftTransferData } from '../../../test/integration/support/trace-actions';

export const MIN_BID = toNano('1');
export const MAX_BID = toNano('100');
export const FIRST_BID = toNano('1.5');
export const SECOND_BID = toNano('2.5');
export const LIST_QUERY_ID = 9n;
export const MP_FEE_FACTOR = 5;
const ROYALTY_FACTOR = 10;
export const FEE_BASE = 100;
export const FINISH_VALUE = toNano('0.2');
export const BUY_OUT = toNano('5');
/** v3r3 takes a "cancel" or "finish" with at least 0.1 TON. */
export const CANCEL_VALUE = toNano('0.2');
/** v3r3 ends an auction at once for a bid of max_bid and 0.1 TON or more. */
const BUY_OUT_GAS = toNano('0.1');
/** What v3r3 keeps of a bid it refunds (its return_last_bid). */
const REFUND_KEPT = 5_577_000n;
export const OUTBID_COMMENT = 'Your bid has been outbid by another user.';
/** The refund's body: the comment after a zero op. */
const OUTBID = textComment(OUTBID_COMMENT);
export const EMPTY_PAYLOAD = beginCell().endCell().toBoc().toString('base64');

/** The parties, items and auction contracts of the play. */
export interface AuctionPlay {
  readonly market: GetgemsMarket;
  readonly first: SignedWallet;
  readonly second: SignedWallet;
  /** Item 0, bid on twice and finished by the seller. */
  readonly item: Address;
  readonly auction: Deployable;
  /** The listing cell item 0 forwards to the deployer. */
  readonly listing: Cell;
  /** Item 1, bought out at max_bid. */
  readonly boughtOutItem: Address;
  readonly buyOut: Deployable;
  /** Item 2, whose auction the seller cancels. */
  readonly keptItem: Address;
  readonly cancelled: Deployable;
  /** The basechain's message forward prices (ConfigParam 25) of the local network. */
  readonly prices: MsgPrices;
}

/** Plays the three auctions on `chain`, each settled before the next starts. */
export async function playAuctions(chain: LocalChain): Promise<AuctionPlay> {
  const prices = configParseMsgPrices(
    loadConfigParamById(chain.blockchain.configBase64, 25).beginParse(),
  );
  const market = await GetgemsMarket.open(chain);
  const first = await market.wallet('first-bidder');
  const second = await market.wallet('second-bidder');
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
  const item = await market.mintForSeller(0n);
  const endTime = chain.now() + 40;
  const auction = auctionOf(item, endTime, MAX_BID);
  const listing = await market.list(item, auction, textComment('deploy'), LIST_QUERY_ID);
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
  const boughtOutItem = await market.mintForSeller(1n);
  const buyOut = auctionOf(boughtOutItem, chain.now() + 1000, BUY_OUT);
  await market.list(boughtOutItem, buyOut, textComment('deploy'), LIST_QUERY_ID + 1n);
  await first.send([internal({ to: buyOut.address, value: FIRST_BID })]);
  await chain.settle();
  await second.send([internal({ to: buyOut.address, value: BUY_OUT + BUY_OUT_GAS })]);
  await chain.settle();
  // a third item on an auction the seller cancels before any bid
  const keptItem = await market.mintForSeller(2n);
  const cancelled = auctionOf(keptItem, chain.now() + 1000, MAX_BID);
  await market.list(keptItem, cancelled, textComment('deploy'), LIST_QUERY_ID + 2n);
  await market.seller.send([
    internal({ to: cancelled.address, value: CANCEL_VALUE, body: textComment('cancel') }),
  ]);
  await chain.settle();
  return {
    market,
    first,
    second,
    item,
    auction,
    listing,
    boughtOutItem,
    buyOut,
    keptItem,
    cancelled,
    prices,
  };
}

/**
 * v3r3's math::get_percent: the share through a 1e9 fixed point, muldiv (floor) twice, so a fee of a
 * bid loses what falls below a nanoton times base (5% of 2.5 TON is 0.12 TON, not 0.125).
 */
function getgemsPercent(amount: bigint, factor: number, base: number): bigint {
  const e9 = 1_000_000_000n;
  return (((amount * BigInt(factor)) / e9) * e9) / BigInt(base);
}

export const raw = (a: Address): string => a.toRawString().toUpperCase();

/** An item transfer's data with the auction's empty forward payload unless given. */
export const transferData = (over: Record<string, unknown>): Record<string, unknown> =>
  nftTransferData({ nft_item_index: '0', forward_payload: EMPTY_PAYLOAD, ...over });

/** The listing data of a transfer outside a listing. */
export const noListing = { marketplace_fee_address: null, royalty_address: null };

/** The collection and item an action is about. */
export interface ItemAsset {
  readonly asset: string;
  readonly asset_secondary: string;
}

export const itemAsset = (play: AuctionPlay, item: Address): ItemAsset => ({
  asset: raw(play.market.collection.address),
  asset_secondary: raw(item),
});

/** A payout or refund with a comment that `contract` sends. */
export const tonFrom = (
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

/** What v3r3 refunds of the first bid when it is outbid: the bid less what it keeps and the
 *  refund's forward fee (mode 2; its comment in a cell of its own once the auction's address fills
 *  the header). */
export const outbidRefund = (play: AuctionPlay): bigint =>
  FIRST_BID - REFUND_KEPT - computeFwdFees(play.prices, 1n, BigInt(OUTBID.bits.length));

/** A sale of an item by an auction: who bought it at what price, and the auction's transaction. */
export interface AuctionSale {
  readonly contract: Deployable;
  readonly buyer: string;
  readonly item: ItemAsset;
  readonly itemIndex: string;
  readonly price: bigint;
  /** The auction's transaction's logical time: its transfer's query id. */
  readonly lt: string;
  readonly responseDestination: string;
}

/**
 * The rows of an auction's sale: the `nft_purchase` with the seller's profit, the item's transfer
 * under it (its ownership_assigned names the auction as the previous owner), and the three payouts,
 * each (mode 2, one cell) paying its forward fee out of its value.
 */
export function saleRows(play: AuctionPlay, sale: AuctionSale) {
  const { market } = play;
  const seller = market.seller.raw;
  const fee = getgemsPercent(sale.price, MP_FEE_FACTOR, FEE_BASE);
  const royalty = getgemsPercent(sale.price, ROYALTY_FACTOR, FEE_BASE);
  const oneCellFee = computeFwdFees(play.prices, 0n, 0n);
  const profit = sale.price - fee - royalty - oneCellFee;
  const purchase = {
    query_id: sale.lt,
    is_purchase: true,
    price: sale.price.toString(),
    nft_item_index: sale.itemIndex,
    forward_amount: '1',
    custom_payload: null,
    forward_payload: EMPTY_PAYLOAD,
    response_destination: sale.responseDestination,
    marketplace: 'getgems',
    marketplace_address: market.marketplace.raw,
    real_prev_owner: seller,
  };
  const from = raw(sale.contract.address);
  return [
    row({
      type: 'nft_purchase',
      source: from,
      destination: sale.buyer,
      ...sale.item,
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
      source: from,
      destination: sale.buyer,
      ...sale.item,
      ancestor_type: ['nft_purchase'],
      details: { nft_listing_data: noListing, nft_transfer_data: transferData(purchase) },
    }),
    tonFrom(sale.contract, seller, profit, 'Profit', ['nft_purchase']),
    tonFrom(sale.contract, market.marketplace.raw, fee - oneCellFee, 'Marketplace fee'),
    tonFrom(sale.contract, market.artist.raw, royalty - oneCellFee, 'Royalty'),
  ];
}
