/**
 * The type-specific `details` of a v3 action (toncenter
 * https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models; ton-index-go
 * `parse/actions.go`): numbers in details as strings, opcodes as "0x%08x". Pure rendering, shared by
 * the decoder (its classifier's rows, `decode:trace --api`) and the query service (stored rows).
 */
import { COCOON_RENDERERS } from './details/cocoon';
import { DNS_RENDERERS } from './details/dns';
import { NFT_DISCOVERY_RENDERERS } from './details/nft-discovery';
import { TGBTC_RENDERERS } from './details/tgbtc';

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

/** The generic columns the renderers read, and the composites. */
export interface ActionRenderBase {
  readonly source: string | null;
  readonly source_secondary: string | null;
  readonly destination: string | null;
  readonly destination_secondary: string | null;
  readonly asset: string | null;
  readonly asset_secondary: string | null;
  readonly asset2: string | null;
  readonly asset2_secondary: string | null;
  readonly value: string | bigint | null;
  readonly amount: string | bigint | null;
  /** The signed int32 opcode. */
  readonly opcode: number | null;
  readonly value_extra_currencies: Record<string, string>;
}

export type ActionRenderRow = ActionRenderBase &
  Partial<Record<ActionDataColumn, ActionData | null>>;

export type ApiJson = string | number | boolean | null | ApiJson[] | { [key: string]: ApiJson };

function str(v: ActionValue | undefined): string | null {
  if (v === null || v === undefined) {
    return null;
  }
  return typeof v === 'string'
    ? v
    : typeof v === 'bigint' || typeof v === 'number'
      ? v.toString()
      : JSON.stringify(v);
}

function opcodeHex(op: number | null): string | null {
  return op === null ? null : `0x${(op >>> 0).toString(16).padStart(8, '0')}`;
}

function field(d: ActionData | null | undefined, key: string): ActionValue {
  return d?.[key] ?? null;
}

function bool(v: ActionValue): boolean | null {
  return typeof v === 'boolean' ? v : null;
}

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

/**
 * nft_transfer and nft_purchase (toncenter parse/actions.go): a purchase's payout went to the seller
 * (real_old_owner); a transfer's payout and royalty addresses are the listing columns Telemint sales
 * fill. `marketplace` is the classifier's (toncenter names it from its marketplace_names table).
 */
function nftTransfer(a: ActionRenderRow, purchase: boolean): Record<string, ApiJson> {
  const d = a.nft_transfer_data;
  const realOldOwner = str(field(d, 'real_prev_owner'));
  return {
    nft_collection: a.asset,
    nft_item: a.asset_secondary,
    nft_item_index: str(field(d, 'nft_item_index')),
    old_owner: a.source,
    new_owner: a.destination,
    is_purchase: bool(field(d, 'is_purchase')),
    price: str(field(d, 'price')),
    query_id: str(field(d, 'query_id')),
    response_destination: str(field(d, 'response_destination')),
    custom_payload: str(field(d, 'custom_payload')),
    forward_payload: str(field(d, 'forward_payload')),
    forward_amount: str(field(d, 'forward_amount')),
    comment: null,
    is_encrypted_comment: null,
    marketplace: str(field(d, 'marketplace')),
    real_old_owner: realOldOwner,
    marketplace_address: str(field(d, 'marketplace_address')),
    payout_amount: str(field(d, 'payout_amount')),
    payout_address: purchase
      ? realOldOwner
      : str(field(a.nft_listing_data, 'marketplace_fee_address')),
    payout_comment: str(field(d, 'payout_comment')),
    payout_comment_encrypted: bool(field(d, 'payout_comment_encrypted')),
    payout_comment_encoded: bool(field(d, 'payout_comment_encoded')),
    royalty_amount: str(field(d, 'royalty_amount')),
    royalty_address: purchase ? null : str(field(a.nft_listing_data, 'royalty_address')),
  };
}

/** nft_put_on_auction and teleitem_start_auction (toncenter ActionDetailsNftPutOnAuction). */
function putOnAuction(a: ActionRenderRow): Record<string, ApiJson> {
  const l = a.nft_listing_data;
  return {
    nft_collection: a.asset,
    nft_item: a.asset_secondary,
    nft_item_index: str(field(l, 'nft_item_index')),
    owner: a.source,
    listing_address: a.source_secondary,
    auction_address: a.destination,
    marketplace_address: a.destination_secondary,
    marketplace_fee_factor: str(field(l, 'mp_fee_factor')),
    marketplace_fee_base: str(field(l, 'mp_fee_base')),
    royalty_fee_base: str(field(l, 'royalty_fee_base')),
    max_bid: str(field(l, 'max_bid')),
    min_bid: str(field(l, 'min_bid')),
    marketplace_fee_address: str(field(l, 'marketplace_fee_address')),
    royalty_address: str(field(l, 'royalty_address')),
    marketplace: str(field(l, 'marketplace')),
  };
}

/** nft_cancel_auction, teleitem_cancel_auction and nft_finish_auction. */
function auctionEnd(a: ActionRenderRow): Record<string, ApiJson> {
  return {
    owner: a.source,
    nft_item: a.asset_secondary,
    nft_collection: a.asset,
    auction_address: a.destination,
    marketplace_address: str(field(a.nft_transfer_data, 'marketplace_address')),
    marketplace: null,
  };
}

type Renderer = (a: ActionRenderRow) => Record<string, ApiJson>;

/** The object without the keys whose value is null (Go's `omitempty` on a nil pointer). */
function omitNull(o: Record<string, ApiJson>, keys: readonly string[]): Record<string, ApiJson> {
  return Object.fromEntries(Object.entries(o).filter(([k, v]) => v !== null || !keys.includes(k)));
}

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
const STAKING_RENDERERS: Record<string, Renderer> = {
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

const RENDERERS: Record<string, Renderer> = {
  ...COCOON_RENDERERS,
  ...TGBTC_RENDERERS,
  ...DNS_RENDERERS,
  ...NFT_DISCOVERY_RENDERERS,
  ton_transfer: (a) => ({
    source: a.source,
    destination: a.destination,
    value: str(a.value),
    value_extra_currencies: a.value_extra_currencies,
    comment: str(field(a.ton_transfer_data, 'content')),
    encrypted: bool(field(a.ton_transfer_data, 'encrypted')),
  }),
  call_contract: (a) => ({
    opcode: opcodeHex(a.opcode),
    source: a.source,
    destination: a.destination,
    value: str(a.value),
    extra_currencies: a.value_extra_currencies,
  }),
  contract_deploy: (a) => ({
    opcode: opcodeHex(a.opcode),
    source: a.source,
    destination: a.destination,
    value: str(a.value),
  }),
  tick_tock: () => ({}),
  jetton_transfer: (a) => {
    const d = a.jetton_transfer_data;
    return {
      asset: a.asset,
      sender: a.source,
      receiver: a.destination,
      sender_jetton_wallet: a.source_secondary,
      receiver_jetton_wallet: a.destination_secondary,
      amount: str(a.amount),
      comment: str(field(d, 'comment')),
      is_encrypted_comment: bool(field(d, 'is_encrypted_comment')),
      query_id: str(field(d, 'query_id')),
      response_destination: str(field(d, 'response_destination')),
      custom_payload: str(field(d, 'custom_payload')),
      forward_payload: str(field(d, 'forward_payload')),
      forward_amount: str(field(d, 'forward_amount')),
    };
  },
  jetton_burn: (a) => ({
    owner: a.source,
    owner_jetton_wallet: a.source_secondary,
    asset: a.asset,
    amount: str(a.amount),
  }),
  jetton_mint: (a) => ({
    asset: a.asset,
    receiver: a.destination,
    receiver_jetton_wallet: a.destination_secondary,
    amount: str(a.amount),
    ton_amount: str(a.value),
  }),
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
  nft_mint: (a) => ({
    owner: a.source,
    nft_item: a.asset_secondary,
    nft_collection: a.asset,
    nft_item_index: str(field(a.nft_mint_data, 'nft_item_index')),
  }),
  nft_transfer: (a) => nftTransfer(a, false),
  nft_purchase: (a) => nftTransfer(a, true),
  auction_bid: (a) => ({
    amount: str(a.value),
    bidder: a.source,
    auction: a.destination,
    nft_item: a.asset_secondary,
    nft_collection: a.asset,
    nft_item_index: str(field(a.nft_transfer_data, 'nft_item_index')),
  }),
  dns_purchase: (a) => {
    const d = a.nft_transfer_data;
    return {
      nft_collection: a.asset,
      nft_item: a.asset_secondary,
      nft_item_index: str(field(d, 'nft_item_index')),
      new_owner: a.destination,
      price: str(field(d, 'price')),
      query_id: str(field(d, 'query_id')),
      payout_amount: str(field(d, 'payout_amount')),
    };
  },
  nft_put_on_sale: (a) => {
    const l = a.nft_listing_data;
    return {
      nft_collection: a.asset,
      nft_item: a.asset_secondary,
      nft_item_index: str(field(l, 'nft_item_index')),
      owner: a.source,
      listing_address: a.source_secondary,
      sale_address: a.destination,
      marketplace_address: a.destination_secondary,
      full_price: str(field(l, 'full_price')),
      marketplace_fee: str(field(l, 'marketplace_fee')),
      royalty_amount: str(field(l, 'royalty_amount')),
      marketplace_fee_address: str(field(l, 'marketplace_fee_address')),
      royalty_address: str(field(l, 'royalty_address')),
      marketplace: str(field(l, 'marketplace')),
    };
  },
  nft_put_on_auction: (a) => putOnAuction(a),
  teleitem_start_auction: (a) => putOnAuction(a),
  auction_outbid: (a) => ({
    auction_address: a.source,
    bidder: a.destination,
    new_bidder: a.source_secondary,
    nft_item: a.asset_secondary,
    nft_collection: a.asset,
    amount: str(a.amount),
    comment: str(field(a.ton_transfer_data, 'comment')),
    marketplace: str(field(a.nft_transfer_data, 'marketplace')),
  }),
  nft_cancel_sale: (a) => ({
    owner: a.source,
    nft_item: a.asset_secondary,
    nft_collection: a.asset,
    sale_address: a.destination,
    marketplace_address: str(field(a.nft_transfer_data, 'marketplace_address')),
    marketplace: null,
  }),
  nft_cancel_auction: (a) => auctionEnd(a),
  teleitem_cancel_auction: (a) => auctionEnd(a),
  nft_finish_auction: (a) => auctionEnd(a),
  dns_release: (a) => {
    const d = a.nft_transfer_data;
    return {
      query_id: str(field(d, 'query_id')),
      source: a.source,
      nft_item: a.destination,
      nft_collection: a.asset,
      nft_item_index: str(field(d, 'nft_item_index')),
      value: str(a.value),
    };
  },
  nft_update_sale: (a) => {
    const l = a.nft_listing_data;
    return {
      source: a.source,
      sale_contract: a.destination,
      nft_address: a.asset_secondary,
      marketplace_address: str(field(a.nft_transfer_data, 'marketplace_address')),
      marketplace: null,
      full_price: str(field(l, 'full_price')),
      marketplace_fee: str(field(l, 'marketplace_fee')),
      royalty_amount: str(field(l, 'royalty_amount')),
    };
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
    source: a.source,
    source_jetton_wallet: a.source_secondary,
    pool: a.destination,
    pool_jetton_wallet: a.destination_secondary,
    asset: a.asset,
    amount: str(a.amount),
    minted_item_address: str(field(a.coffee_staking_deposit_data, 'minted_item_address')),
    minted_item_index: str(field(a.coffee_staking_deposit_data, 'minted_item_index')),
  }),
  coffee_staking_withdraw: (a) => ({
    source: a.source,
    source_jetton_wallet: a.source_secondary,
    pool: a.destination,
    pool_jetton_wallet: a.destination_secondary,
    asset: a.asset,
    amount: str(a.amount),
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
  vesting_send_message: (a) => ({
    query_id: str(field(a.vesting_send_message_data, 'query_id')),
    message_boc: str(field(a.vesting_send_message_data, 'message_boc')),
    source: a.source,
    vesting: a.destination,
    destination: a.destination_secondary,
    amount: str(a.amount),
  }),
  vesting_add_whitelist: (a) => {
    const added = field(a.vesting_add_whitelist_data, 'accounts_added');
    return {
      query_id: str(field(a.vesting_add_whitelist_data, 'query_id')),
      accounts_added: Array.isArray(added) ? added.map((x) => str(x)) : [],
      source: a.source,
      vesting: a.destination,
    };
  },
};

/** The details of `row` by its type, or undefined for a type without a renderer. */
export function renderActionDetails(
  type: string,
  row: ActionRenderRow,
): Record<string, ApiJson> | undefined {
  const render = RENDERERS[type] ?? STAKING_RENDERERS[type];
  return render === undefined ? undefined : render(row);
}
