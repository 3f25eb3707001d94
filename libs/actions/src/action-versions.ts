/**
 * The action types of toncenter's first action version, `v1`
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/indexer/indexer/events/blocks/utils/block_tree_serializer.py):
 * every client is sent them, and the classifier serialises no child of their blocks as an action of
 * its own.
 */
export const V1_ACTION_TYPES: readonly string[] = [
  'call_contract',
  'contract_deploy',
  'ton_transfer',
  'stake_deposit',
  'stake_withdrawal',
  'stake_withdrawal_request',
  'dex_deposit_liquidity',
  'jetton_transfer',
  'nft_transfer',
  'nft_mint',
  'jetton_burn',
  'jetton_mint',
  'jetton_swap',
  'change_dns',
  'delete_dns',
  'renew_dns',
  'subscribe',
  'dex_withdraw_liquidity',
  'unsubscribe',
  'election_deposit',
  'election_recover',
  'auction_bid',
  'tick_tock',
];
