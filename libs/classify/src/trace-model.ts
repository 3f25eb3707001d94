/**
 * The framework-free trace model the classifier works on. Field names follow our PostgreSQL columns
 * (libs/database ChainTables migration: `transactions`, `messages`, `message_contents`, `traces`) and
 * the decoded interface tables (jetton_wallets, nft_items, getgems sales/auctions, dex pools), so the
 * same model is built from the database or from a trace file (apps/decoder/src/trace-file).
 *
 * Conventions: addresses are raw `wc:HEX` with upper-case hex (toncenter's `AccountId.as_str()`),
 * hashes are standard base64, lt and amounts are bigint, unix times are numbers.
 */

export type AccountStatus = 'uninit' | 'frozen' | 'active' | 'nonexist';
export type TraceState = 'complete' | 'pending' | 'broken';

/** One row of `messages` joined with its `message_contents` body (and init state, when stored). */
export interface TraceMessage {
  msg_hash: string;
  tx_hash: string;
  tx_lt: bigint;
  direction: 'in' | 'out';
  /** null for external-in messages (and on ghost nodes: never). */
  source: string | null;
  /** null for external-out (log) messages. */
  destination: string | null;
  value: bigint | null;
  value_extra_currencies: Record<string, string> | null;
  fwd_fee: bigint | null;
  ihr_fee: bigint | null;
  created_lt: bigint | null;
  created_at: number | null;
  /** Signed 32-bit as stored (int4 column); the classifier reads it as uint32. */
  opcode: number | null;
  ihr_disabled: boolean | null;
  bounce: boolean | null;
  bounced: boolean | null;
  import_fee: bigint | null;
  body_hash: string | null;
  init_state_hash: string | null;
  /** `message_contents.body` of body_hash: a base64 BoC, or null when the content is not stored. */
  body: string | null;
  /** `message_contents.body` of init_state_hash, when stored. */
  init_state: string | null;
}

/** The phase outcomes of a `transactions` row: destruction, tick-tock, compute and action phases. */
export interface TransactionPhaseColumns {
  destroyed: boolean | null;
  is_tock: boolean | null;
  compute_skipped: boolean | null;
  /** `skipped_reason` (no_state | bad_state | no_gas | suspended) when compute was skipped. */
  skipped_reason: string | null;
  compute_success: boolean | null;
  compute_exit_code: number | null;
  action_success: boolean | null;
}

/** One row of `transactions`, with its messages (the in-message first when there is one). */
export interface TraceTransaction extends TransactionPhaseColumns {
  hash: string;
  lt: bigint;
  account: string;
  now: number;
  mc_block_seqno: number | null;
  block_seqno: number | null;
  trace_id: string | null;
  orig_status: AccountStatus;
  end_status: AccountStatus;
  total_fees: bigint;
  descr: string;
  aborted: boolean;
  emulated: boolean;
  messages: TraceMessage[];
}

/** One row of `traces` (toncenter https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp). */
export interface TraceRecord {
  trace_id: string;
  external_hash: string | null;
  external_hash_norm: string | null;
  mc_seqno_start: number;
  mc_seqno_end: number;
  start_lt: bigint;
  start_utime: number;
  end_lt: bigint;
  end_utime: number;
  state: TraceState;
  pending_edges_: number;
  edges_: number;
  nodes_: number;
  classification_state: string;
}

/** jetton_wallets row (TEP-74 get_wallet_data, verified against the master). */
export interface JettonWalletInfo {
  address: string;
  balance: bigint | null;
  owner: string;
  jetton: string;
}

/** nft_items row (TEP-62 get_nft_data). */
export interface NftItemInfo {
  address: string;
  init: boolean;
  index: bigint | null;
  collection_address: string | null;
  owner_address: string | null;
  content: unknown;
  /** Base64 sha256 of the item's code, as the nft_items row keeps it (null when not known). */
  code_hash: string | null;
}

/** getgems fixed-price sale contract (get_sale_data). */
export interface NftSaleInfo {
  address: string;
  is_complete: boolean;
  marketplace_address: string | null;
  nft_address: string | null;
  nft_owner_address: string | null;
  full_price: bigint | null;
  marketplace_fee_address: string | null;
  marketplace_fee: bigint | null;
  royalty_address: string | null;
  royalty_amount: bigint | null;
  /** The contract's code hash (base64): which sale version's data layout to read. */
  code_hash?: string | null;
}

/** getgems auction contract (get_auction_data). */
export interface NftAuctionInfo {
  address: string;
  nft_addr: string | null;
  nft_owner: string | null;
  mp_addr: string | null;
  last_bid: bigint | null;
  /** The contract's code hash (base64): which auction version's data layout to read. */
  code_hash?: string | null;
}

/** A DeDust pool's two assets (native TON or a jetton master). */
export interface DexPoolAsset {
  is_ton: boolean;
  address: string | null;
}

export interface DedustPoolInfo {
  address: string;
  assets: DexPoolAsset[];
}

/** multisig v2 order contract (get_order_data). */
export interface MultisigOrderInfo {
  address: string;
  multisig_address: string;
  order_seqno: bigint;
  threshold: number;
  sent_for_execution: boolean;
  approvals_mask: bigint;
  approvals_num: number;
  expiration_date: number;
  order_boc: string;
  signers: string[];
}

/** What interface detection knows of one account (every field optional). */
export interface AccountInterfaces {
  jetton_wallet?: JettonWalletInfo;
  nft_item?: NftItemInfo;
  nft_sale?: NftSaleInfo;
  nft_auction?: NftAuctionInfo;
  dedust_pool?: DedustPoolInfo;
  multisig_order?: MultisigOrderInfo;
  /** The account runs the standard nominator pool code (toncenter's `NominatorPool` interface). */
  nominator_pool?: { address: string };
  /** Extra per-account data some matchers request by name (e.g. `data_boc`: the account's data cell). */
  extra?: Record<string, unknown>;
}

/** Everything the classifier needs for one trace. */
export interface ClassifiableTrace {
  trace: TraceRecord;
  /** Any order; the classifier sorts by lt. */
  transactions: TraceTransaction[];
  /** Keyed by raw upper-case address. */
  interfaces: ReadonlyMap<string, AccountInterfaces>;
}

/** The transaction's in-message, if any (tick-tock transactions have none). */
export function inMessage(tx: TraceTransaction): TraceMessage | undefined {
  return tx.messages.find((m) => m.direction === 'in');
}

/** The transaction's out-messages in stored order. */
export function outMessages(tx: TraceTransaction): TraceMessage[] {
  return tx.messages.filter((m) => m.direction === 'out');
}
