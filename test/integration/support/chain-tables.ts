/**
 * The tables the ingestor writes, one transaction per masterchain block: the raw chain. Every other
 * table is derived from them or is the service's own.
 */
export const INGESTED_TABLES = [
  'blocks',
  'shard_state',
  'transactions',
  'messages',
  'message_contents',
  'account_states',
  'latest_account_states',
] as const;

/**
 * What the decoder writes (one transaction per masterchain block) that grows with the chain: per
 * trace, action, transfer, wallet, item or order (millions of rows on mainnet).
 */
export const DECODED_LARGE_TABLES = [
  'traces',
  'actions',
  'action_accounts',
  'jetton_wallets',
  'jetton_transfers',
  'jetton_burns',
  'nft_items',
  'nft_transfers',
  'dns_entries',
  'multisig',
  'multisig_orders',
  'vesting_contracts',
  'vesting_whitelist',
] as const;

/** Everything the decoder writes: the large tables and the per-jetton, per-collection or per-code ones. */
export const DECODED_TABLES = [
  ...DECODED_LARGE_TABLES,
  'contract_interfaces',
  'decode_failures',
  'jetton_masters',
  'nft_collections',
] as const;
