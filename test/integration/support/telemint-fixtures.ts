/**
 * Telemint items (Fragment's usernames and numbers) as the decoder's probe reads them, as
 * telemint_nft_items stores them and as nft/sales renders them (ton-index-go
 * `index/parse/scan_nft.go`, NFTSaleDetailsTeleitem), for the specs of each layer.
 */

/**
 * An item no auction runs on: `get_telemint_auction_state` throws (err::no_auction) and the auction
 * config is nulls and zeros; the royalty is read apart.
 */
export const NO_TELEMINT_AUCTION = {
  bidder: null,
  bid: 0n,
  bidTs: 0n,
  minBid: 0n,
  endTime: 0n,
  beneficiary: null,
  initialMinBid: 0n,
  maxBid: 0n,
  minBidStep: 0n,
  minExtendTime: 0n,
  duration: 0n,
} as const;

/** The addresses the `durov` auction names (raw, as the tables store them). */
export interface DurovAuctionAddresses {
  readonly bidder: string;
  readonly beneficiary: string;
  readonly royalty: string;
}

/**
 * The `durov` username on auction (a bid of 120 TON, 5% royalty) in telemint_nft_items' columns from
 * token_name to royalty_destination, int8 as text.
 */
export function durovAuctionColumns(a: DurovAuctionAddresses) {
  return {
    token_name: 'durov',
    bidder_address: a.bidder,
    bid: '120000000000',
    bid_ts: '1790000100',
    min_bid: '126000000000',
    end_time: '1790604800',
    beneficiary_address: a.beneficiary,
    initial_min_bid: '100000000000',
    max_bid: '0',
    min_bid_step: '5',
    min_extend_time: '3600',
    duration: '604800',
    royalty_numerator: '5',
    royalty_denominator: '100',
    royalty_destination: a.royalty,
  };
}

/** The same auction as nft/sales' `details` of a `telemint` sale: end_time and royalty as numbers. */
export function durovAuctionDetails(a: DurovAuctionAddresses) {
  return {
    ...durovAuctionColumns(a),
    end_time: 1790604800,
    royalty_numerator: 5,
    royalty_denominator: 100,
  };
}

/** The same auction as the decoder's probe reads it and hands it to telemint_nft_items' upsert. */
export function durovAuctionState(a: DurovAuctionAddresses) {
  return {
    tokenName: 'durov',
    bidder: a.bidder,
    bid: 120_000_000_000n,
    bidTs: 1_790_000_100n,
    minBid: 126_000_000_000n,
    endTime: 1_790_604_800n,
    beneficiary: a.beneficiary,
    initialMinBid: 100_000_000_000n,
    maxBid: 0n,
    minBidStep: 5n,
    minExtendTime: 3600n,
    duration: 604_800n,
    royaltyNumerator: 5n,
    royaltyDenominator: 100n,
    royaltyDestination: a.royalty,
  };
}
