import { type DataSource } from 'typeorm';
import { MIGRATIONS_TABLE_NAME } from '../data-source.factory';

/**
 * Every table whose rows come from the indexed chain, what was derived from it (traces, actions,
 * token and NFT tables, off-chain metadata of its addresses) and the progress of indexing it
 * (cursors, quarantine, lease, chain_identity). A reset empties all of them, so the index can follow
 * another chain from its first block.
 */
export const INDEXED_TABLES = [
  'chain_identity',
  'indexer_cursor',
  'ingest_leader',
  'ingest_quarantine',
  'blocks',
  'shard_state',
  // A partitioned table's TRUNCATE empties its partitions too.
  'transactions',
  'transaction_lts',
  'messages',
  'message_lts',
  'message_contents',
  'account_states',
  'latest_account_states',
  'traces',
  'trace_accounts',
  'actions',
  'action_accounts',
  'action_lts',
  'account_lt_ranges',
  'jetton_masters',
  'jetton_wallets',
  'jetton_transfers',
  'jetton_burns',
  'nft_collections',
  'nft_items',
  'nft_transfers',
  'getgems_nft_sales',
  'getgems_nft_auctions',
  'telemint_nft_items',
  'dex_pools',
  'contract_interfaces',
  'decode_failures',
  'dns_entries',
  'multisig',
  'multisig_orders',
  'vesting_contracts',
  'vesting_whitelist',
  'address_metadata',
] as const;

/**
 * Tables a reset keeps: the operator's API keys and plans, the lt width of the history partitions,
 * and the migrations applied.
 */
export const OPERATOR_TABLES = [
  'api_plans',
  'api_keys',
  'history_partitioning',
  MIGRATIONS_TABLE_NAME,
] as const;

/**
 * Empties every indexed table and the recorded chain identity in one statement (TRUNCATE is
 * transactional: all or nothing). The ingestors should be stopped first; a follower started
 * afterwards records the chain its liteservers serve and indexes it from INGEST_START_SEQNO or the
 * head.
 */
export async function resetIndex(dataSource: DataSource): Promise<void> {
  const tables = INDEXED_TABLES.map((t) => `"${t}"`).join(', ');
  await dataSource.query(`TRUNCATE ${tables} RESTART IDENTITY`);
}
