import { type NftAuctionSaleQueryRow } from './nft-auction-sales';
import { type TelemintSaleQueryRow } from './telemint-sales';
/** Rows of the decoder's token tables as PostgreSQL returns them (numeric and int8 as strings). */
export interface JettonMasterQueryRow {
  address: string;
  total_supply: string;
  mintable: boolean;
  admin_address: string | null;
  jetton_content: unknown;
  jetton_wallet_code_hash: string | null;
  last_transaction_lt: string;
  code_hash: string | null;
  data_hash: string | null;
}

export interface JettonWalletQueryRow {
  address: string;
  balance: string;
  owner: string;
  jetton: string;
  last_transaction_lt: string;
  code_hash: string | null;
  data_hash: string | null;
  mintless_is_claimed: boolean | null;
  mintless_amount: string | null;
  mintless_start_from: string | null;
  mintless_expire_at: string | null;
}

export interface JettonTransferQueryRow {
  tx_hash: string;
  tx_lt: string;
  tx_now: number;
  tx_aborted: boolean;
  query_id: string;
  amount: string;
  source: string | null;
  destination: string | null;
  jetton_wallet_address: string;
  jetton_master_address: string | null;
  response_destination: string | null;
  custom_payload: string | null;
  forward_ton_amount: string | null;
  forward_payload: string | null;
  trace_id: string | null;
}

export interface JettonBurnQueryRow {
  tx_hash: string;
  tx_lt: string;
  tx_now: number;
  tx_aborted: boolean;
  query_id: string;
  owner: string | null;
  jetton_wallet_address: string;
  jetton_master_address: string | null;
  amount: string;
  response_destination: string | null;
  custom_payload: string | null;
  trace_id: string | null;
}

export interface NftCollectionQueryRow {
  address: string;
  next_item_index: string;
  owner_address: string | null;
  collection_content: unknown;
  last_transaction_lt: string;
  code_hash: string | null;
  data_hash: string | null;
}

export interface NftItemQueryRow {
  address: string;
  init: boolean;
  index: string;
  collection_address: string | null;
  owner_address: string | null;
  content: unknown;
  last_transaction_lt: string;
  code_hash: string | null;
  data_hash: string | null;
  real_owner: string | null;
  /** The getgems sale the item is on: the owner is a sale contract selling this item. */
  sale_address: string | null;
  /** That sale's seller (null while the sale waits for the item). */
  sale_owner: string | null;
  /** The getgems auction the item is on: the owner is an auction contract selling this item. */
  auction_address: string | null;
  /** That auction's seller (null while the auction waits for the item). */
  auction_owner: string | null;
}

/** A getgems fixed-price sale with its item and the item's collection (each null when unknown). */
export interface NftSaleQueryRow {
  address: string;
  is_complete: boolean;
  created_at: string;
  marketplace_address: string | null;
  nft_address: string;
  nft_owner_address: string | null;
  full_price: string;
  marketplace_fee_address: string | null;
  marketplace_fee: string;
  royalty_address: string | null;
  royalty_amount: string;
  last_transaction_lt: string;
  code_hash: string | null;
  data_hash: string | null;
  item: NftItemQueryRow | null;
  collection: NftCollectionQueryRow | null;
}

/** The item a sale or auction is for, and the item's collection, when they are indexed. */
export interface SaleItem {
  item: NftItemQueryRow | null;
  collection: NftCollectionQueryRow | null;
}

/** nft/sales' rows: toncenter answers the getgems sales first, then the getgems auctions, then the Telemint items. */
export interface NftSalesQueryRows {
  sales: NftSaleQueryRow[];
  auctions: (NftAuctionSaleQueryRow & SaleItem)[];
  telemints: (TelemintSaleQueryRow & SaleItem)[];
}

export interface NftTransferQueryRow {
  tx_hash: string;
  tx_lt: string;
  tx_now: number;
  tx_aborted: boolean;
  query_id: string;
  nft_item_address: string;
  nft_collection_address: string | null;
  old_owner: string | null;
  new_owner: string | null;
  response_destination: string | null;
  custom_payload: string | null;
  forward_amount: string | null;
  forward_payload: string | null;
  trace_id: string | null;
}

/**
 * The token's `address_metadata` row (off-chain metadata,
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml), joined on
 * (address, table name): every column null without a row; `metadata_valid` null also while not retrieved yet.
 */
export interface AddressMetadataColumns {
  metadata_valid: boolean | null;
  metadata_name: string | null;
  metadata_symbol: string | null;
  metadata_description: string | null;
  metadata_image: string | null;
  metadata_extra: unknown;
}
