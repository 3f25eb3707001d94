import { z } from 'zod';

import { Subjects } from '../subjects';
import { EnrichmentSettings, MetadataSettings, Paging, SortOrder } from './query-request';
import {
  AddressBook,
  AddressBookRow,
  B64Hash,
  DecStr,
  ExtraCurrencies,
  Int,
  Metadata,
  NumericStr,
  V3Address,
} from './query-wire';

/**
 * Query service requests and shapes of the v3 account, DNS, multisig and vesting endpoints
 * (toncenter https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml).
 */

const Addresses = z.array(V3Address);

export const AccountStatesReq = z
  .object({
    address: Addresses,
    code_hash: z.array(B64Hash).optional(),
    include_boc: z.boolean(),
    ...EnrichmentSettings,
    ...MetadataSettings,
  })
  .strict();
export type AccountStatesReq = z.infer<typeof AccountStatesReq>;

const AccountStatus = z.enum(['uninit', 'frozen', 'active', 'nonexist']);

export const V3AccountStateFull = z
  .object({
    address: V3Address,
    account_state_hash: B64Hash,
    balance: NumericStr,
    extra_currencies: ExtraCurrencies,
    status: AccountStatus,
    frozen_hash: B64Hash.nullable(),
    last_transaction_hash: B64Hash,
    last_transaction_lt: DecStr,
    data_hash: B64Hash.nullable(),
    code_hash: B64Hash.nullable(),
    data_boc: z.string().nullable().optional(),
    code_boc: z.string().nullable().optional(),
    contract_methods: z.array(z.number().int()).nullable(),
    interfaces: z.array(z.string()),
  })
  .strict();
export type V3AccountStateFull = z.infer<typeof V3AccountStateFull>;

export const V3AccountStatesRes = z
  .object({ accounts: z.array(V3AccountStateFull), address_book: AddressBook, metadata: Metadata })
  .strict();
export type V3AccountStatesRes = z.infer<typeof V3AccountStatesRes>;

/** walletStates (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): toncenter parses the accountStates request here, `code_hash` filtering too. */
export const WalletStatesReq = z
  .object({
    address: Addresses,
    code_hash: z.array(B64Hash).optional(),
    ...EnrichmentSettings,
    ...MetadataSettings,
  })
  .strict();
export type WalletStatesReq = z.infer<typeof WalletStatesReq>;

export const V3WalletState = z
  .object({
    address: V3Address,
    is_wallet: z.boolean(),
    wallet_type: z.string().optional(),
    seqno: z.number().int().optional(),
    wallet_id: z.number().int().optional(),
    balance: NumericStr,
    extra_currencies: ExtraCurrencies,
    is_signature_allowed: z.boolean().optional(),
    status: AccountStatus,
    code_hash: B64Hash.nullable(),
    last_transaction_hash: B64Hash,
    last_transaction_lt: DecStr,
  })
  .strict();
export type V3WalletState = z.infer<typeof V3WalletState>;

export const V3WalletStatesRes = z
  .object({ wallets: z.array(V3WalletState), address_book: AddressBook, metadata: Metadata })
  .strict();
export type V3WalletStatesRes = z.infer<typeof V3WalletStatesRes>;

/** addressBook: each input as sent, with its raw form (null when it does not parse). */
export const AddressBookReq = z
  .object({ entries: z.array(z.object({ input: z.string(), raw: V3Address.nullable() }).strict()) })
  .strict();
export type AddressBookReq = z.infer<typeof AddressBookReq>;
export const AddressBookRes = z.record(z.string(), AddressBookRow);
export type AddressBookRes = z.infer<typeof AddressBookRes>;

export const MetadataReq = z.object({ address: Addresses }).strict();
export type MetadataReq = z.infer<typeof MetadataReq>;

export const TopAccountsReq = z.object({ ...Paging }).strict();
export type TopAccountsReq = z.infer<typeof TopAccountsReq>;
export const TopAccountsRes = z.array(
  z.object({ account: V3Address, balance: NumericStr }).strict(),
);
export type TopAccountsRes = z.infer<typeof TopAccountsRes>;

/** dns/records: `wallet` or `domain` (exactly one, checked by the gateway). */
export const DnsRecordsReq = z
  .object({
    wallet: V3Address.optional(),
    domain: z.string().optional(),
    ...Paging,
    ...EnrichmentSettings,
  })
  .strict();
export type DnsRecordsReq = z.infer<typeof DnsRecordsReq>;

export const V3DnsRecord = z
  .object({
    nft_item_address: V3Address,
    nft_item_owner: V3Address.nullable(),
    domain: z.string().nullable(),
    dns_next_resolver: V3Address.nullable(),
    dns_wallet: V3Address.nullable(),
    dns_site_adnl: z.string().nullable(),
    dns_storage_bag_id: z.string().nullable(),
  })
  .strict();
export type V3DnsRecord = z.infer<typeof V3DnsRecord>;

export const V3DnsRecordsRes = z
  .object({ records: z.array(V3DnsRecord), address_book: AddressBook })
  .strict();
export type V3DnsRecordsRes = z.infer<typeof V3DnsRecordsRes>;

export const MultisigWalletsReq = z
  .object({
    address: Addresses.optional(),
    wallet_address: Addresses.optional(),
    include_orders: z.boolean(),
    ...Paging,
    sort: SortOrder,
    ...EnrichmentSettings,
  })
  .strict();
export type MultisigWalletsReq = z.infer<typeof MultisigWalletsReq>;

export const V3MultisigOrder = z
  .object({
    address: V3Address,
    multisig_address: V3Address,
    order_seqno: NumericStr,
    threshold: z.number().int().nullable(),
    sent_for_execution: z.boolean().nullable(),
    approvals_mask: NumericStr.nullable(),
    approvals_num: z.number().int().nullable(),
    expiration_date: z.number().int().nullable(),
    order_boc: z.string().nullable(),
    signers: z.array(V3Address),
    last_transaction_lt: DecStr,
    code_hash: B64Hash.nullable(),
    data_hash: B64Hash.nullable(),
    actions: z.null(),
  })
  .strict();
export type V3MultisigOrder = z.infer<typeof V3MultisigOrder>;

export const V3Multisig = z
  .object({
    address: V3Address,
    next_order_seqno: NumericStr,
    threshold: z.number().int(),
    signers: z.array(V3Address),
    proposers: z.array(V3Address),
    last_transaction_lt: DecStr,
    code_hash: B64Hash.nullable(),
    data_hash: B64Hash.nullable(),
    orders: z.array(V3MultisigOrder).nullable(),
  })
  .strict();
export type V3Multisig = z.infer<typeof V3Multisig>;

export const V3MultisigWalletsRes = z
  .object({ multisigs: z.array(V3Multisig), address_book: AddressBook })
  .strict();
export type V3MultisigWalletsRes = z.infer<typeof V3MultisigWalletsRes>;

export const MultisigOrdersReq = z
  .object({
    address: Addresses.optional(),
    multisig_address: Addresses.optional(),
    parse_actions: z.boolean(),
    ...Paging,
    sort: SortOrder,
    ...EnrichmentSettings,
  })
  .strict();
export type MultisigOrdersReq = z.infer<typeof MultisigOrdersReq>;

export const V3MultisigOrdersRes = z
  .object({ orders: z.array(V3MultisigOrder), address_book: AddressBook })
  .strict();
export type V3MultisigOrdersRes = z.infer<typeof V3MultisigOrdersRes>;

/** vesting: `contract_address` or `wallet_address` (owner or sender), checked by the gateway. */
export const VestingReq = z
  .object({
    contract_address: Addresses.optional(),
    wallet_address: Addresses.optional(),
    check_whitelist: z.boolean(),
    ...Paging,
    ...EnrichmentSettings,
  })
  .strict();
export type VestingReq = z.infer<typeof VestingReq>;

export const V3Vesting = z
  .object({
    address: V3Address,
    start_time: Int,
    total_duration: Int,
    unlock_period: Int,
    cliff_duration: Int,
    sender_address: V3Address.nullable(),
    owner_address: V3Address.nullable(),
    total_amount: NumericStr,
    whitelist: z.array(V3Address),
  })
  .strict();
export type V3Vesting = z.infer<typeof V3Vesting>;

export const V3VestingRes = z
  .object({ vesting_contracts: z.array(V3Vesting), address_book: AddressBook })
  .strict();
export type V3VestingRes = z.infer<typeof V3VestingRes>;

export const queryAccountsContracts = {
  [Subjects.query.accountStates]: { req: AccountStatesReq, res: V3AccountStatesRes },
  [Subjects.query.walletStates]: { req: WalletStatesReq, res: V3WalletStatesRes },
  [Subjects.query.addressBook]: { req: AddressBookReq, res: AddressBookRes },
  [Subjects.query.metadata]: { req: MetadataReq, res: Metadata },
  [Subjects.query.topAccountsByBalance]: { req: TopAccountsReq, res: TopAccountsRes },
  [Subjects.query.dnsRecords]: { req: DnsRecordsReq, res: V3DnsRecordsRes },
  [Subjects.query.multisigWallets]: { req: MultisigWalletsReq, res: V3MultisigWalletsRes },
  [Subjects.query.multisigOrders]: { req: MultisigOrdersReq, res: V3MultisigOrdersRes },
  [Subjects.query.vesting]: { req: VestingReq, res: V3VestingRes },
} as const;
