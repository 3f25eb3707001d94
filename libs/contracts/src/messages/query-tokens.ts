import { z } from 'zod';

import { Subjects } from '../subjects';
import { V3Json } from './query-traces';
import {
  EnrichmentSettings,
  MetadataSettings,
  Paging,
  SortOrder,
  TimeRange,
} from './query-request';
import {
  AddressBook,
  B64Hash,
  DecStr,
  Int,
  Metadata,
  NumericStr,
  UDecStr,
  V3Address,
} from './query-wire';

/**
 * Query service requests and shapes of the v3 Jetton and NFT endpoints (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml).
 * Addresses arrive raw (`wc:UPPERHEX`), normalised by the gateway.
 */

const Addresses = z.array(V3Address).optional();
const Direction = z.enum(['in', 'out', 'both']).optional();
/** What jetton transfers, jetton burns and NFT transfers are listed by besides their addresses. */
const TokenEventListing = {
  direction: Direction,
  ...TimeRange,
  ...Paging,
  sort: SortOrder,
  ...EnrichmentSettings,
  ...MetadataSettings,
};

export const JettonMastersReq = z
  .object({
    address: Addresses,
    admin_address: Addresses,
    ...Paging,
    ...EnrichmentSettings,
    ...MetadataSettings,
  })
  .strict();
export type JettonMastersReq = z.infer<typeof JettonMastersReq>;

export const V3JettonMaster = z
  .object({
    address: V3Address,
    total_supply: NumericStr,
    mintable: z.boolean(),
    admin_address: V3Address.nullable(),
    jetton_content: V3Json,
    jetton_wallet_code_hash: B64Hash.nullable(),
    code_hash: B64Hash.nullable(),
    data_hash: B64Hash.nullable(),
    last_transaction_lt: DecStr,
  })
  .strict();
export type V3JettonMaster = z.infer<typeof V3JettonMaster>;

export const V3JettonMastersRes = z
  .object({
    jetton_masters: z.array(V3JettonMaster),
    address_book: AddressBook,
    metadata: Metadata,
  })
  .strict();
export type V3JettonMastersRes = z.infer<typeof V3JettonMastersRes>;

export const JettonWalletsReq = z
  .object({
    address: Addresses,
    owner_address: Addresses,
    jetton_address: Addresses,
    exclude_zero_balance: z.boolean().optional(),
    ...Paging,
    sort: SortOrder.optional(),
    ...EnrichmentSettings,
    ...MetadataSettings,
  })
  .strict();
export type JettonWalletsReq = z.infer<typeof JettonWalletsReq>;

export const V3MintlessInfo = z
  .object({
    amount: NumericStr,
    start_from: DecStr.nullable(),
    expire_at: DecStr.nullable(),
    custom_payload_api_uri: z.array(z.string()),
  })
  .strict();

export const V3JettonWallet = z
  .object({
    address: V3Address,
    balance: NumericStr,
    owner: V3Address,
    jetton: V3Address,
    last_transaction_lt: DecStr,
    code_hash: B64Hash.nullable(),
    data_hash: B64Hash.nullable(),
    mintless_info: V3MintlessInfo.optional(),
  })
  .strict();
export type V3JettonWallet = z.infer<typeof V3JettonWallet>;

export const V3JettonWalletsRes = z
  .object({
    jetton_wallets: z.array(V3JettonWallet),
    address_book: AddressBook,
    metadata: Metadata,
  })
  .strict();
export type V3JettonWalletsRes = z.infer<typeof V3JettonWalletsRes>;

/** jetton/transfers and jetton/burns: owners (`address` alias resolved by the gateway), wallets, master. */
export const JettonEventsReq = z
  .object({
    owner_address: Addresses,
    jetton_wallet: Addresses,
    jetton_master: V3Address.optional(),
    ...TokenEventListing,
  })
  .strict();
export type JettonEventsReq = z.infer<typeof JettonEventsReq>;

const TxRef = {
  transaction_hash: B64Hash,
  transaction_lt: DecStr,
  transaction_now: Int,
  transaction_aborted: z.boolean(),
};

export const V3JettonTransfer = z
  .object({
    query_id: NumericStr,
    source: V3Address.nullable(),
    destination: V3Address.nullable(),
    amount: NumericStr,
    source_wallet: V3Address,
    jetton_master: V3Address.nullable(),
    ...TxRef,
    response_destination: V3Address.nullable(),
    custom_payload: z.string().nullable(),
    decoded_custom_payload: V3Json,
    forward_ton_amount: NumericStr.nullable(),
    forward_payload: z.string().nullable(),
    decoded_forward_payload: V3Json,
    trace_id: B64Hash.nullable(),
  })
  .strict();
export type V3JettonTransfer = z.infer<typeof V3JettonTransfer>;

export const V3JettonTransfersRes = z
  .object({
    jetton_transfers: z.array(V3JettonTransfer),
    address_book: AddressBook,
    metadata: Metadata,
  })
  .strict();
export type V3JettonTransfersRes = z.infer<typeof V3JettonTransfersRes>;

export const V3JettonBurn = z
  .object({
    query_id: NumericStr,
    owner: V3Address.nullable(),
    jetton_wallet: V3Address,
    jetton_master: V3Address.nullable(),
    ...TxRef,
    amount: NumericStr,
    response_destination: V3Address.nullable(),
    custom_payload: z.string().nullable(),
    decoded_custom_payload: V3Json,
    trace_id: B64Hash.nullable(),
  })
  .strict();
export type V3JettonBurn = z.infer<typeof V3JettonBurn>;

export const V3JettonBurnsRes = z
  .object({ jetton_burns: z.array(V3JettonBurn), address_book: AddressBook, metadata: Metadata })
  .strict();
export type V3JettonBurnsRes = z.infer<typeof V3JettonBurnsRes>;

export const NftCollectionsReq = z
  .object({
    collection_address: Addresses,
    owner_address: Addresses,
    ...Paging,
    ...EnrichmentSettings,
    ...MetadataSettings,
  })
  .strict();
export type NftCollectionsReq = z.infer<typeof NftCollectionsReq>;

export const V3NftCollection = z
  .object({
    address: V3Address,
    owner_address: V3Address.nullable(),
    last_transaction_lt: DecStr,
    next_item_index: NumericStr,
    collection_content: V3Json,
    data_hash: B64Hash.nullable(),
    code_hash: B64Hash.nullable(),
  })
  .strict();
export type V3NftCollection = z.infer<typeof V3NftCollection>;

export const V3NftCollectionsRes = z
  .object({
    nft_collections: z.array(V3NftCollection),
    address_book: AddressBook,
    metadata: Metadata,
  })
  .strict();
export type V3NftCollectionsRes = z.infer<typeof V3NftCollectionsRes>;

export const NftItemsReq = z
  .object({
    address: Addresses,
    owner_address: Addresses,
    collection_address: Addresses,
    index: z.array(UDecStr).optional(),
    include_on_sale: z.boolean().optional(),
    sort_by_last_transaction_lt: z.boolean().optional(),
    ...Paging,
    ...EnrichmentSettings,
    ...MetadataSettings,
  })
  .strict();
export type NftItemsReq = z.infer<typeof NftItemsReq>;

export const V3NftItem = z
  .object({
    address: V3Address,
    init: z.boolean(),
    index: NumericStr,
    collection_address: V3Address.nullable(),
    owner_address: V3Address.nullable(),
    content: V3Json,
    last_transaction_lt: DecStr,
    code_hash: B64Hash.nullable(),
    data_hash: B64Hash.nullable(),
    collection: V3NftCollection.nullable(),
    on_sale: z.boolean(),
    /** Present only while the item is on a getgems sale (toncenter omits it otherwise). */
    sale_contract_address: V3Address.optional(),
    /** Present only while the item is on a getgems auction (toncenter omits it otherwise). */
    auction_contract_address: V3Address.optional(),
    /** The seller of the sale or auction the item is on; absent when the item is not on sale. */
    real_owner: V3Address.optional(),
  })
  .strict();
export type V3NftItem = z.infer<typeof V3NftItem>;

export const V3NftItemsRes = z
  .object({ nft_items: z.array(V3NftItem), address_book: AddressBook, metadata: Metadata })
  .strict();
export type V3NftItemsRes = z.infer<typeof V3NftItemsRes>;

export const NftTransfersReq = z
  .object({
    owner_address: Addresses,
    item_address: Addresses,
    collection_address: V3Address.optional(),
    ...TokenEventListing,
  })
  .strict();
export type NftTransfersReq = z.infer<typeof NftTransfersReq>;

export const V3NftTransfer = z
  .object({
    query_id: NumericStr,
    nft_address: V3Address,
    nft_collection: V3Address.nullable(),
    ...TxRef,
    old_owner: V3Address.nullable(),
    new_owner: V3Address.nullable(),
    response_destination: V3Address.nullable(),
    custom_payload: z.string().nullable(),
    decoded_custom_payload: V3Json,
    forward_amount: NumericStr.nullable(),
    forward_payload: z.string().nullable(),
    decoded_forward_payload: V3Json,
    trace_id: B64Hash.nullable(),
  })
  .strict();
export type V3NftTransfer = z.infer<typeof V3NftTransfer>;

export const V3NftTransfersRes = z
  .object({ nft_transfers: z.array(V3NftTransfer), address_book: AddressBook, metadata: Metadata })
  .strict();
export type V3NftTransfersRes = z.infer<typeof V3NftTransfersRes>;

export const queryTokensContracts = {
  [Subjects.query.jettonMasters]: { req: JettonMastersReq, res: V3JettonMastersRes },
  [Subjects.query.jettonWallets]: { req: JettonWalletsReq, res: V3JettonWalletsRes },
  [Subjects.query.jettonTransfers]: { req: JettonEventsReq, res: V3JettonTransfersRes },
  [Subjects.query.jettonBurns]: { req: JettonEventsReq, res: V3JettonBurnsRes },
  [Subjects.query.nftCollections]: { req: NftCollectionsReq, res: V3NftCollectionsRes },
  [Subjects.query.nftItems]: { req: NftItemsReq, res: V3NftItemsRes },
  [Subjects.query.nftTransfers]: { req: NftTransfersReq, res: V3NftTransfersRes },
} as const;
