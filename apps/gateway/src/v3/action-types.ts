import { V1_ACTION_TYPES } from '@app/actions';
import { type V3Settings } from './v3-endpoint';

/**
 * Action type versions of toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/indexer/indexer/events/blocks/utils/block_tree_serializer.py:
 * `supported_action_types` (default `latest`, replaced by the `X-Actions-Version` header) names
 * versions or concrete types; `v1` is always added. Unknown names are used literally. Versions and
 * group shortcuts (`jettons`, `nft`, …) may name other shortcuts (`nft.v3` includes `nft`); they
 * expand recursively.
 */
const LAYERZERO = [
  'layerzero_send',
  'layerzero_send_tokens',
  'layerzero_receive',
  'layerzero_commit_packet',
  'layerzero_dvn_verify',
];

const V1 = V1_ACTION_TYPES;
const V2 = [
  ...V1,
  'multisig_create_order',
  'multisig_approve',
  'multisig_execute',
  'vesting_send_message',
  'vesting_add_whitelist',
  'evaa_supply',
  'evaa_withdraw',
  'evaa_liquidate',
  'jvault_stake',
  'jvault_unstake',
  'jvault_claim',
  'jvault_unstake_request',
  'nft_discovery',
  'tonco_deploy_pool',
  'coffee_create_vault',
  'coffee_create_pool_creator',
  'coffee_create_pool',
  'coffee_mev_protect_hold_funds',
  'coffee_mev_protect_failed_swap',
  'coffee_staking_claim_rewards',
  'coffee_staking_deposit',
  'coffee_staking_withdraw',
  'unknown',
];
/** The NFT sale, auction and DNS market types v3 added (also the `nft.v3` group). */
const NFT_MARKET = [
  'nft_put_on_sale',
  'nft_put_on_auction',
  'auction_outbid',
  'nft_cancel_sale',
  'nft_purchase',
  'nft_cancel_auction',
  'nft_finish_auction',
  'teleitem_start_auction',
  'teleitem_cancel_auction',
  'nft_update_sale',
  'dns_purchase',
  'dns_release',
];
const V3 = [...V2, ...NFT_MARKET, ...LAYERZERO];
const V4 = [
  ...V3,
  'cocoon_worker_payout',
  'cocoon_proxy_payout',
  'cocoon_proxy_charge',
  'cocoon_client_top_up',
  'cocoon_register_proxy',
  'cocoon_unregister_proxy',
  'cocoon_client_register',
  'cocoon_client_change_secret_hash',
  'cocoon_client_request_refund',
  'cocoon_grant_refund',
  'cocoon_client_increase_stake',
  'cocoon_client_withdraw',
];

/**
 * Versions and the group shortcuts of
 * https://github.com/toncenter/ton-indexer/blob/HEAD/indexer/indexer/events/blocks/utils/block_tree_serializer.py
 * (toncenter's ActionTypeShortcuts). tgBTC types belong to no version: only `tgbtc` (or the types
 * themselves) shows them. `coffee` leaves out `coffee_mev_protect_failed_swap`, as toncenter's group does.
 */
const SHORTCUTS: ReadonlyMap<string, readonly string[]> = new Map([
  ['v1', V1],
  ['v2', V2],
  ['v3', V3],
  ['v4', V4],
  ['latest', V4],
  ['staking', ['stake_deposit', 'stake_withdrawal', 'stake_withdrawal_request']],
  ['jettons', ['jetton_transfer', 'jetton_burn', 'jetton_mint']],
  ['nft', ['nft_transfer', 'nft_mint', 'auction_bid']],
  ['nft.v3', ['nft', ...NFT_MARKET]],
  ['dns', ['change_dns', 'delete_dns', 'renew_dns', 'dns_purchase', 'dns_release']],
  ['dns.v2', ['dns', 'dns_purchase', 'dns_release']],
  ['multisig', ['multisig_create_order', 'multisig_approve', 'multisig_execute']],
  ['vesting', ['vesting_send_message', 'vesting_add_whitelist']],
  ['evaa', ['evaa_supply', 'evaa_withdraw', 'evaa_liquidate']],
  ['jvault', ['jvault_stake', 'jvault_unstake', 'jvault_claim', 'jvault_unstake_request']],
  [
    'coffee',
    [
      'coffee_create_vault',
      'coffee_create_pool_creator',
      'coffee_create_pool',
      'coffee_mev_protect_hold_funds',
      'coffee_staking_claim_rewards',
      'coffee_staking_deposit',
      'coffee_staking_withdraw',
    ],
  ],
  [
    'tgbtc',
    [
      'tgbtc_dkg_log_fallback',
      'tgbtc_new_key',
      'tgbtc_new_key_fallback',
      'tgbtc_burn',
      'tgbtc_burn_fallback',
      'tgbtc_mint',
      'tgbtc_mint_fallback',
    ],
  ],
  ['layerzero', LAYERZERO],
  ['cocoon', V4.filter((type) => type.startsWith('cocoon_'))],
]);

/** Adds the concrete types `name` stands for; `seen` stops shortcut cycles. */
function expandInto(name: string, out: Set<string>, seen: Set<string>): void {
  const members = SHORTCUTS.get(name);
  if (members === undefined) {
    out.add(name);
    return;
  }
  if (seen.has(name)) {
    return;
  }
  seen.add(name);
  for (const member of members) {
    expandInto(member, out, seen);
  }
}

/** The concrete types a client supports (shortcuts expanded, `v1` always added), sorted. */
export function expandSupportedActionTypes(requested: readonly string[] | undefined): string[] {
  const names = requested === undefined || requested.length === 0 ? ['latest'] : requested;
  const out = new Set<string>();
  const seen = new Set<string>();
  for (const name of [...names, 'v1']) {
    expandInto(name, out, seen);
  }
  return [...out].sort();
}

/** `supported_action_types`, replaced by the X-Actions-Version header when sent (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). */
export function supportedActionTypes(
  fromQuery: readonly string[] | undefined,
  s: V3Settings,
): string[] {
  return expandSupportedActionTypes(
    s.actionsVersion === undefined ? fromQuery : [s.actionsVersion],
  );
}
