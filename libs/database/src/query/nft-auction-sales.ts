import { NFT_AUCTION_TERMS_KEYS, STATE_COMMON_KEYS } from '../decoded/token-rows';
import { GetgemsNftAuctionEntity } from '../entities/getgems-nft-auction.entity';
import { type QueryRow, selectList } from '../entities/query-row';

/** What nft/sales reads of an auction besides the item, its owner and the marketplace (aliased below). */
const AUCTION_KEYS = [...STATE_COMMON_KEYS, ...NFT_AUCTION_TERMS_KEYS] as const;

/**
 * The getgems auctions among nft/sales' addresses (toncenter `crud/crud_sales.go`
 * queryGetgemsAuctionsImpl), read from the decoder's `getgems_nft_auctions` (migration NftAuctions).
 * The item, its owner and the marketplace go by the names a getgems sale gives them.
 */
export type NftAuctionSaleQueryRow = QueryRow<
  GetgemsNftAuctionEntity,
  (typeof AUCTION_KEYS)[number]
> & {
  nft_address: GetgemsNftAuctionEntity['nftAddr'];
  nft_owner_address: GetgemsNftAuctionEntity['nftOwner'];
  marketplace_address: GetgemsNftAuctionEntity['mpAddr'];
};

/** The statement: the auctions among $1 (varchar[]), in address order. */
export const NFT_AUCTION_SALES_SQL = `SELECT ${selectList(GetgemsNftAuctionEntity, AUCTION_KEYS)},
  nft_addr AS nft_address, nft_owner AS nft_owner_address, mp_addr AS marketplace_address
  FROM getgems_nft_auctions WHERE address = ANY($1::varchar[]) ORDER BY address`;
