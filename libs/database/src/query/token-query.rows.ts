import {
  JETTON_MASTER_STATE_KEYS,
  JETTON_WALLET_STATE_KEYS,
  NFT_COLLECTION_STATE_KEYS,
  NFT_ITEM_STATE_KEYS,
  NFT_SALE_STATE_KEYS,
  STATE_COMMON_KEYS,
} from '../decoded/token-rows';
import { GetgemsNftSaleEntity } from '../entities/getgems-nft-sale.entity';
import { JettonBurnEntity } from '../entities/jetton-burn.entity';
import { JettonMasterEntity } from '../entities/jetton-master.entity';
import { JettonTransferEntity } from '../entities/jetton-transfer.entity';
import { JettonWalletEntity } from '../entities/jetton-wallet.entity';
import { NftCollectionEntity } from '../entities/nft-collection.entity';
import { NftItemEntity } from '../entities/nft-item.entity';
import { NftTransferEntity } from '../entities/nft-transfer.entity';
import { type QueryRow, selectList } from '../entities/query-row';
import { type NftAuctionSaleQueryRow } from './nft-auction-sales';
import { type TelemintSaleQueryRow } from './telemint-sales';

/*
 * What the v3 token queries read of the decoder's token tables: for each, the properties of its
 * entity (the columns the decoder writes, token-rows.ts, and what else the API serves), from which
 * both the select list and the row type (numeric and int8 as strings) follow.
 */

const JETTON_MASTER_KEYS = [...STATE_COMMON_KEYS, ...JETTON_MASTER_STATE_KEYS] as const;
export type JettonMasterQueryRow = QueryRow<
  JettonMasterEntity,
  (typeof JETTON_MASTER_KEYS)[number]
>;
export const JETTON_MASTER = selectList(JettonMasterEntity, JETTON_MASTER_KEYS);

const JETTON_WALLET_KEYS = [
  ...STATE_COMMON_KEYS,
  ...JETTON_WALLET_STATE_KEYS,
  'mintlessIsClaimed',
  'mintlessAmount',
  'mintlessStartFrom',
  'mintlessExpireAt',
] as const;
export type JettonWalletQueryRow = QueryRow<
  JettonWalletEntity,
  (typeof JETTON_WALLET_KEYS)[number]
>;
/** The select list of jetton_wallets, its columns qualified by `alias` when given. */
export const jettonWalletColumns = (alias?: string): string =>
  selectList(JettonWalletEntity, JETTON_WALLET_KEYS, alias);

/** The columns every token event table shares, in the order the select lists give them. */
const EVENT_KEYS = ['txHash', 'txLt', 'txNow', 'txAborted', 'queryId'] as const;

const JETTON_TRANSFER_KEYS = [
  ...EVENT_KEYS,
  'amount',
  'source',
  'destination',
  'jettonWalletAddress',
  'jettonMasterAddress',
  'responseDestination',
  'customPayload',
  'forwardTonAmount',
  'forwardPayload',
  'traceId',
] as const;
export type JettonTransferQueryRow = QueryRow<
  JettonTransferEntity,
  (typeof JETTON_TRANSFER_KEYS)[number]
>;
export const JETTON_TRANSFER_COLUMNS = selectList(JettonTransferEntity, JETTON_TRANSFER_KEYS, 'E');

const JETTON_BURN_KEYS = [
  ...EVENT_KEYS,
  'owner',
  'jettonWalletAddress',
  'jettonMasterAddress',
  'amount',
  'responseDestination',
  'customPayload',
  'traceId',
] as const;
export type JettonBurnQueryRow = QueryRow<JettonBurnEntity, (typeof JETTON_BURN_KEYS)[number]>;
export const JETTON_BURN_COLUMNS = selectList(JettonBurnEntity, JETTON_BURN_KEYS, 'E');

const NFT_COLLECTION_KEYS = [...STATE_COMMON_KEYS, ...NFT_COLLECTION_STATE_KEYS] as const;
export type NftCollectionQueryRow = QueryRow<
  NftCollectionEntity,
  (typeof NFT_COLLECTION_KEYS)[number]
>;
export const NFT_COLLECTION = selectList(NftCollectionEntity, NFT_COLLECTION_KEYS);

const NFT_ITEM_KEYS = [...STATE_COMMON_KEYS, ...NFT_ITEM_STATE_KEYS] as const;
export type NftItemQueryRow = QueryRow<NftItemEntity, (typeof NFT_ITEM_KEYS)[number]> & {
  /** The getgems sale the item is on: the owner is a sale contract selling this item. */
  sale_address: string | null;
  /** That sale's seller (null while the sale waits for the item). */
  sale_owner: string | null;
  /** The getgems auction the item is on: the owner is an auction contract selling this item. */
  auction_address: string | null;
  /** That auction's seller (null while the auction waits for the item). */
  auction_owner: string | null;
};
/** nft_items' own columns of NftItemQueryRow (the sale and auction ones are joined in). */
export const NFT_ITEM_OWN_COLUMNS = selectList(NftItemEntity, NFT_ITEM_KEYS);

const NFT_SALE_KEYS = [...STATE_COMMON_KEYS, ...NFT_SALE_STATE_KEYS] as const;
/** A getgems fixed-price sale with its item and the item's collection (each null when unknown). */
export type NftSaleQueryRow = QueryRow<GetgemsNftSaleEntity, (typeof NFT_SALE_KEYS)[number]> &
  SaleItem;
export const NFT_SALE = selectList(GetgemsNftSaleEntity, NFT_SALE_KEYS);

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

const NFT_TRANSFER_KEYS = [
  ...EVENT_KEYS,
  'nftItemAddress',
  'nftCollectionAddress',
  'oldOwner',
  'newOwner',
  'responseDestination',
  'customPayload',
  'forwardAmount',
  'forwardPayload',
  'traceId',
] as const;
export type NftTransferQueryRow = QueryRow<NftTransferEntity, (typeof NFT_TRANSFER_KEYS)[number]>;
export const NFT_TRANSFER_COLUMNS = selectList(NftTransferEntity, NFT_TRANSFER_KEYS, 'E');

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
