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
