/** DEX swap, liquidity and pool deployment details (ton-index-go `ParseRawAction`). */
import { bool, field, str } from './shared';
import type { ActionData, ActionValue, ApiJson, Renderer } from './types';

function swapTransfer(t: ActionValue): ApiJson {
  const d = (t ?? {}) as ActionData;
  return {
    asset: str(d.asset),
    source: str(d.source),
    destination: str(d.destination),
    source_jetton_wallet: str(d.source_jetton_wallet),
    destination_jetton_wallet: str(d.destination_jetton_wallet),
    amount: str(d.amount),
  };
}

export const DEX_RENDERERS: Record<string, Renderer> = {
  jetton_swap: (a) => {
    const d = a.jetton_swap_data;
    const peers = field(d, 'peer_swaps');
    const out: Record<string, ApiJson> = {
      dex: str(field(d, 'dex')),
      sender: a.source,
      asset_in: a.asset,
      asset_out: a.asset2,
      dex_incoming_transfer: swapTransfer(field(d, 'dex_incoming_transfer')),
      dex_outgoing_transfer: swapTransfer(field(d, 'dex_outgoing_transfer')),
      peer_swaps: Array.isArray(peers)
        ? peers.map((p) => {
            const x = p as ActionData;
            return {
              asset_in: str(x.asset_in),
              amount_in: str(x.amount_in),
              asset_out: str(x.asset_out),
              amount_out: str(x.amount_out),
            };
          })
        : [],
    };
    // min_out_amount is rendered for tonco swaps only
    if (field(d, 'dex') === 'tonco') {
      out.min_out_amount = str(field(d, 'min_out_amount'));
    }
    return out;
  },
  dex_deposit_liquidity: (a) => {
    const d = a.dex_deposit_liquidity_data;
    const dex = str(field(d, 'dex'));
    const excesses = field(d, 'vault_excesses');
    return {
      dex,
      amount_1: str(field(d, 'amount1')),
      amount_2: str(field(d, 'amount2')),
      asset_1: str(field(d, 'asset1')),
      asset_2: str(field(d, 'asset2')),
      user_jetton_wallet_1: str(field(d, 'user_jetton_wallet_1')),
      user_jetton_wallet_2: str(field(d, 'user_jetton_wallet_2')),
      source: a.source,
      pool: a.destination,
      // DeDust reports its deposit contract, the other DEXes the pool
      destination_liquidity: dex === 'dedust' ? a.destination_secondary : a.destination,
      lp_tokens_minted: str(field(d, 'lp_tokens_minted')),
      target_asset_1: str(field(d, 'target_asset_1')),
      target_asset_2: str(field(d, 'target_asset_2')),
      target_amount_1: str(field(d, 'target_amount_1')),
      target_amount_2: str(field(d, 'target_amount_2')),
      vault_excesses: Array.isArray(excesses)
        ? excesses.map((e) => {
            const x = (e ?? {}) as ActionData;
            return { asset: str(x.asset), amount: str(x.amount) };
          })
        : [],
      tick_lower: str(field(d, 'tick_lower')),
      tick_upper: str(field(d, 'tick_upper')),
      nft_index: str(field(d, 'nft_index')),
      nft_address: str(field(d, 'nft_address')),
    };
  },
  dex_withdraw_liquidity: (a) => {
    const d = a.dex_withdraw_liquidity_data;
    return {
      dex: str(field(d, 'dex')),
      amount_1: str(field(d, 'amount1')),
      amount_2: str(field(d, 'amount2')),
      asset_1: str(field(d, 'asset1_out')),
      asset_2: str(field(d, 'asset2_out')),
      user_jetton_wallet_1: str(field(d, 'user_jetton_wallet_1')),
      user_jetton_wallet_2: str(field(d, 'user_jetton_wallet_2')),
      lp_tokens_burnt: str(field(d, 'lp_tokens_burnt')),
      // ton-index-go declares is_refund but never fills it
      is_refund: null,
      source: a.source,
      pool: a.destination,
      destination_liquidity: a.destination,
      burnt_nft_index: str(field(d, 'burned_nft_index')),
      burnt_nft_address: str(field(d, 'burned_nft_address')),
      tick_lower: str(field(d, 'tick_lower')),
      tick_upper: str(field(d, 'tick_upper')),
    };
  },
  tonco_deploy_pool: (a) => {
    const d = a.tonco_deploy_pool_data;
    return {
      source: a.source,
      pool: a.destination_secondary,
      router: a.destination,
      router_jetton_wallet_1: str(field(d, 'jetton0_router_wallet')),
      router_jetton_wallet_2: str(field(d, 'jetton1_router_wallet')),
      jetton_minter_1: str(field(d, 'jetton0_minter')),
      jetton_minter_2: str(field(d, 'jetton1_minter')),
      tick_spacing: str(field(d, 'tick_spacing')),
      initial_price_x96: str(field(d, 'initial_price_x96')),
      protocol_fee: str(field(d, 'protocol_fee')),
      lp_fee_base: str(field(d, 'lp_fee_base')),
      lp_fee_current: str(field(d, 'lp_fee_current')),
      pool_active: bool(field(d, 'pool_active')),
    };
  },
};
