import { STATE_COMMON_KEYS, TELEMINT_ITEM_STATE_KEYS } from '../decoded/token-rows';
import { type QueryRow, selectList } from '../entities/query-row';
import { TelemintNftItemEntity } from '../entities/telemint-nft-item.entity';

/** What the decoder writes of a Telemint item (its write row's columns), read back whole. */
const TELEMINT_KEYS = [...STATE_COMMON_KEYS, ...TELEMINT_ITEM_STATE_KEYS] as const;

/**
 * The Telemint items among nft/sales' addresses (toncenter `crud/crud_sales.go` queryTelemintImpl:
 * a Telemint item is its own auction, so its address is both the sale's and the item's), read from
 * the decoder's `telemint_nft_items` (migration TelemintItems).
 */
export type TelemintSaleQueryRow = QueryRow<
  TelemintNftItemEntity,
  (typeof TELEMINT_KEYS)[number]
> & {
  nft_address: TelemintNftItemEntity['address'];
};

/** The statement: the Telemint items among $1 (varchar[]), in address order. */
export const TELEMINT_SALES_SQL = `SELECT ${selectList(TelemintNftItemEntity, TELEMINT_KEYS)},
  address AS nft_address
  FROM telemint_nft_items WHERE address = ANY($1::varchar[]) ORDER BY address`;
