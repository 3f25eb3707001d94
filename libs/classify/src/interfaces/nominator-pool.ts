/**
 * The standard nominator pool (https://github.com/ton-blockchain/nominator-pool): toncenter knows a
 * pool by its code hash alone (`NOMINATOR_POOL_CODE_HASH`,
 * https://github.com/toncenter/ton-indexer/blob/HEAD/indexer/indexer/events/interface_repository.py),
 * base64 as `latest_account_states.code_hash` stores it.
 */
export const NOMINATOR_POOL_CODE_HASH = 'mj7BS8CY9rRAZMMFIiyuooAPF92oXuaoGYpwle3hDc8=';
