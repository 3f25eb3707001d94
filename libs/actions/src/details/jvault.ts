/**
 * JVault staking details (ton-index-go `ParseRawAction`, the jvault_* cases, and the json tags of
 * `ActionDetailsJvault*` in `index/models/actions.go`). The unstakes carry the pool's exit code in the
 * opcode column.
 */
import { field, num, str } from './shared';
import type { ActionRenderRow, ApiJson, Renderer } from './types';

/**
 * The claimed jettons paired with their amounts by position; toncenter pairs them only when both lists
 * have the same length, and shows an empty list otherwise.
 */
function claimedRewards(a: ActionRenderRow): ApiJson[] {
  const jettons = field(a.jvault_claim_data, 'claimed_jettons');
  const amounts = field(a.jvault_claim_data, 'claimed_amounts');
  const js = Array.isArray(jettons) ? jettons : [];
  const as = Array.isArray(amounts) ? amounts : [];
  if (js.length !== as.length) {
    return [];
  }
  return js.map((jetton, i) => ({ jetton: str(jetton), amount: str(as[i]) }));
}

function unstake(a: ActionRenderRow): Record<string, ApiJson> {
  return {
    source: a.source,
    stake_wallet: a.source_secondary,
    pool: a.destination,
    amount: str(a.amount),
    exit_code: a.opcode,
    asset: a.asset,
    staking_asset: a.asset2,
  };
}

export const JVAULT_RENDERERS: Record<string, Renderer> = {
  jvault_claim: (a) => ({
    claimed_rewards: claimedRewards(a),
    source: a.source,
    stake_wallet: a.source_secondary,
    pool: a.destination,
  }),
  jvault_stake: (a) => {
    const d = a.jvault_stake_data;
    return {
      period: num(field(d, 'period')),
      minted_stake_jettons: str(field(d, 'minted_stake_jettons')),
      stake_wallet: str(field(d, 'stake_wallet')),
      source: a.source,
      source_jetton_wallet: a.source_secondary,
      asset: a.asset,
      pool: a.destination,
      amount: str(a.amount),
    };
  },
  jvault_unstake: unstake,
  jvault_unstake_request: unstake,
};
