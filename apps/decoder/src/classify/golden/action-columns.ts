/**
 * The columns of ton-indexer's `Action` model (`indexer/indexer/core/database.py`, commit eb9fbfa3)
 * that a row here may leave out: a selector's `value` is such an object, so a column the action does
 * not fill is there as None (Jinja's `value.jetton_swap_data == None` holds), while a name that is no
 * column is undefined.
 */
const OPTIONAL_COLUMNS = [
  'finality',
  'ton_transfer_data',
  'jetton_transfer_data',
  'nft_transfer_data',
  'jetton_swap_data',
  'change_dns_record_data',
  'nft_mint_data',
  'nft_listing_data',
  'evaa_supply_data',
  'evaa_withdraw_data',
  'evaa_liquidate_data',
  'dex_deposit_liquidity_data',
  'dex_withdraw_liquidity_data',
  'jvault_claim_data',
  'jvault_stake_data',
  'multisig_create_order_data',
  'multisig_approve_data',
  'multisig_execute_data',
  'vesting_send_message_data',
  'vesting_add_whitelist_data',
  'staking_data',
  'tonco_deploy_pool_data',
  'coffee_create_pool_data',
  'coffee_staking_deposit_data',
  'coffee_staking_withdraw_data',
  'layerzero_send_data',
  'layerzero_packet_data',
  'layerzero_dvn_verify_data',
  'cocoon_worker_payout_data',
  'cocoon_proxy_payout_data',
  'cocoon_proxy_charge_data',
  'cocoon_client_top_up_data',
  'cocoon_register_proxy_data',
  'cocoon_unregister_proxy_data',
  'cocoon_client_register_data',
  'cocoon_client_change_secret_hash_data',
  'cocoon_client_request_refund_data',
  'cocoon_grant_refund_data',
  'cocoon_client_increase_stake_data',
  'cocoon_client_withdraw_data',
] as const;

/** The action with every column it leaves out present as null, as the `Action` model has them. */
export function asActionModel(action: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of OPTIONAL_COLUMNS) {
    out[c] = null;
  }
  return Object.assign(out, action);
}
