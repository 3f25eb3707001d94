import { type WriteRow } from '../entities/bulk-columns';
import { type GetgemsNftAuctionEntity } from '../entities/getgems-nft-auction.entity';
import {
  type GetgemsNftSaleEntity,
  NFT_SALE_TERMS_KEYS,
} from '../entities/getgems-nft-sale.entity';
import { type JettonMasterEntity } from '../entities/jetton-master.entity';
import { type JettonWalletEntity } from '../entities/jetton-wallet.entity';
import { type NftCollectionEntity } from '../entities/nft-collection.entity';
import { NFT_ITEM_GET_DATA_KEYS, type NftItemEntity } from '../entities/nft-item.entity';
import { type TelemintNftItemEntity } from '../entities/telemint-nft-item.entity';

/**
 * What every token state table keeps of the contract's account (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp):
 * `dataHash` is the hash of the account's data in the state the interface was read from.
 */
export const STATE_COMMON_KEYS = ['address', 'lastTransactionLt', 'codeHash', 'dataHash'] as const;

/** The entity of a token state table: one row per contract, keyed by its address. */
export type StateEntity = Record<(typeof STATE_COMMON_KEYS)[number], unknown>;

/** A state row written to entity `E`: the account's common columns and the table's own `K`. */
export type StateRow<E extends StateEntity, K extends keyof E> = WriteRow<
  E,
  (typeof STATE_COMMON_KEYS)[number] | K
>;

/** The columns of jetton_wallets the decoder writes (TEP-74 get_wallet_data). */
export const JETTON_WALLET_STATE_KEYS = [
  'balance',
  'owner',
  'jetton',
] as const satisfies readonly (keyof JettonWalletEntity)[];
export type JettonWalletRow = StateRow<
  JettonWalletEntity,
  (typeof JETTON_WALLET_STATE_KEYS)[number]
>;

/** The columns of jetton_masters the decoder writes (TEP-74 get_jetton_data). */
export const JETTON_MASTER_STATE_KEYS = [
  'totalSupply',
  'mintable',
  'adminAddress',
  'jettonContent',
  'jettonWalletCodeHash',
] as const satisfies readonly (keyof JettonMasterEntity)[];
export type JettonMasterRow = StateRow<
  JettonMasterEntity,
  (typeof JETTON_MASTER_STATE_KEYS)[number]
>;

/**
 * The columns of nft_items the decoder writes (TEP-62 get_nft_data): `realOwner` is written as the
 * owner, then corrected for items on sale (TokenRepository.saveStates).
 */
export const NFT_ITEM_STATE_KEYS = [
  ...NFT_ITEM_GET_DATA_KEYS,
  'realOwner',
] as const satisfies readonly (keyof NftItemEntity)[];
export type NftItemRow = StateRow<NftItemEntity, (typeof NFT_ITEM_STATE_KEYS)[number]>;

/** The columns of nft_collections the decoder writes (TEP-62 get_collection_data). */
export const NFT_COLLECTION_STATE_KEYS = [
  'nextItemIndex',
  'ownerAddress',
  'collectionContent',
] as const satisfies readonly (keyof NftCollectionEntity)[];
export type NftCollectionRow = StateRow<
  NftCollectionEntity,
  (typeof NFT_COLLECTION_STATE_KEYS)[number]
>;

/**
 * The columns of getgems_nft_sales the decoder writes (getgems get_sale_data): `nftOwnerAddress` is
 * null until the item's ownership_assigned reaches the sale (addr_none in get_sale_data).
 */
export const NFT_SALE_STATE_KEYS = [
  'isComplete',
  'createdAt',
  ...NFT_SALE_TERMS_KEYS,
] as const satisfies readonly (keyof GetgemsNftSaleEntity)[];
export type NftSaleRow = StateRow<GetgemsNftSaleEntity, (typeof NFT_SALE_STATE_KEYS)[number]>;

/** An auction's terms and bids: the getgems_nft_auctions columns nft/sales serves as they are. */
export const NFT_AUCTION_TERMS_KEYS = [
  'createdAt',
  'endFlag',
  'endTime',
  'lastBid',
  'lastMember',
  'minStep',
  'mpFeeAddr',
  'mpFeeFactor',
  'mpFeeBase',
  'royaltyFeeAddr',
  'royaltyFeeFactor',
  'royaltyFeeBase',
  'maxBid',
  'minBid',
  'lastBidAt',
  'isCanceled',
] as const satisfies readonly (keyof GetgemsNftAuctionEntity)[];

/**
 * The columns of getgems_nft_auctions the decoder writes (getgems get_sale_data, v4's
 * get_auction_data_v4): the v4-only ones null for older auctions.
 */
export const NFT_AUCTION_STATE_KEYS = [
  ...NFT_AUCTION_TERMS_KEYS,
  'mpAddr',
  'nftAddr',
  'nftOwner',
  'activated',
  'stepTime',
  'lastQueryId',
  'jettonWallet',
  'jettonMaster',
  'isBrokenState',
  'publicKey',
] as const satisfies readonly (keyof GetgemsNftAuctionEntity)[];
export type NftAuctionRow = StateRow<
  GetgemsNftAuctionEntity,
  (typeof NFT_AUCTION_STATE_KEYS)[number]
>;

/** The columns of telemint_nft_items the decoder writes (Fragment's Telemint get-methods). */
export const TELEMINT_ITEM_STATE_KEYS = [
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
] as const satisfies readonly (keyof TelemintNftItemEntity)[];
export type TelemintItemRow = StateRow<
  TelemintNftItemEntity,
  (typeof TELEMINT_ITEM_STATE_KEYS)[number]
>;

export type { JettonBurnRow, JettonTransferRow, NftTransferRow } from './token-event-columns';
