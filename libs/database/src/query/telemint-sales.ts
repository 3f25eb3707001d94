import { type QueryRow, selectList } from '../entities/query-row';
import { TelemintNftItemEntity } from '../entities/telemint-nft-item.entity';

const TELEMINT_KEYS = [
  'address',
  'tokenName',
  'bidderAddress',
  'bid',
  'bidTs',
  'minBid',
  'endTime',
  'beneficiaryAddress',
  'initialMinBid',
  'maxBid',
  'minBidStep',
  'minExtendTime',
  'duration',
  'royaltyNumerator',
  'royaltyDenominator',
  'royaltyDestination',
  'lastTransactionLt',
  'codeHash',
  'dataHash',
] as const;

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
