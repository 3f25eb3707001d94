/**
 * The getgems auction v3r3 scenario of getgems-auction.int-spec.ts, run on a local network before
 * ingestion, and the action rows its traces are expected to hold.
 */
import { type Address, beginCell, type Cell, internal, toNano } from '@ton/core';
import { configParseMsgPrices, loadConfigParamById, type MsgPrices } from '@ton/ton';
import { type LocalChain, type NftCollection, textComment } from '@app/localnet';
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
export const ROYALTY_FACTOR = 10;
export const FEE_BASE = 100;
export const FINISH_VALUE = toNano('0.2');
export const BUY_OUT = toNano('5');
/** v3r3 takes a "cancel" or "finish" with at least 0.1 TON. */
export const CANCEL_VALUE = toNano('0.2');
/** v3r3 ends an auction at once for a bid of max_bid and 0.1 TON or more. */
const BUY_OUT_GAS = toNano('0.1');
/** What v3r3 keeps of a bid it refunds (its return_last_bid). */
export const REFUND_KEPT = 5_577_000n;
export const OUTBID_COMMENT = 'Your bid has been outbid by another user.';
/** The refund's body: the comment after a zero op. */
export const OUTBID = textComment(OUTBID_COMMENT);
export const EMPTY_PAYLOAD = beginCell().endCell().toBoc().toString('base64');

/**
 * v3r3's math::get_percent: the share through a 1e9 fixed point, muldiv (floor) twice, so a fee of a
 * bid loses what falls below a nanoton times base (5% of 2.5 TON is 0.12 TON, not 0.125).
 */
export function getgemsPercent(amount: bigint, factor: number, base: number): bigint {
  const e9 = 1_000_000_000n;
  return (((amount * BigInt(factor)) / e9) * e9) / BigInt(base);
}

/** What the scenario made: the market, its bidders, and the three auctions with their items. */
export interface AuctionScenario {
  readonly market: GetgemsMarket;
  readonly first: SignedWallet;
  readonly second: SignedWallet;
  readonly collection: NftCollection;
  /** The item two bids went for, finished by the seller once the auction ended. */
  readonly item: Address;
  readonly auction: Deployable;
  /** The item a bid of the buy-out price took at once. */
  readonly boughtOutItem: Address;
  readonly buyOut: Deployable;
  /** The item whose auction the seller cancelled before any bid. */
  readonly keptItem: Address;
  readonly cancelled: Deployable;
  /** The first auction's listing: the forward payload the item carried to the deployer. */
  readonly listing: Cell;
  /** The basechain's message forward prices (ConfigParam 25) of the local network. */
  readonly prices: MsgPrices;
}

/**
 * An item put on auction through getgems' deployer, two bids (the second outbids the first) and the
 * seller's "finish" once the auction has ended; a second item bought out at max_bid after a bid; a
 * third whose auction the seller cancels before any bid.
 */
export async function runAuctionScenario(chain: LocalChain): Promise<AuctionScenario> {
  const prices = configParseMsgPrices(
    loadConfigParamById(chain.blockchain.configBase64, 25).beginParse(),
  );
  const market = await GetgemsMarket.open(chain);
  const { collection } = market;
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
  const boughtOutItem = await market.mintForSeller(1n);
  const buyOut = auctionOf(boughtOutItem, chain.now() + 1000, BUY_OUT);
  await market.list(boughtOutItem, buyOut, textComment('deploy'), LIST_QUERY_ID + 1n);
  await first.send([internal({ to: buyOut.address, value: FIRST_BID })]);
  await chain.settle();
  await second.send([internal({ to: buyOut.address, value: BUY_OUT + BUY_OUT_GAS })]);
  await chain.settle();
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
    collection,
    item,
    auction,
    boughtOutItem,
    buyOut,
    keptItem,
    cancelled,
    listing,
    prices,
  };
}

export const raw = (a: Address): string => a.toRawString().toUpperCase();

/** An item transfer's nft_transfer_data in this scenario: item index 0 and an empty payload unless given. */
export const transferData = (over: Record<string, unknown>): Record<string, unknown> =>
  nftTransferData({ nft_item_index: '0', forward_payload: EMPTY_PAYLOAD, ...over });

export const NO_LISTING = { marketplace_fee_address: null, royalty_address: null };

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

/**
 * The auction's sale of an item to `buyer`: the `nft_purchase` with the seller's profit, and the
 * item's transfer under it (its ownership_assigned names the auction as the previous owner).
 */
export const purchaseRows = (
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
    details: { nft_listing_data: NO_LISTING, nft_transfer_data: transferData(purchase) },
  }),
];
