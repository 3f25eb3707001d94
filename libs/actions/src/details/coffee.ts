/** swap.coffee vault, pool, MEV-protection and staking details (ton-index-go `ParseRawAction`). */
import { field, str } from './shared';
import type { ActionRenderRow, ApiJson, Renderer } from './types';

/** A staking deposit's and withdrawal's first fields: the user and the pool, with their jetton wallets. */
function userPoolColumns(a: ActionRenderRow): Record<string, ApiJson> {
  return {
    source: a.source,
    source_jetton_wallet: a.source_secondary,
    pool: a.destination,
    pool_jetton_wallet: a.destination_secondary,
    asset: a.asset,
    amount: str(a.amount),
  };
}

export const COFFEE_RENDERERS: Record<string, Renderer> = {
  coffee_create_vault: (a) => ({
    source: a.source,
    vault: a.destination,
    asset: a.asset,
    value: str(a.value),
  }),
  coffee_mev_protect_hold_funds: (a) => ({
    source: a.source,
    source_jetton_wallet: a.source_secondary,
    mev_contract: a.destination,
    mev_contract_jetton_wallet: a.destination_secondary,
    asset: a.asset,
    amount: str(a.amount),
  }),
  coffee_create_pool: (a) => {
    const d = a.coffee_create_pool_data;
    return {
      source: a.source,
      source_jetton_wallet: a.source_secondary,
      initiator_1: str(field(d, 'initiator_1')),
      initiator_2: str(field(d, 'initiator_2')),
      provided_asset: str(field(d, 'provided_asset')),
      amount: str(a.amount),
      pool: a.destination,
      asset_1: a.asset,
      asset_2: a.asset2,
      amount_1: str(field(d, 'amount_1')),
      amount_2: str(field(d, 'amount_2')),
      lp_tokens_minted: str(field(d, 'lp_tokens_minted')),
      pool_creator_contract: a.destination_secondary,
    };
  },
  coffee_create_pool_creator: (a) => ({
    source: a.source,
    source_jetton_wallet: a.source_secondary,
    deposit_recipient: a.destination,
    pool_creator_contract: a.destination_secondary,
    // ton-index-go reads it from coffee_create_pool_data, which this type does not fill
    provided_asset: str(field(a.coffee_create_pool_data, 'provided_asset')),
    asset_1: a.asset,
    asset_2: a.asset2,
    amount: str(a.amount),
  }),
  coffee_staking_deposit: (a) => ({
    ...userPoolColumns(a),
    minted_item_address: str(field(a.coffee_staking_deposit_data, 'minted_item_address')),
    minted_item_index: str(field(a.coffee_staking_deposit_data, 'minted_item_index')),
  }),
  coffee_staking_withdraw: (a) => ({
    ...userPoolColumns(a),
    nft_address: str(field(a.coffee_staking_withdraw_data, 'nft_address')),
    nft_index: str(field(a.coffee_staking_withdraw_data, 'nft_index')),
    points: str(field(a.coffee_staking_withdraw_data, 'points')),
  }),
  coffee_staking_claim_rewards: (a) => ({
    pool: a.source,
    pool_jetton_wallet: a.source_secondary,
    recipient: a.destination,
    recipient_jetton_wallet: a.destination_secondary,
    asset: a.asset,
    amount: str(a.amount),
  }),
};
