/** NFT mint, transfer, purchase, sale, auction and DNS item details (ton-index-go `ParseRawAction`). */
import { bool, field, str } from './shared';
import type { ActionRenderRow, ApiJson, Renderer } from './types';

/**
 * nft_transfer and nft_purchase (toncenter parse/actions.go): a purchase's payout went to the seller
 * (real_old_owner); a transfer's payout and royalty addresses are the listing columns Telemint sales
 * fill. `marketplace` is the classifier's (toncenter names it from its marketplace_names table).
 */
function nftTransfer(a: ActionRenderRow, purchase: boolean): Record<string, ApiJson> {
  const d = a.nft_transfer_data;
  const realOldOwner = str(field(d, 'real_prev_owner'));
  return {
    nft_collection: a.asset,
    nft_item: a.asset_secondary,
    nft_item_index: str(field(d, 'nft_item_index')),
    old_owner: a.source,
    new_owner: a.destination,
    is_purchase: bool(field(d, 'is_purchase')),
    price: str(field(d, 'price')),
    query_id: str(field(d, 'query_id')),
    response_destination: str(field(d, 'response_destination')),
    custom_payload: str(field(d, 'custom_payload')),
    forward_payload: str(field(d, 'forward_payload')),
    forward_amount: str(field(d, 'forward_amount')),
    comment: null,
    is_encrypted_comment: null,
    marketplace: str(field(d, 'marketplace')),
    real_old_owner: realOldOwner,
    marketplace_address: str(field(d, 'marketplace_address')),
    payout_amount: str(field(d, 'payout_amount')),
    payout_address: purchase
      ? realOldOwner
      : str(field(a.nft_listing_data, 'marketplace_fee_address')),
    payout_comment: str(field(d, 'payout_comment')),
    payout_comment_encrypted: bool(field(d, 'payout_comment_encrypted')),
    payout_comment_encoded: bool(field(d, 'payout_comment_encoded')),
    royalty_amount: str(field(d, 'royalty_amount')),
    royalty_address: purchase ? null : str(field(a.nft_listing_data, 'royalty_address')),
  };
}

/** The listed item and its owner: the first fields of both listing details (on sale, on auction). */
function listedItem(a: ActionRenderRow): Record<string, ApiJson> {
  return {
    nft_collection: a.asset,
    nft_item: a.asset_secondary,
    nft_item_index: str(field(a.nft_listing_data, 'nft_item_index')),
    owner: a.source,
    listing_address: a.source_secondary,
  };
}

/** Who the listing pays and through which marketplace: the last fields of both listing details. */
function listingPayees(a: ActionRenderRow): Record<string, ApiJson> {
  const l = a.nft_listing_data;
  return {
    marketplace_fee_address: str(field(l, 'marketplace_fee_address')),
    royalty_address: str(field(l, 'royalty_address')),
    marketplace: str(field(l, 'marketplace')),
  };
}

/** nft_put_on_auction and teleitem_start_auction (toncenter ActionDetailsNftPutOnAuction). */
function putOnAuction(a: ActionRenderRow): Record<string, ApiJson> {
  const l = a.nft_listing_data;
  return {
    ...listedItem(a),
    auction_address: a.destination,
    marketplace_address: a.destination_secondary,
    marketplace_fee_factor: str(field(l, 'mp_fee_factor')),
    marketplace_fee_base: str(field(l, 'mp_fee_base')),
    royalty_fee_base: str(field(l, 'royalty_fee_base')),
    max_bid: str(field(l, 'max_bid')),
    min_bid: str(field(l, 'min_bid')),
    ...listingPayees(a),
  };
}

/** nft_cancel_auction, teleitem_cancel_auction and nft_finish_auction. */
function auctionEnd(a: ActionRenderRow): Record<string, ApiJson> {
  return {
    owner: a.source,
    nft_item: a.asset_secondary,
    nft_collection: a.asset,
    auction_address: a.destination,
    marketplace_address: str(field(a.nft_transfer_data, 'marketplace_address')),
    marketplace: null,
  };
}

export const NFT_RENDERERS: Record<string, Renderer> = {
  nft_mint: (a) => ({
    owner: a.source,
    nft_item: a.asset_secondary,
    nft_collection: a.asset,
    nft_item_index: str(field(a.nft_mint_data, 'nft_item_index')),
  }),
  nft_transfer: (a) => nftTransfer(a, false),
  nft_purchase: (a) => nftTransfer(a, true),
  auction_bid: (a) => ({
    amount: str(a.value),
    bidder: a.source,
    auction: a.destination,
    nft_item: a.asset_secondary,
    nft_collection: a.asset,
    nft_item_index: str(field(a.nft_transfer_data, 'nft_item_index')),
  }),
  dns_purchase: (a) => {
    const d = a.nft_transfer_data;
    return {
      nft_collection: a.asset,
      nft_item: a.asset_secondary,
      nft_item_index: str(field(d, 'nft_item_index')),
      new_owner: a.destination,
      price: str(field(d, 'price')),
      query_id: str(field(d, 'query_id')),
      payout_amount: str(field(d, 'payout_amount')),
    };
  },
  nft_put_on_sale: (a) => {
    const l = a.nft_listing_data;
    return {
      ...listedItem(a),
      sale_address: a.destination,
      marketplace_address: a.destination_secondary,
      full_price: str(field(l, 'full_price')),
      marketplace_fee: str(field(l, 'marketplace_fee')),
      royalty_amount: str(field(l, 'royalty_amount')),
      ...listingPayees(a),
    };
  },
  nft_put_on_auction: (a) => putOnAuction(a),
  teleitem_start_auction: (a) => putOnAuction(a),
  auction_outbid: (a) => ({
    auction_address: a.source,
    bidder: a.destination,
    new_bidder: a.source_secondary,
    nft_item: a.asset_secondary,
    nft_collection: a.asset,
    amount: str(a.amount),
    comment: str(field(a.ton_transfer_data, 'comment')),
    marketplace: str(field(a.nft_transfer_data, 'marketplace')),
  }),
  nft_cancel_sale: (a) => ({
    owner: a.source,
    nft_item: a.asset_secondary,
    nft_collection: a.asset,
    sale_address: a.destination,
    marketplace_address: str(field(a.nft_transfer_data, 'marketplace_address')),
    marketplace: null,
  }),
  nft_cancel_auction: (a) => auctionEnd(a),
  teleitem_cancel_auction: (a) => auctionEnd(a),
  nft_finish_auction: (a) => auctionEnd(a),
  dns_release: (a) => {
    const d = a.nft_transfer_data;
    return {
      query_id: str(field(d, 'query_id')),
      source: a.source,
      nft_item: a.destination,
      nft_collection: a.asset,
      nft_item_index: str(field(d, 'nft_item_index')),
      value: str(a.value),
    };
  },
  nft_update_sale: (a) => {
    const l = a.nft_listing_data;
    return {
      source: a.source,
      sale_contract: a.destination,
      nft_address: a.asset_secondary,
      marketplace_address: str(field(a.nft_transfer_data, 'marketplace_address')),
      marketplace: null,
      full_price: str(field(l, 'full_price')),
      marketplace_fee: str(field(l, 'marketplace_fee')),
      royalty_amount: str(field(l, 'royalty_amount')),
    };
  },
};
