import { type NftAuctionState, type TelemintItemState } from '@app/classify';

/** What every token state table keeps of the contract (toncenter https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp). */
export interface StateCommon {
  readonly address: string;
  readonly lastLt: bigint;
  readonly codeHash: string | null;
  /** Hash of the account's data in the state the interface was read from. */
  readonly dataHash: string | null;
}

export interface JettonWalletRow extends StateCommon {
  readonly balance: bigint;
  readonly owner: string;
  readonly jetton: string;
}
export interface JettonMasterRow extends StateCommon {
  readonly totalSupply: bigint;
  readonly mintable: boolean;
  readonly admin: string | null;
  readonly content: Record<string, string>;
  readonly walletCodeHash: string;
}
export interface NftItemRow extends StateCommon {
  readonly init: boolean;
  readonly index: bigint;
  readonly collection: string | null;
  readonly owner: string | null;
  readonly content: Record<string, string> | null;
}
/** A getgems fixed-price sale (get_sale_data, https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp `getgems_nft_sales`). */
export interface NftSaleRow extends StateCommon {
  readonly isComplete: boolean;
  readonly createdAt: bigint;
  readonly marketplace: string | null;
  readonly nft: string;
  /** null until the item's ownership_assigned reaches the sale (addr_none in get_sale_data). */
  readonly nftOwner: string | null;
  readonly fullPrice: bigint;
  readonly marketplaceFeeAddress: string | null;
  readonly marketplaceFee: bigint;
  readonly royaltyAddress: string | null;
  readonly royaltyAmount: bigint;
}
/**
 * A getgems auction (toncenter `getgems_nft_auctions`): the state the classifier's probe read
 * (the v4-only fields null for older auctions), stored with the account's common columns.
 */
export type NftAuctionRow = StateCommon & NftAuctionState;
/**
 * A Telemint item (toncenter `telemint_nft_items`): the state the classifier's probe read, stored
 * with the account's common columns.
 */
export type TelemintItemRow = StateCommon & TelemintItemState;
export interface NftCollectionRow extends StateCommon {
  readonly nextItemIndex: bigint;
  readonly owner: string | null;
  readonly content: Record<string, string>;
}

export type { JettonBurnRow, JettonTransferRow, NftTransferRow } from './token-event-columns';
