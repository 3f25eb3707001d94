import { JettonWalletEntity } from '../entities/jetton-wallet.entity';
import { JettonMasterEntity } from '../entities/jetton-master.entity';
import { NftItemEntity } from '../entities/nft-item.entity';
import { NftCollectionEntity } from '../entities/nft-collection.entity';
import { GetgemsNftSaleEntity } from '../entities/getgems-nft-sale.entity';
import { GetgemsNftAuctionEntity } from '../entities/getgems-nft-auction.entity';
import { TelemintNftItemEntity } from '../entities/telemint-nft-item.entity';
import { type EntityManager } from 'typeorm';
import { bulkColumns, type ColumnValues } from '../entities/bulk-columns';
import { type BulkColumn, insertUnnest } from '../repositories/unnest-insert';
import {
  type JettonMasterRow,
  type JettonWalletRow,
  type NftAuctionRow,
  type NftCollectionRow,
  type NftItemRow,
  type NftSaleRow,
  type StateCommon,
  type TelemintItemRow,
} from './token-rows';

/** The columns every token state table shares with the contract's account. */
interface StateEntity {
  address: string;
  lastTransactionLt: bigint;
  codeHash: string | null;
  dataHash: string | null;
}

/** A state table's columns: the address, the table's own, then the contract's last lt and hashes. */
export function stateColumns<E extends StateEntity, R extends StateCommon>(
  entity: abstract new () => E,
  own: ColumnValues<E, R>,
): BulkColumn<R>[] {
  const common: ColumnValues<StateEntity, R> = {
    address: (r) => r.address,
    lastTransactionLt: (r) => r.lastLt,
    codeHash: (r) => r.codeHash,
    dataHash: (r) => r.dataHash,
  };
  const { address, ...after } = common;
  return bulkColumns<E, R>(entity, { address, ...own, ...after });
}

/**
 * Upserts state rows, which move forward only: every column but the address is replaced by a row
 * from a later transaction.
 */
export async function upsertStates<R extends StateCommon>(
  m: EntityManager,
  table: string,
  columns: BulkColumn<R>[],
  rows: readonly R[],
): Promise<void> {
  const sets = columns
    .filter((c) => c.name !== 'address')
    .map((c) => `"${c.name}" = EXCLUDED."${c.name}"`);
  await insertUnnest(
    m,
    table,
    columns,
    rows,
    `ON CONFLICT ("address") DO UPDATE SET ${sets.join(', ')}
     WHERE t."last_transaction_lt" < EXCLUDED."last_transaction_lt"`,
  );
}

/** The columns of jetton_wallets. */
export const JETTON_WALLETS_STATE_COLUMNS = stateColumns<JettonWalletEntity, JettonWalletRow>(
  JettonWalletEntity,
  {
    balance: (r) => r.balance,
    owner: (r) => r.owner,
    jetton: (r) => r.jetton,
  },
);

/** The columns of jetton_masters. */
export const JETTON_MASTERS_STATE_COLUMNS = stateColumns<JettonMasterEntity, JettonMasterRow>(
  JettonMasterEntity,
  {
    totalSupply: (r) => r.totalSupply,
    mintable: (r) => r.mintable,
    adminAddress: (r) => r.admin,
    jettonContent: (r) => r.content,
    jettonWalletCodeHash: (r) => r.walletCodeHash,
  },
);

/** The columns of nft_items. */
export const NFT_ITEMS_STATE_COLUMNS = stateColumns<NftItemEntity, NftItemRow>(NftItemEntity, {
  init: (r) => r.init,
  index: (r) => r.index,
  collectionAddress: (r) => r.collection,
  ownerAddress: (r) => r.owner,
  content: (r) => r.content,
  realOwner: (r) => r.owner,
});

/** The columns of nft_collections. */
export const NFT_COLLECTIONS_STATE_COLUMNS = stateColumns<NftCollectionEntity, NftCollectionRow>(
  NftCollectionEntity,
  {
    nextItemIndex: (r) => r.nextItemIndex,
    ownerAddress: (r) => r.owner,
    collectionContent: (r) => r.content,
  },
);

/** The columns of getgems_nft_sales. */
export const GETGEMS_NFT_SALES_STATE_COLUMNS = stateColumns<GetgemsNftSaleEntity, NftSaleRow>(
  GetgemsNftSaleEntity,
  {
    isComplete: (r) => r.isComplete,
    createdAt: (r) => r.createdAt,
    marketplaceAddress: (r) => r.marketplace,
    nftAddress: (r) => r.nft,
    nftOwnerAddress: (r) => r.nftOwner,
    fullPrice: (r) => r.fullPrice,
    marketplaceFeeAddress: (r) => r.marketplaceFeeAddress,
    marketplaceFee: (r) => r.marketplaceFee,
    royaltyAddress: (r) => r.royaltyAddress,
    royaltyAmount: (r) => r.royaltyAmount,
  },
);

/** The columns of getgems_nft_auctions. */
export const GETGEMS_NFT_AUCTIONS_STATE_COLUMNS = stateColumns<
  GetgemsNftAuctionEntity,
  NftAuctionRow
>(GetgemsNftAuctionEntity, {
  endFlag: (r) => r.end,
  endTime: (r) => r.endTime,
  mpAddr: (r) => r.marketplace,
  nftAddr: (r) => r.nft,
  nftOwner: (r) => r.nftOwner,
  lastBid: (r) => r.lastBid,
  lastMember: (r) => r.lastMember,
  minStep: (r) => r.minStep,
  mpFeeAddr: (r) => r.marketplaceFeeAddress,
  mpFeeFactor: (r) => r.marketplaceFeeFactor,
  mpFeeBase: (r) => r.marketplaceFeeBase,
  royaltyFeeAddr: (r) => r.royaltyFeeAddress,
  royaltyFeeFactor: (r) => r.royaltyFeeFactor,
  royaltyFeeBase: (r) => r.royaltyFeeBase,
  maxBid: (r) => r.maxBid,
  minBid: (r) => r.minBid,
  createdAt: (r) => r.createdAt,
  lastBidAt: (r) => r.lastBidAt,
  isCanceled: (r) => r.isCanceled,
  activated: (r) => r.activated,
  stepTime: (r) => r.stepTime,
  lastQueryId: (r) => r.lastQueryId,
  jettonWallet: (r) => r.jettonWallet,
  jettonMaster: (r) => r.jettonMaster,
  isBrokenState: (r) => r.isBrokenState,
  publicKey: (r) => (r.publicKey === null ? null : r.publicKey.toString()),
});

/** The columns of telemint_nft_items. */
export const TELEMINT_NFT_ITEMS_STATE_COLUMNS = stateColumns<
  TelemintNftItemEntity,
  TelemintItemRow
>(TelemintNftItemEntity, {
  tokenName: (r) => r.tokenName,
  bidderAddress: (r) => r.bidder,
  bid: (r) => r.bid,
  bidTs: (r) => r.bidTs,
  minBid: (r) => r.minBid,
  endTime: (r) => r.endTime,
  beneficiaryAddress: (r) => r.beneficiary,
  initialMinBid: (r) => r.initialMinBid,
  maxBid: (r) => r.maxBid,
  minBidStep: (r) => r.minBidStep,
  minExtendTime: (r) => r.minExtendTime,
  duration: (r) => r.duration,
  royaltyNumerator: (r) => r.royaltyNumerator,
  royaltyDenominator: (r) => r.royaltyDenominator,
  royaltyDestination: (r) => r.royaltyDestination,
});
