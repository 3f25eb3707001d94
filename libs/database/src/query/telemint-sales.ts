/**
 * The Telemint items among nft/sales' addresses (toncenter `crud/crud_sales.go` queryTelemintImpl:
 * a Telemint item is its own auction, so its address is both the sale's and the item's), read from
 * the decoder's `telemint_nft_items` (migration TelemintItems). int8 and numeric columns come back
 * as strings, as node-postgres returns them.
 */
export interface TelemintSaleQueryRow {
  address: string;
  nft_address: string;
  token_name: string;
  bidder_address: string | null;
  bid: string;
  bid_ts: string;
  min_bid: string;
  end_time: string;
  beneficiary_address: string | null;
  initial_min_bid: string;
  max_bid: string;
  min_bid_step: string;
  min_extend_time: string;
  duration: string;
  royalty_numerator: string;
  royalty_denominator: string;
  royalty_destination: string;
  last_transaction_lt: string;
  code_hash: string | null;
  data_hash: string | null;
}

/** The statement: the Telemint items among $1 (varchar[]), in address order. */
export const TELEMINT_SALES_SQL = `SELECT address, address AS nft_address, token_name,
  bidder_address, bid::text, bid_ts::text, min_bid::text, end_time::text, beneficiary_address,
  initial_min_bid::text, max_bid::text, min_bid_step::text, min_extend_time::text, duration::text,
  royalty_numerator::text, royalty_denominator::text, royalty_destination,
  last_transaction_lt::text, code_hash, data_hash
  FROM telemint_nft_items WHERE address = ANY($1::varchar[]) ORDER BY address`;
