/**
 * The getgems auctions among nft/sales' addresses (toncenter `crud/crud_sales.go`
 * queryGetgemsAuctionsImpl), read from the decoder's `getgems_nft_auctions` (migration NftAuctions).
 * int8 and numeric columns come back as strings, as node-postgres returns them.
 */
export interface NftAuctionSaleQueryRow {
  address: string;
  nft_address: string;
  nft_owner_address: string | null;
  marketplace_address: string | null;
  created_at: string;
  last_transaction_lt: string;
  code_hash: string | null;
  data_hash: string | null;
  end_flag: boolean;
  end_time: string;
  last_bid: string;
  last_member: string | null;
  min_step: string;
  mp_fee_addr: string | null;
  mp_fee_factor: string;
  mp_fee_base: string;
  royalty_fee_addr: string | null;
  royalty_fee_factor: string;
  royalty_fee_base: string;
  max_bid: string;
  min_bid: string;
  last_bid_at: string;
  is_canceled: boolean;
}

/** The statement: the auctions among $1 (varchar[]), in address order. */
export const NFT_AUCTION_SALES_SQL = `SELECT address, nft_addr AS nft_address,
  nft_owner AS nft_owner_address, mp_addr AS marketplace_address, created_at::text,
  last_transaction_lt::text, code_hash, data_hash, end_flag, end_time::text, last_bid::text,
  last_member, min_step::text, mp_fee_addr, mp_fee_factor::text, mp_fee_base::text,
  royalty_fee_addr, royalty_fee_factor::text, royalty_fee_base::text, max_bid::text, min_bid::text,
  last_bid_at::text, is_canceled
  FROM getgems_nft_auctions WHERE address = ANY($1::varchar[]) ORDER BY address`;
