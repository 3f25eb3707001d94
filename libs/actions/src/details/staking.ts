/** Liquid staking, elector and plugin subscription details. */
import { field, omitNull, str } from './shared';
import type { ActionRenderRow, Renderer } from './types';

/**
 * The staking provider as toncenter shows it: the stored name, with its one alias applied
 * (`tonstakers` → `liquid_staking`, ton-index-go `preprocessStakingProvider`).
 */
function stakingProvider(a: ActionRenderRow): string | null {
  const provider = str(field(a.staking_data, 'provider'));
  return provider === 'tonstakers' ? 'liquid_staking' : provider;
}

/**
 * Staking, elector and plugin subscription details (ton-index-go `index/parse/actions.go`
 * `ParseRawAction`, the stake_*, election_* and (un)subscribe cases, and the json tags of their
 * `index/models/actions.go` structs).
 */
export const STAKING_RENDERERS: Record<string, Renderer> = {
  stake_deposit: (a) => {
    const provider = stakingProvider(a);
    return omitNull(
      {
        provider,
        stake_holder: a.source,
        pool: a.destination,
        amount: str(a.amount),
        tokens_minted: str(field(a.staking_data, 'tokens_minted')),
        asset: a.asset,
        source_asset: provider === 'ethena' ? a.asset2 : null,
      },
      ['source_asset'],
    );
  },
  stake_withdrawal: (a) => ({
    provider: stakingProvider(a),
    stake_holder: a.source,
    pool: a.destination,
    amount: str(a.amount),
    payout_nft: str(field(a.staking_data, 'ts_nft')),
    tokens_burnt: str(field(a.staking_data, 'tokens_burnt')),
    asset: a.asset,
  }),
  stake_withdrawal_request: (a) => {
    const provider = stakingProvider(a);
    // toncenter compares the aliased provider with `tonstakers`, which it never is after the alias:
    // tokens_burnt is always null there, and so it is here
    return omitNull(
      {
        provider,
        stake_holder: a.source,
        pool: a.destination,
        payout_nft: str(field(a.staking_data, 'ts_nft')),
        asset: a.asset,
        tokens_burnt: provider === 'tonstakers' ? str(a.amount) : null,
        tokens_minted: provider === 'ethena' ? str(field(a.staking_data, 'tokens_minted')) : null,
      },
      ['tokens_minted'],
    );
  },
  election_deposit: (a) => omitNull({ stake_holder: a.source, amount: str(a.amount) }, ['amount']),
  election_recover: (a) => omitNull({ stake_holder: a.source, amount: str(a.amount) }, ['amount']),
  subscribe: (a) =>
    omitNull(
      {
        subscriber: a.source,
        beneficiary: a.destination,
        subscription: a.destination_secondary,
        amount: str(a.amount),
      },
      ['beneficiary'],
    ),
  unsubscribe: (a) =>
    omitNull(
      {
        subscriber: a.source,
        beneficiary: a.destination,
        subscription: a.destination_secondary,
        amount: str(a.amount),
      },
      ['beneficiary', 'amount'],
    ),
};
