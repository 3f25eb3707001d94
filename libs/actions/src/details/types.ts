/**
 * The row shapes the v3 action renderers read and the JSON they return (toncenter
 * https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models).
 */

/** A value inside a `*_data` composite (64-bit numbers as bigint from the classifier, as strings from the table). */
export type ActionValue =
  string | number | bigint | boolean | null | ActionValue[] | { [key: string]: ActionValue };
export type ActionData = Record<string, ActionValue>;

/** The composite columns the decoder stores under `details`. */
export type ActionDataColumn =
  | 'ton_transfer_data'
  | 'jetton_transfer_data'
  | 'nft_transfer_data'
  | 'nft_listing_data'
  | 'nft_mint_data'
  | 'jetton_swap_data'
  | 'change_dns_record_data'
  | 'dex_deposit_liquidity_data'
  | 'dex_withdraw_liquidity_data'
  | 'staking_data'
  | 'tonco_deploy_pool_data'
  | 'multisig_create_order_data'
  | 'multisig_approve_data'
  | 'multisig_execute_data'
  | 'vesting_send_message_data'
  | 'vesting_add_whitelist_data'
  | 'evaa_supply_data'
  | 'evaa_withdraw_data'
  | 'evaa_liquidate_data'
  | 'jvault_claim_data'
  | 'jvault_stake_data'
  | 'coffee_create_pool_data'
  | 'coffee_staking_deposit_data'
  | 'coffee_staking_withdraw_data'
  | 'layerzero_send_data'
  | 'layerzero_packet_data'
  | 'layerzero_dvn_verify_data'
  | 'cocoon_worker_payout_data'
  | 'cocoon_proxy_payout_data'
  | 'cocoon_proxy_charge_data'
  | 'cocoon_client_top_up_data'
  | 'cocoon_register_proxy_data'
  | 'cocoon_unregister_proxy_data'
  | 'cocoon_client_register_data'
  | 'cocoon_client_change_secret_hash_data'
  | 'cocoon_client_request_refund_data'
  | 'cocoon_grant_refund_data'
  | 'cocoon_client_increase_stake_data'
  | 'cocoon_client_withdraw_data';

/** The accounts of an action: its main and secondary source, destination and two assets. */
export interface ActionAccountColumns {
  source: string | null;
  source_secondary: string | null;
  destination: string | null;
  destination_secondary: string | null;
  asset: string | null;
  asset_secondary: string | null;
  asset2: string | null;
  asset2_secondary: string | null;
}

/** The generic columns the renderers read, and the composites. */
export interface ActionRenderBase extends Readonly<ActionAccountColumns> {
  readonly value: string | bigint | null;
  readonly amount: string | bigint | null;
  /** The signed int32 opcode. */
  readonly opcode: number | null;
  readonly value_extra_currencies: Record<string, string>;
}

export type ActionRenderRow = ActionRenderBase &
  Partial<Record<ActionDataColumn, ActionData | null>>;

export type ApiJson = string | number | boolean | null | ApiJson[] | { [key: string]: ApiJson };

/** One action type's `details` from its row. */
export type Renderer = (a: ActionRenderRow) => Record<string, ApiJson>;
