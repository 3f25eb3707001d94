import {
  type DedustPoolState,
  type DnsEntryState,
  type MultisigOrderState,
  type MultisigState,
  type VestingState,
} from '@app/classify';
import {
  type DexPoolRow,
  type DnsEntryRow,
  type MultisigOrderRow,
  type MultisigRow,
  type VestingWrite,
} from '@app/database';
import { type AccountColumns } from './token-state-rows';

/*
 * What each contract probe read (libs/classify's get-method readers), as its table's row: the
 * classifier names what a get-method answers, the entity names the column it is stored in.
 */

/** dns_entries is keyed by the item's address and keeps no code or data hash. */
export const dnsEntryRow = (a: AccountColumns, s: DnsEntryState): DnsEntryRow => ({
  nftItemAddress: a.address,
  nftItemOwner: s.owner,
  domain: s.domain,
  dnsNextResolver: s.nextResolver,
  dnsWallet: s.wallet,
  dnsSiteAdnl: s.siteAdnl,
  dnsStorageBagId: s.storageBagId,
  lastTransactionLt: a.lastTransactionLt,
});

export const multisigRow = (a: AccountColumns, s: MultisigState): MultisigRow => ({
  ...a,
  nextOrderSeqno: s.nextOrderSeqno,
  threshold: s.threshold,
  signers: s.signers,
  proposers: s.proposers,
});

export const multisigOrderRow = (a: AccountColumns, s: MultisigOrderState): MultisigOrderRow => ({
  ...a,
  multisigAddress: s.multisig,
  orderSeqno: s.orderSeqno,
  threshold: s.threshold,
  sentForExecution: s.sentForExecution,
  approvalsMask: s.approvalsMask,
  approvalsNum: s.approvalsNum,
  expirationDate: s.expirationDate,
  orderBoc: s.orderBoc,
  signers: s.signers,
});

/** The whitelist goes to vesting_whitelist, beside the wallet's row (ContractRepository). */
export const vestingWrite = (a: AccountColumns, s: VestingState): VestingWrite => ({
  ...a,
  vestingStartTime: s.startTime,
  vestingTotalDuration: s.totalDuration,
  unlockPeriod: s.unlockPeriod,
  cliffDuration: s.cliffDuration,
  vestingTotalAmount: s.totalAmount,
  vestingSenderAddress: s.sender,
  ownerAddress: s.owner,
  whitelist: s.whitelist,
});

/**
 * The probe reads DeDust pools only, so `dex` is 'dedust'; `poolType` names the curve as toncenter's
 * insert_dedust_pools does ('stable' or 'volatile').
 */
export const dexPoolRow = (a: AccountColumns, s: DedustPoolState): DexPoolRow => ({
  ...a,
  dex: 'dedust',
  asset_1: s.asset1,
  asset_2: s.asset2,
  reserve_1: s.reserve1,
  reserve_2: s.reserve2,
  poolType: s.isStable ? 'stable' : 'volatile',
  fee: s.fee,
});
