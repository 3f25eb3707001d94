import {
  type JettonMasterState,
  type JettonWalletState,
  type NftAuctionState,
  type NftCollectionState,
  type NftItemState,
  type NftSaleState,
  type TelemintItemState,
} from '@app/classify';
import {
  type JettonMasterRow,
  type JettonWalletRow,
  type NftAuctionRow,
  type NftCollectionRow,
  type NftItemRow,
  type NftSaleRow,
  type TelemintItemRow,
} from '@app/database';

/** The columns every token state table keeps of the probed account, under the tables' names. */
export type AccountColumns = Pick<
  JettonWalletRow,
  'address' | 'lastTransactionLt' | 'codeHash' | 'dataHash'
>;

/*
 * What each token probe read (libs/classify's get-method readers), as its table's row: the
 * classifier names what a get-method answers, the entity names the column it is stored in.
 */

export const jettonWalletRow = (a: AccountColumns, s: JettonWalletState): JettonWalletRow => ({
  ...a,
  balance: s.balance,
  owner: s.owner,
  jetton: s.jetton,
});

export const jettonMasterRow = (a: AccountColumns, s: JettonMasterState): JettonMasterRow => ({
  ...a,
  totalSupply: s.totalSupply,
  mintable: s.mintable,
  adminAddress: s.admin,
  jettonContent: s.content,
  jettonWalletCodeHash: s.walletCodeHash,
});

/** `realOwner` starts as the owner; TokenRepository.saveStates replaces it for items on sale. */
export const nftItemRow = (a: AccountColumns, s: NftItemState): NftItemRow => ({
  ...a,
  init: s.init,
  index: s.index,
  collectionAddress: s.collection,
  ownerAddress: s.owner,
  content: s.content,
  realOwner: s.owner,
});

export const nftCollectionRow = (a: AccountColumns, s: NftCollectionState): NftCollectionRow => ({
  ...a,
  nextItemIndex: s.nextItemIndex,
  ownerAddress: s.owner,
  collectionContent: s.content,
});

export const nftSaleRow = (a: AccountColumns, s: NftSaleState): NftSaleRow => ({
  ...a,
  isComplete: s.isComplete,
  createdAt: s.createdAt,
  marketplaceAddress: s.marketplace,
  nftAddress: s.nft,
  nftOwnerAddress: s.nftOwner,
  fullPrice: s.fullPrice,
  marketplaceFeeAddress: s.marketplaceFeeAddress,
  marketplaceFee: s.marketplaceFee,
  royaltyAddress: s.royaltyAddress,
  royaltyAmount: s.royaltyAmount,
});

/** The v4 public key, a 256-bit integer, is stored as its decimal text (varchar `public_key`). */
export const nftAuctionRow = (a: AccountColumns, s: NftAuctionState): NftAuctionRow => ({
  ...a,
  endFlag: s.end,
  endTime: s.endTime,
  mpAddr: s.marketplace,
  nftAddr: s.nft,
  nftOwner: s.nftOwner,
  lastBid: s.lastBid,
  lastMember: s.lastMember,
  minStep: s.minStep,
  mpFeeAddr: s.marketplaceFeeAddress,
  mpFeeFactor: s.marketplaceFeeFactor,
  mpFeeBase: s.marketplaceFeeBase,
  royaltyFeeAddr: s.royaltyFeeAddress,
  royaltyFeeFactor: s.royaltyFeeFactor,
  royaltyFeeBase: s.royaltyFeeBase,
  maxBid: s.maxBid,
  minBid: s.minBid,
  createdAt: s.createdAt,
  lastBidAt: s.lastBidAt,
  isCanceled: s.isCanceled,
  activated: s.activated,
  stepTime: s.stepTime,
  lastQueryId: s.lastQueryId,
  jettonWallet: s.jettonWallet,
  jettonMaster: s.jettonMaster,
  isBrokenState: s.isBrokenState,
  publicKey: s.publicKey === null ? null : s.publicKey.toString(),
});

export const telemintItemRow = (a: AccountColumns, s: TelemintItemState): TelemintItemRow => ({
  ...a,
  tokenName: s.tokenName,
  bidderAddress: s.bidder,
  bid: s.bid,
  bidTs: s.bidTs,
  minBid: s.minBid,
  endTime: s.endTime,
  beneficiaryAddress: s.beneficiary,
  initialMinBid: s.initialMinBid,
  maxBid: s.maxBid,
  minBidStep: s.minBidStep,
  minExtendTime: s.minExtendTime,
  duration: s.duration,
  royaltyNumerator: s.royaltyNumerator,
  royaltyDenominator: s.royaltyDenominator,
  royaltyDestination: s.royaltyDestination,
});
