/** JVault staking reads the registry's `JVAULT` layouts do not cover, as toncenter reads them. */
import { Dictionary, type Slice } from '@ton/core';
import { JVAULT, loadFields } from '@app/ton';
import { loadAddr, rawAddress } from './cells';

/**
 * The stake transfer's forward payload: op:uint32 lock_period:uint32. Its op is not checked (toncenter
 * reads any), so it is no registry constructor.
 */
export function parseJVaultStakePeriod(s: Slice): number {
  s.skip(32);
  return s.loadUint(32);
}

/**
 * `JVAULT.claim_rewards`, with its `jettons_to_claim` dictionary (HashmapE 267 Bit, kept whole by the
 * layout) read into the jetton wallets it names.
 */
export function parseJVaultClaimJettons(s: Slice): string[] {
  const { jettons_to_claim } = loadFields(JVAULT.claim_rewards, s);
  const dict = Dictionary.loadDirect(
    Dictionary.Keys.Address(),
    Dictionary.Values.Bool(),
    jettons_to_claim,
  );
  return dict.keys().map(rawAddress);
}

/** A stake wallet's data (contract state, not a message): staking_pool:MsgAddress minter:MsgAddress ... */
export function parseJVaultStakeWalletData(s: Slice): {
  pool: string | null;
  minter: string | null;
} {
  const pool = loadAddr(s);
  return { pool, minter: loadAddr(s) };
}
