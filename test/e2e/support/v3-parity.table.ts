/*
 * toncenter's v3 request parameters, route by route, as its handlers parse them: each handler calls
 * `c.QueryParser` on one or more request structs of
 * https://github.com/toncenter/ton-indexer/blob/master/ton-index-go/index/models/request.go
 * (routes and handlers in ton-index-go/main.go), decoded by gofiber with IgnoreUnknownKeys: true.
 * Written down here as facts, for the parity suite to check the service against.
 */

/** What a parameter's value is, for a valid sample of it. */
export type ParamKind =
  | 'address'
  | 'addresses'
  | 'nullable_address'
  | 'hash'
  | 'hashes'
  | 'int32'
  | 'uint32'
  | 'uint64'
  | 'shard'
  | 'opcode'
  | 'bool'
  | 'sort'
  | 'direction'
  | 'transfer_direction'
  | 'action_types'
  | 'index'
  | 'domain'
  | 'strings';

type Params = Readonly<Record<string, ParamKind>>;

// The shared request structs.
const LIMIT: Params = { limit: 'int32', offset: 'int32', sort: 'sort' };
const UTIME: Params = { start_utime: 'uint32', end_utime: 'uint32' };
const LT: Params = { start_lt: 'uint64', end_lt: 'uint64' };
const BLOCK: Params = {
  workchain: 'int32',
  shard: 'shard',
  seqno: 'int32',
  root_hash: 'hash',
  file_hash: 'hash',
  mc_seqno: 'int32',
};
const MESSAGE: Params = {
  direction: 'direction',
  exclude_externals: 'bool',
  only_externals: 'bool',
  msg_hash: 'hashes',
  source: 'nullable_address',
  destination: 'nullable_address',
  body_hash: 'hash',
  opcode: 'opcode',
};
const ACCOUNT: Params = { address: 'addresses', code_hash: 'hashes', include_boc: 'bool' };
const V2_ACCOUNT: Params = { address: 'address', use_v2: 'bool' };
const TRACES: Params = {
  include_actions: 'bool',
  account: 'address',
  trace_id: 'hashes',
  tx_hash: 'hashes',
  msg_hash: 'hashes',
  mc_seqno: 'int32',
  supported_action_types: 'action_types',
};

/** One GET route: the parameters its handler parses, and what a request needs besides them. */
export interface ParityRoute {
  readonly params: Params;
  /** Parameters every request of the route carries (a required selector), as kinds. */
  readonly base?: Params;
  /** Parameters that exclude each other: one tested alone drops the others from the base. */
  readonly exclusive?: readonly string[];
  /** What a parameter needs beside it (nft/items `index` needs `collection_address`). */
  readonly needs?: Readonly<Record<string, Params>>;
}

export const PARITY_ROUTES: Readonly<Record<string, ParityRoute>> = {
  masterchainInfo: { params: {} },
  blocks: { params: { ...BLOCK, ...UTIME, ...LT, ...LIMIT } },
  // GetShards reads `seqno` with c.QueryInt; GetShardsDiff adds a LimitRequest.
  masterchainBlockShardState: { params: { seqno: 'int32' } },
  masterchainBlockShards: { params: { seqno: 'int32', ...LIMIT } },
  transactions: {
    params: {
      ...BLOCK,
      account: 'addresses',
      exclude_account: 'addresses',
      hash: 'hashes',
      lt: 'uint64',
      ...UTIME,
      ...LT,
      ...LIMIT,
    },
  },
  transactionsByMasterchainBlock: { params: { seqno: 'int32', ...LIMIT } },
  transactionsByMessage: { params: { ...MESSAGE, ...LIMIT }, base: { msg_hash: 'hashes' } },
  adjacentTransactions: {
    params: { hash: 'hash', direction: 'direction' },
    base: { hash: 'hash' },
  },
  // GetMessages also reads the legacy single `hash`.
  messages: { params: { ...MESSAGE, hash: 'hash', ...UTIME, ...LT, ...LIMIT } },
  pendingTransactions: {
    params: { account: 'addresses', trace_id: 'hashes' },
    base: { account: 'addresses' },
  },
  topAccountsByBalance: { params: LIMIT },
  addressBook: { params: { address: 'addresses' }, base: { address: 'addresses' } },
  metadata: { params: { address: 'addresses' }, base: { address: 'addresses' } },
  accountStates: { params: ACCOUNT, base: { address: 'addresses' } },
  walletStates: { params: ACCOUNT, base: { address: 'addresses' } },
  'dns/records': {
    params: { wallet: 'address', domain: 'domain', ...LIMIT },
    base: { domain: 'domain' },
    exclusive: ['wallet', 'domain'],
  },
  vesting: {
    params: {
      contract_address: 'addresses',
      wallet_address: 'addresses',
      check_whitelist: 'bool',
      ...LIMIT,
    },
    base: { contract_address: 'addresses' },
    exclusive: ['contract_address', 'wallet_address'],
  },
  'nft/collections': {
    params: { collection_address: 'addresses', owner_address: 'addresses', ...LIMIT },
  },
  'nft/items': {
    params: {
      address: 'addresses',
      owner_address: 'addresses',
      collection_address: 'addresses',
      index: 'index',
      include_on_sale: 'bool',
      sort_by_last_transaction_lt: 'bool',
      ...LIMIT,
    },
    needs: { index: { collection_address: 'addresses' } },
  },
  // The transfer handlers also read `address` as owner_address when that is absent.
  'nft/transfers': {
    params: {
      owner_address: 'addresses',
      item_address: 'addresses',
      collection_address: 'address',
      direction: 'transfer_direction',
      address: 'address',
      ...UTIME,
      ...LT,
      ...LIMIT,
    },
  },
  'nft/sales': { params: { address: 'addresses' }, base: { address: 'addresses' } },
  'jetton/masters': { params: { address: 'addresses', admin_address: 'addresses', ...LIMIT } },
  'jetton/wallets': {
    params: {
      address: 'addresses',
      owner_address: 'addresses',
      jetton_address: 'addresses',
      exclude_zero_balance: 'bool',
      ...LIMIT,
    },
  },
  'jetton/transfers': {
    params: {
      owner_address: 'addresses',
      jetton_wallet: 'addresses',
      jetton_master: 'address',
      direction: 'transfer_direction',
      address: 'address',
      ...UTIME,
      ...LT,
      ...LIMIT,
    },
  },
  'jetton/burns': {
    params: {
      owner_address: 'addresses',
      jetton_wallet: 'addresses',
      jetton_master: 'address',
      address: 'address',
      ...UTIME,
      ...LT,
      ...LIMIT,
    },
  },
  'multisig/wallets': {
    params: { address: 'addresses', wallet_address: 'addresses', include_orders: 'bool', ...LIMIT },
    base: { address: 'addresses' },
  },
  'multisig/orders': {
    params: {
      address: 'addresses',
      multisig_address: 'addresses',
      parse_actions: 'bool',
      ...LIMIT,
    },
    base: { address: 'addresses' },
  },
  actions: {
    params: {
      account: 'address',
      tx_hash: 'hashes',
      msg_hash: 'hashes',
      trace_id: 'hashes',
      action_id: 'hashes',
      mc_seqno: 'int32',
      action_type: 'action_types',
      exclude_action_type: 'action_types',
      supported_action_types: 'action_types',
      include_accounts: 'bool',
      include_transactions: 'bool',
      ...LIMIT,
      ...UTIME,
      ...LT,
    },
  },
  traces: { params: { ...TRACES, ...UTIME, ...LT, ...LIMIT } },
  events: { params: { ...TRACES, ...UTIME, ...LT, ...LIMIT } },
  pendingTraces: {
    params: { account: 'address', ext_msg_hash: 'hashes', supported_action_types: 'action_types' },
    base: { account: 'address' },
  },
  pendingActions: {
    params: {
      account: 'address',
      ext_msg_hash: 'hashes',
      supported_action_types: 'action_types',
      include_transactions: 'bool',
    },
    base: { account: 'address' },
  },
  decode: { params: { opcodes: 'strings', bodies: 'strings' } },
  // BalanceChangesRequest: two plain strings in toncenter, hashes here.
  balanceChanges: { params: { trace_id: 'hash', action_id: 'hash' }, base: { trace_id: 'hash' } },
  addressInformation: { params: V2_ACCOUNT, base: { address: 'address' } },
  account: { params: V2_ACCOUNT, base: { address: 'address' } },
  walletInformation: { params: V2_ACCOUNT, base: { address: 'address' } },
  wallet: { params: V2_ACCOUNT, base: { address: 'address' } },
};

/** The JSON bodies of the POST routes (V2SendMessageRequest, V2RunGetMethodRequest, …). */
export const PARITY_POST_BODIES: Readonly<Record<string, readonly string[]>> = {
  message: ['boc'],
  runGetMethod: ['address', 'method', 'stack'],
  estimateFee: ['address', 'body', 'init_code', 'init_data', 'ignore_chksig'],
  decode: ['opcodes', 'bodies'],
};

/**
 * The spellings of a boolean gofiber's query decoder takes: `on` (gorilla/schema's converter) and
 * Go's strconv.ParseBool forms. Anything else is a conversion error.
 */
export const BOOLEAN_SPELLINGS = {
  true: ['on', '1', 't', 'T', 'true', 'TRUE', 'True'],
  false: ['0', 'f', 'F', 'false', 'FALSE', 'False'],
  refused: ['ON', 'off', 'yes', 'no', 'tRuE', '2'],
} as const;

/** The request settings (header or query alias) every route takes besides its parameters. */
export const SETTINGS_ALIASES = [
  'api_key',
  'x_timeout',
  'x_no_address_book',
  'x_no_metadata',
  'x_debug_request',
  'strict',
] as const;
