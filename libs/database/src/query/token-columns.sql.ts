import { type SqlFilter } from './sql-filter';
import { NFT_ITEM_OWN_COLUMNS } from './token-query.rows';

/** Joins `address_metadata` onto rows of the token table `type` selected by the subquery `rows`. */
export function withMetadata(rows: string, type: string): string {
  return `SELECT t.*, m.valid AS metadata_valid, m.name AS metadata_name,
      m.symbol AS metadata_symbol, m.description AS metadata_description, m.image AS metadata_image,
      m.extra AS metadata_extra
    FROM (${rows}) t
    LEFT JOIN address_metadata m ON m.address = t.address AND m.type = '${type}'`;
}

/**
 * The sale an item is on, as toncenter's nft/items LEFT JOIN getgems_nft_sales (owner = sale address
 * and nft_address = item): correlated on the primary key, so every query keeps its own FROM and order.
 */
const ON_SALE = (column: string): string =>
  `(SELECT S.${column} FROM getgems_nft_sales S
    WHERE S.address = nft_items.owner_address AND S.nft_address = nft_items.address)`;
/** The getgems auction an item is on, as toncenter's LEFT JOIN getgems_nft_auctions (owner = auction, nft_addr = item). */
const ON_AUCTION = (column: string): string =>
  `(SELECT A.${column} FROM getgems_nft_auctions A
    WHERE A.address = nft_items.owner_address AND A.nft_addr = nft_items.address)`;
export const NFT_ITEM = `${NFT_ITEM_OWN_COLUMNS},
  ${ON_SALE('address')} AS sale_address, ${ON_SALE('nft_owner_address')} AS sale_owner,
  ${ON_AUCTION('address')} AS auction_address, ${ON_AUCTION('nft_owner')} AS auction_owner`;

export function any(q: SqlFilter, column: string, values: readonly string[] | undefined): void {
  if (values !== undefined) {
    q.and(`${column} = ANY(${q.param(values)}::varchar[])`);
  }
}
