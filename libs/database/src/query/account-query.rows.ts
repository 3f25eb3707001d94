import {
  DNS_RECORD_KEYS,
  MULTISIG_ORDER_WRITE_KEYS,
  MULTISIG_STATE_KEYS,
  VESTING_STATE_KEYS,
} from '../decoded/contract-rows';
import { STATE_COMMON_KEYS } from '../decoded/token-rows';
import { type ContractInterfacesEntity } from '../entities/contract-interfaces.entity';
import { DnsEntryEntity } from '../entities/dns-entry.entity';
import { LatestAccountStateEntity } from '../entities/latest-account-state.entity';
import { MultisigOrderEntity } from '../entities/multisig-order.entity';
import { MultisigEntity } from '../entities/multisig.entity';
import { type LeftJoined, type QueryRow, selectList } from '../entities/query-row';
import { VestingContractEntity } from '../entities/vesting-contract.entity';

/*
 * What the v3 account, DNS, multisig and vesting queries read: for each table, the properties of
 * its entity, from which both the select list and the row type (int8 and numeric as strings) follow.
 */

const ACCOUNT_STATE_KEYS = [
  'account',
  'hash',
  'balance',
  'balanceExtraCurrencies',
  'accountStatus',
  'lastTransHash',
  'lastTransLt',
  'frozenHash',
  'dataHash',
  'codeHash',
  'dataBoc',
  'codeBoc',
] as const;
/** A `latest_account_states` row with the detected interfaces of its code. */
export type AccountStateQueryRow = QueryRow<
  LatestAccountStateEntity,
  (typeof ACCOUNT_STATE_KEYS)[number]
> &
  LeftJoined<QueryRow<ContractInterfacesEntity, 'interfaces'>>;
/** AccountStateQueryRow's own columns, of `latest_account_states` L. */
export const ACCOUNT_STATE_COLUMNS = selectList(LatestAccountStateEntity, ACCOUNT_STATE_KEYS, 'L');

export type DnsEntryQueryRow = QueryRow<DnsEntryEntity, (typeof DNS_RECORD_KEYS)[number]>;
export const DNS_ENTRY_COLUMNS = selectList(DnsEntryEntity, DNS_RECORD_KEYS);

const MULTISIG_KEYS = [...STATE_COMMON_KEYS, ...MULTISIG_STATE_KEYS] as const;
export type MultisigQueryRow = QueryRow<MultisigEntity, (typeof MULTISIG_KEYS)[number]>;
export const MULTISIG_COLUMNS = selectList(MultisigEntity, MULTISIG_KEYS);

const MULTISIG_ORDER_KEYS = MULTISIG_ORDER_WRITE_KEYS;
export type MultisigOrderQueryRow = QueryRow<
  MultisigOrderEntity,
  (typeof MULTISIG_ORDER_KEYS)[number]
>;
export const MULTISIG_ORDER_COLUMNS = selectList(MultisigOrderEntity, MULTISIG_ORDER_KEYS);

const VESTING_KEYS = ['address', ...VESTING_STATE_KEYS] as const;
/** A vesting contract with the wallets its whitelist holds. */
export type VestingQueryRow = QueryRow<VestingContractEntity, (typeof VESTING_KEYS)[number]> & {
  whitelist: string[];
};
/** VestingQueryRow's own columns, of `vesting_contracts` V. */
export const VESTING_COLUMNS = selectList(VestingContractEntity, VESTING_KEYS, 'V');
