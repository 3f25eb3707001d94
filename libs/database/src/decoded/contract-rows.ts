import { type WriteRow } from '../entities/bulk-columns';
import { type DexPoolEntity } from '../entities/dex-pool.entity';
import { type DnsEntryEntity } from '../entities/dns-entry.entity';
import { type MultisigEntity } from '../entities/multisig.entity';
import {
  MULTISIG_ORDER_DATA_KEYS,
  type MultisigOrderEntity,
} from '../entities/multisig-order.entity';
import { type VestingContractEntity } from '../entities/vesting-contract.entity';
import { type VestingWhitelistEntity } from '../entities/vesting-whitelist.entity';
import { type StateRow } from './token-rows';

/*
 * The rows the decoder writes for the contracts its get-method probes recognise (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp):
 * each is its table's own properties, in the order the insert lists their columns.
 */

/** A DNS item's records as v3 serves them (the dns_entries columns the API reads). */
export const DNS_RECORD_KEYS = [
  'nftItemAddress',
  'nftItemOwner',
  'domain',
  'dnsNextResolver',
  'dnsWallet',
  'dnsSiteAdnl',
  'dnsStorageBagId',
] as const satisfies readonly (keyof DnsEntryEntity)[];

/**
 * The columns of dns_entries the decoder writes (TEP-81 records of a DNS item). Not a state row: the
 * table is keyed by `nftItemAddress` and keeps no code or data hash.
 */
export const DNS_ENTRY_KEYS = [
  ...DNS_RECORD_KEYS,
  'lastTransactionLt',
] as const satisfies readonly (keyof DnsEntryEntity)[];
export type DnsEntryRow = WriteRow<DnsEntryEntity, (typeof DNS_ENTRY_KEYS)[number]>;

/** The columns of multisig the decoder writes (multisig v2 get_multisig_data). */
export const MULTISIG_STATE_KEYS = [
  'nextOrderSeqno',
  'threshold',
  'signers',
  'proposers',
] as const satisfies readonly (keyof MultisigEntity)[];
export type MultisigRow = StateRow<MultisigEntity, (typeof MULTISIG_STATE_KEYS)[number]>;

/**
 * The columns of multisig_orders the decoder writes: the order's data (get_order_data), the same
 * columns its readers read, the address first.
 */
export const MULTISIG_ORDER_WRITE_KEYS = [
  ...MULTISIG_ORDER_DATA_KEYS,
  'lastTransactionLt',
  'codeHash',
  'dataHash',
] as const satisfies readonly (keyof MultisigOrderEntity)[];
export type MultisigOrderRow = StateRow<
  MultisigOrderEntity,
  (typeof MULTISIG_ORDER_DATA_KEYS)[number]
>;

/** The columns of vesting_contracts the decoder writes (vesting wallet get_vesting_data). */
export const VESTING_STATE_KEYS = [
  'vestingStartTime',
  'vestingTotalDuration',
  'unlockPeriod',
  'cliffDuration',
  'vestingTotalAmount',
  'vestingSenderAddress',
  'ownerAddress',
] as const satisfies readonly (keyof VestingContractEntity)[];
export type VestingRow = StateRow<VestingContractEntity, (typeof VESTING_STATE_KEYS)[number]>;

/**
 * A vesting wallet's row and its whitelist: the whitelist is no column of vesting_contracts but rows
 * of vesting_whitelist, one per wallet address, written after the wallet's row (ContractRepository).
 */
export type VestingWrite = VestingRow & {
  readonly whitelist: readonly VestingWhitelistEntity['walletAddress'][];
};

/**
 * The columns of dex_pools the decoder writes (toncenter InsertBatchPostgres::insert_dedust_pools):
 * the numbered columns keep toncenter's names.
 */
export const DEX_POOL_STATE_KEYS = [
  'dex',
  'asset_1',
  'asset_2',
  'reserve_1',
  'reserve_2',
  'poolType',
  'fee',
] as const satisfies readonly (keyof DexPoolEntity)[];
export type DexPoolRow = StateRow<DexPoolEntity, (typeof DEX_POOL_STATE_KEYS)[number]>;
