import { z } from 'zod';
import { Subjects } from '../subjects';
import { EnrichmentSettings, MetadataSettings } from './query-request';
import { AddressBook, B64Hash, DecStr, Metadata, NumericStr, V3Address } from './query-wire';
import { V3NftItem } from './query-tokens';

/** nft/sales (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): sale contract addresses, 1..1000 (the gateway enforces the bounds). */
export const NftSalesReq = z
  .object({
    address: z.array(V3Address).min(1).max(1000),
    ...EnrichmentSettings,
    ...MetadataSettings,
  })
  .strict();
export type NftSalesReq = z.infer<typeof NftSalesReq>;

/** `details` of a `getgems_sale` (toncenter NFTSaleDetailsGetgemsSale; absent fields are omitted). */
export const V3GetgemsSaleDetails = z
  .object({
    is_complete: z.boolean(),
    full_price: NumericStr,
    marketplace_fee_address: V3Address.optional(),
    marketplace_fee: NumericStr,
    royalty_address: V3Address.optional(),
    royalty_amount: NumericStr,
  })
  .strict();
export type V3GetgemsSaleDetails = z.infer<typeof V3GetgemsSaleDetails>;

/**
 * `details` of a `getgems_auction` (toncenter NFTSaleDetailsGetgemsAuction): the auction contract's
 * get-method answer as the decoder stored it; times and fee factors are numbers, amounts strings.
 */
export const V3GetgemsAuctionDetails = z
  .object({
    end_flag: z.boolean(),
    end_time: z.number().int(),
    last_bid: NumericStr,
    last_member: V3Address.optional(),
    min_step: z.number().int(),
    mp_fee_address: V3Address.optional(),
    mp_fee_factor: z.number().int(),
    mp_fee_base: z.number().int(),
    royalty_fee_address: V3Address.optional(),
    royalty_fee_factor: z.number().int(),
    royalty_fee_base: z.number().int(),
    max_bid: NumericStr,
    min_bid: NumericStr,
    last_bid_at: z.number().int(),
    is_canceled: z.boolean(),
  })
  .strict();
export type V3GetgemsAuctionDetails = z.infer<typeof V3GetgemsAuctionDetails>;

/**
 * `details` of a `telemint` item (toncenter NFTSaleDetailsTeleitem): the Fragment item's auction as
 * its get-methods answered; without an auction no bidder or beneficiary and zero amounts and times.
 * Timestamps and durations as toncenter types them: bid_ts, min_extend_time and duration strings,
 * end_time and the royalty factors numbers.
 */
export const V3TelemintDetails = z
  .object({
    token_name: z.string(),
    bidder_address: V3Address.optional(),
    bid: NumericStr,
    bid_ts: NumericStr,
    min_bid: NumericStr,
    end_time: z.number().int(),
    beneficiary_address: V3Address.optional(),
    initial_min_bid: NumericStr,
    max_bid: NumericStr,
    min_bid_step: NumericStr,
    min_extend_time: NumericStr,
    duration: NumericStr,
    royalty_numerator: z.number().int(),
    royalty_denominator: z.number().int(),
    royalty_destination: V3Address,
  })
  .strict();
export type V3TelemintDetails = z.infer<typeof V3TelemintDetails>;

/** The fields every NFTSale has, in toncenter's order; optional ones are omitted when null. */
const nftSaleFields = {
  address: V3Address,
  nft_address: V3Address.optional(),
  nft_owner_address: V3Address.optional(),
  marketplace_address: V3Address.optional(),
  created_at: z.number().int().optional(),
  last_transaction_lt: DecStr.optional(),
  code_hash: B64Hash.optional(),
  data_hash: B64Hash.optional(),
};

/**
 * NFTSale (https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models,
 * `crud/crud_sales.go`): a getgems fixed-price sale, a getgems auction or a Telemint item (Fragment's
 * usernames and numbers, each its own auction), told apart by `type`, each with its item (and the
 * item's collection) when they are indexed.
 */
export const V3NftSale = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('getgems_sale'),
      ...nftSaleFields,
      details: V3GetgemsSaleDetails,
      nft_item: V3NftItem.optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal('getgems_auction'),
      ...nftSaleFields,
      details: V3GetgemsAuctionDetails,
      nft_item: V3NftItem.optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal('telemint'),
      ...nftSaleFields,
      details: V3TelemintDetails,
      nft_item: V3NftItem.optional(),
    })
    .strict(),
]);
export type V3NftSale = z.infer<typeof V3NftSale>;

export const V3NftSalesRes = z
  .object({ nft_sales: z.array(V3NftSale), address_book: AddressBook, metadata: Metadata })
  .strict();
export type V3NftSalesRes = z.infer<typeof V3NftSalesRes>;

// Its own registry entry: query-tokens.ts (V3NftItem) is imported here, so it cannot import this file.
export const queryNftSalesContracts = {
  [Subjects.query.nftSales]: { req: NftSalesReq, res: V3NftSalesRes },
} as const;
