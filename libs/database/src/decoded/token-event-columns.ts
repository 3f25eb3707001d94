import { JettonBurnEntity } from '../entities/jetton-burn.entity';
import { JettonTransferEntity } from '../entities/jetton-transfer.entity';
import { NftTransferEntity } from '../entities/nft-transfer.entity';
import { ownColumns, type WriteRow } from '../entities/bulk-columns';

/*
 * The decoder's token event rows are the entities' own shape: which properties it writes is listed
 * once per table, and the row type and the insert's columns follow from that list.
 */

/**
 * What every token event table has (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp):
 * the transaction, its time and outcome, and the query_id and response_destination every
 * TEP-74/TEP-62 message carries.
 */
const EVENT_KEYS = [
  'txHash',
  'txLt',
  'txNow',
  'txAborted',
  'mcSeqno',
  'queryId',
  'responseDestination',
  'traceId',
] as const;

const JETTON_TRANSFER_KEYS = [
  ...EVENT_KEYS,
  'jettonWalletAddress',
  'jettonMasterAddress',
  'amount',
  'source',
  'destination',
  'customPayload',
  'forwardTonAmount',
  'forwardPayload',
] as const;
export type JettonTransferRow = WriteRow<
  JettonTransferEntity,
  (typeof JETTON_TRANSFER_KEYS)[number]
>;
export const JETTON_TRANSFERS_COLUMNS = ownColumns(JettonTransferEntity, JETTON_TRANSFER_KEYS);

const JETTON_BURN_KEYS = [
  ...EVENT_KEYS,
  'jettonWalletAddress',
  'jettonMasterAddress',
  'owner',
  'amount',
] as const;
export type JettonBurnRow = WriteRow<JettonBurnEntity, (typeof JETTON_BURN_KEYS)[number]>;
export const JETTON_BURNS_COLUMNS = ownColumns(JettonBurnEntity, JETTON_BURN_KEYS);

const NFT_TRANSFER_KEYS = [
  ...EVENT_KEYS,
  'nftItemAddress',
  'nftItemIndex',
  'nftCollectionAddress',
  'oldOwner',
  'newOwner',
  'customPayload',
  'forwardAmount',
  'forwardPayload',
] as const;
export type NftTransferRow = WriteRow<NftTransferEntity, (typeof NFT_TRANSFER_KEYS)[number]>;
export const NFT_TRANSFERS_COLUMNS = ownColumns(NftTransferEntity, NFT_TRANSFER_KEYS);
