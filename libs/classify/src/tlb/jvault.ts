/** JVault staking messages, as toncenter reads them. */
import { Dictionary, type Slice } from '@ton/core';
import { loadAddr, rawAddress } from './cells';

export const JVaultOp = {
  receiveJettons: 0xd68a4ac1,
  unstakeJettons: 0x499a9262,
  unstakeRequest: 0x0168d4b7,
  claim: 0x78d9f109,
  sendClaimedRewards: 0x44bc1fe3,
  requestUpdateRewards: 0xf5c5baa3,
  updateRewards: 0xae9307ce,
  requestUpdateReferrer: 0x55c35b40,
  updateReferrer: 0x076ee4e0,
  setData: 0x383411ea,
  cancelStake: 0x9eada1d9,
} as const;

/** The stake transfer's forward payload: op:uint32 lock_period:uint32. */
export function parseJVaultStakePeriod(s: Slice): number {
  s.skip(32);
  return s.loadUint(32);
}

/**
 * unstake_jettons#499a9262 / unstake_request#0168d4b7 query_id:uint64 jettons_to_unstake:Coins ...:
 * the amount.
 */
export function parseJVaultUnstakeAmount(s: Slice): bigint {
  s.skip(32 + 64);
  return s.loadCoins();
}

/** claim_rewards_msg#78d9f109 query_id:uint64 jettons_to_claim:(HashmapE 267 Bit): the jetton wallets. */
export function parseJVaultClaimJettons(s: Slice): string[] {
  s.skip(32 + 64);
  const dict = s.loadDict(Dictionary.Keys.Address(), Dictionary.Values.Bool());
  return dict.keys().map(rawAddress);
}

/** A stake wallet's data: staking_pool:MsgAddress minter:MsgAddress ... */
export function parseJVaultStakeWalletData(s: Slice): {
  pool: string | null;
  minter: string | null;
} {
  const pool = loadAddr(s);
  return { pool, minter: loadAddr(s) };
}
