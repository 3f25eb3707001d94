import { z } from 'zod';

import { B64Hash, Bytes, Int32, Int64Str } from './primitives';
import { AccountStatus, ExtraCurrency, InternalTransactionId, TonBlockIdExt } from './tonlib';

/**
 * Wire objects of the v2 accounts endpoints as toncenter 2.1 renders them (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml,
 * tonlib_api.tl): int64 as decimal strings, int32 as numbers, BOCs as standard base64.
 */

/** A wallet_id as 2.1 renders it: a JSON number (2.0 writes the int64 as a string, https://github.com/ton-blockchain/ton/blob/HEAD/tl/generate/scheme/tonlib_api.tl). */
const WalletId = z.number().int();

/**
 * getWalletInformation
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): an
 * API-built object, `@type` added by 2.1. `wallet_type`, `seqno`, `wallet_id` and
 * `is_signature_allowed` are present only for a recognised wallet
 * (https://github.com/toncenter/pytonlib/blob/HEAD/pytonlib/utils/wallet.py).
 */
export const WalletInformation = z
  .object({
    '@type': z.literal('ext.accounts.walletInformation'),
    wallet: z.boolean(),
    balance: Int64Str,
    account_state: AccountStatus,
    wallet_type: z.string().optional(),
    seqno: Int32.optional(),
    last_transaction_id: InternalTransactionId,
    wallet_id: WalletId.optional(),
    is_signature_allowed: z.boolean().optional(),
  })
  .strict();
export type WalletInformation = z.infer<typeof WalletInformation>;

/** `accountAddress account_address:string`: friendly, bounceable, url-safe (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const AccountAddress = z
  .object({ '@type': z.literal('accountAddress'), account_address: z.string() })
  .strict();
export type AccountAddress = z.infer<typeof AccountAddress>;

/** `raw.accountState code:bytes data:bytes frozen_hash:bytes` */
export const RawAccountState = z
  .object({
    '@type': z.literal('raw.accountState'),
    code: Bytes,
    data: Bytes,
    frozen_hash: Bytes,
  })
  .strict();

/** `wallet.v3.accountState wallet_id:int64 seqno:int32` (and the same fields for v4). */
export const WalletV3AccountState = z
  .object({ '@type': z.literal('wallet.v3.accountState'), wallet_id: WalletId, seqno: Int32 })
  .strict();
export const WalletV4AccountState = z
  .object({ '@type': z.literal('wallet.v4.accountState'), wallet_id: WalletId, seqno: Int32 })
  .strict();

/** `wallet.highload.v1.accountState wallet_id:int64 seqno:int32` */
export const WalletHighloadV1AccountState = z
  .object({
    '@type': z.literal('wallet.highload.v1.accountState'),
    wallet_id: WalletId,
    seqno: Int32,
  })
  .strict();
/** `wallet.highload.v2.accountState wallet_id:int64` */
export const WalletHighloadV2AccountState = z
  .object({ '@type': z.literal('wallet.highload.v2.accountState'), wallet_id: WalletId })
  .strict();

/** `uninited.accountState frozen_hash:bytes`: no code (nonexistent, uninitialised or frozen). */
export const UninitedAccountState = z
  .object({ '@type': z.literal('uninited.accountState'), frozen_hash: Bytes })
  .strict();

/** The `AccountState` kinds this service recognises (tonlib knows only its own wallet types, https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const TonlibAccountState = z.discriminatedUnion('@type', [
  RawAccountState,
  WalletV3AccountState,
  WalletV4AccountState,
  WalletHighloadV1AccountState,
  WalletHighloadV2AccountState,
  UninitedAccountState,
]);
export type TonlibAccountState = z.infer<typeof TonlibAccountState>;

/**
 * `fullAccountState address:accountAddress balance:int64 extra_currencies:vector<extraCurrency>
 * last_transaction_id:internal.transactionId block_id:ton.blockIdExt sync_utime:int53
 * account_state:AccountState revision:int32` — getExtendedAddressInformation
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml), balance
 * clamped to "0" for a nonexistent account (2.1).
 */
export const FullAccountState = z
  .object({
    '@type': z.literal('fullAccountState'),
    address: AccountAddress,
    balance: Int64Str,
    extra_currencies: z.array(ExtraCurrency),
    last_transaction_id: InternalTransactionId,
    block_id: TonBlockIdExt,
    sync_utime: Int32,
    account_state: TonlibAccountState,
    revision: Int32,
  })
  .strict();
export type FullAccountState = z.infer<typeof FullAccountState>;

/** TEP-64 content (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): on-chain attributes, or the off-chain URI. */
export const TokenContent = z.union([
  z.object({ type: z.literal('onchain'), data: z.record(z.string(), z.string()) }).strict(),
  z.object({ type: z.literal('offchain'), data: z.string() }).strict(),
]);
export type TokenContent = z.infer<typeof TokenContent>;

/** Big token amounts are decimal strings in 2.1 (they can exceed 2^53, https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
const BigUintStr = z.string().regex(/^(0|[1-9]\d*)$/, 'expected a decimal integer string');

export const JettonMasterData = z
  .object({
    '@type': z.literal('ext.tokens.jettonMasterData'),
    address: z.string(),
    contract_type: z.literal('jetton_master'),
    total_supply: BigUintStr,
    mintable: z.boolean(),
    admin_address: z.string().optional(),
    jetton_content: TokenContent,
    jetton_wallet_code: Bytes,
  })
  .strict();

export const JettonWalletData = z
  .object({
    '@type': z.literal('ext.tokens.jettonWalletData'),
    address: z.string(),
    contract_type: z.literal('jetton_wallet'),
    balance: BigUintStr,
    owner: z.string(),
    jetton: z.string(),
    jetton_wallet_code: Bytes,
    mintless_is_claimed: z.boolean().optional(),
  })
  .strict();

export const NftCollectionData = z
  .object({
    '@type': z.literal('ext.tokens.nftCollectionData'),
    address: z.string(),
    contract_type: z.literal('nft_collection'),
    next_item_index: BigUintStr,
    collection_content: TokenContent,
    owner_address: z.string().optional(),
  })
  .strict();

export const NftItemData = z
  .object({
    '@type': z.literal('ext.tokens.nftItemData'),
    address: z.string(),
    contract_type: z.literal('nft_item'),
    init: z.boolean(),
    index: BigUintStr,
    collection_address: z.string().optional(),
    owner_address: z.string().optional(),
    content: TokenContent,
  })
  .strict();

/** getTokenData (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): one of the four token kinds. */
export const TokenData = z.discriminatedUnion('contract_type', [
  JettonMasterData,
  JettonWalletData,
  NftCollectionData,
  NftItemData,
]);
export type TokenData = z.infer<typeof TokenData>;

/** `adnlAddress adnl_address:string`: the ADNL id in its 55-character base32 form. */
export const AdnlAddress = z
  .object({ '@type': z.literal('adnlAddress'), adnl_address: z.string() })
  .strict();

/**
 * `dns.EntryData` (tonlib_api.tl): the TEP-81 DNSRecord kinds tonlib decodes; records of other kinds
 * are left out of a resolution, as tonlib leaves them out.
 */
export const DnsEntryData = z.discriminatedUnion('@type', [
  z.object({ '@type': z.literal('dns.entryDataText'), text: z.string() }).strict(),
  z.object({ '@type': z.literal('dns.entryDataNextResolver'), resolver: AccountAddress }).strict(),
  z.object({ '@type': z.literal('dns.entryDataSmcAddress'), smc_address: AccountAddress }).strict(),
  z.object({ '@type': z.literal('dns.entryDataAdnlAddress'), adnl_address: AdnlAddress }).strict(),
  z
    .object({
      '@type': z.literal('dns.entryDataStorageAddress'),
      bag_id: z.string().regex(/^[0-9a-f]{64}$/),
    })
    .strict(),
]);
export type DnsEntryData = z.infer<typeof DnsEntryData>;

/** `dns.entry name:string category:int256 entry:dns.EntryData`, the category as base64. */
export const DnsEntry = z
  .object({
    '@type': z.literal('dns.entry'),
    name: z.string(),
    category: B64Hash,
    entry: DnsEntryData,
  })
  .strict();
export type DnsEntry = z.infer<typeof DnsEntry>;

/** `dns.resolved entries:vector<dns.entry>` (dnsResolve, toncenter https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const DnsResolved = z
  .object({ '@type': z.literal('dns.resolved'), entries: z.array(DnsEntry) })
  .strict();
export type DnsResolved = z.infer<typeof DnsResolved>;
