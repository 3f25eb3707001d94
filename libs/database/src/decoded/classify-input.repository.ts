import { type TransactionPhaseColumns } from '@app/classify';
import { type EntityManager } from 'typeorm';

/** `traces` row as the classifier reads it (64-bit values as decimal strings, as pg returns them). */
export interface TraceInputRow {
  trace_id: string;
  external_hash: string | null;
  external_hash_norm: string | null;
  mc_seqno_start: number;
  mc_seqno_end: number;
  start_lt: string;
  start_utime: number;
  end_lt: string;
  end_utime: number;
  state: 'complete' | 'pending' | 'broken';
  pending_edges_: string;
  edges_: string;
  nodes_: string;
  classification_state: string;
}

export interface TxInputRow extends TransactionPhaseColumns {
  hash: string;
  lt: string;
  account: string;
  now: number;
  mc_block_seqno: number;
  block_seqno: number;
  trace_id: string;
  orig_status: 'uninit' | 'frozen' | 'active' | 'nonexist';
  end_status: 'uninit' | 'frozen' | 'active' | 'nonexist';
  total_fees: string;
  descr: string;
  aborted: boolean | null;
}

export interface MsgInputRow {
  msg_hash: string;
  tx_hash: string;
  tx_lt: string;
  direction: 'in' | 'out';
  source: string | null;
  destination: string | null;
  value: string | null;
  value_extra_currencies: Record<string, string> | null;
  fwd_fee: string | null;
  ihr_fee: string | null;
  created_lt: string | null;
  created_at: string | null;
  opcode: number | null;
  ihr_disabled: boolean | null;
  bounce: boolean | null;
  bounced: boolean | null;
  import_fee: string | null;
  body_hash: string | null;
  init_state_hash: string | null;
  body: string | null;
  init_state: string | null;
}

export interface JettonWalletInputRow {
  address: string;
  balance: string;
  owner: string;
  jetton: string;
}

export interface NftItemInputRow {
  address: string;
  init: boolean;
  index: string;
  collection_address: string | null;
  owner_address: string | null;
  content: unknown;
}

export interface MultisigOrderInputRow {
  address: string;
  multisig_address: string;
  order_seqno: string;
  threshold: string | null;
  sent_for_execution: boolean | null;
  approvals_mask: string | null;
  approvals_num: string | null;
  expiration_date: string | null;
  order_boc: string | null;
  signers: string[] | null;
}

/** getgems_nft_sales row (get_sale_data): what toncenter's sale matchers read of the contract. */
export interface NftSaleInputRow {
  address: string;
  is_complete: boolean;
  marketplace_address: string | null;
  nft_address: string;
  nft_owner_address: string | null;
  full_price: string;
  marketplace_fee_address: string | null;
  marketplace_fee: string;
  royalty_address: string | null;
  royalty_amount: string;
  /** The sale's code hash: which version's state-init layout a put-on-sale reads. */
  code_hash: string | null;
}

/** getgems_nft_auctions row (get_sale_data / get_auction_data_v4): what toncenter's auction matchers read of the contract. */
export interface NftAuctionInputRow {
  address: string;
  nft_addr: string;
  nft_owner: string | null;
  mp_addr: string | null;
  last_bid: string;
  /** The auction's code hash: which version's state-init layout a put-on-auction reads. */
  code_hash: string | null;
}

/** The stored transactions and messages of some traces. */
export interface TraceTransactionRows {
  transactions: TxInputRow[];
  messages: MsgInputRow[];
}

/** The `traces` columns as TraceInputRow reads them. */
export const TRACE_COLUMNS = `trace_id, external_hash, external_hash_norm, mc_seqno_start, mc_seqno_end,
  start_lt::text AS start_lt, start_utime, end_lt::text AS end_lt, end_utime, state::text AS state,
  pending_edges_::text AS pending_edges_, edges_::text AS edges_, nodes_::text AS nodes_,
  classification_state::text AS classification_state`;

/** The decoded interfaces of some accounts the classifier reads. */
export interface AccountInterfaceRows {
  jettonWallets: JettonWalletInputRow[];
  nftItems: NftItemInputRow[];
  multisigOrders: MultisigOrderInputRow[];
  nftSales: NftSaleInputRow[];
  nftAuctions: NftAuctionInputRow[];
  /** Accounts whose latest state runs one of the asked pool codes (nominator pools). */
  nominatorPools: string[];
}

/** A decoded interface row with the lt of the transaction it was read after (newer rows win). */
export type Versioned<R> = R & { last_transaction_lt: string };

/** AccountInterfaceRows as stored, each row with its last_transaction_lt. */
export interface StoredInterfaceRows {
  jettonWallets: Versioned<JettonWalletInputRow>[];
  nftItems: Versioned<NftItemInputRow>[];
  multisigOrders: Versioned<MultisigOrderInputRow>[];
  nftSales: Versioned<NftSaleInputRow>[];
  nftAuctions: Versioned<NftAuctionInputRow>[];
  nominatorPools: string[];
}

/**
 * What the classifier reads of stored traces, in one query per kind whatever their number (no per-row
 * lookups): their transactions, their messages with bodies and init states, and the decoded
 * interfaces of the accounts they touch.
 */
export class ClassifyInputRepository {
  /** The traces' transactions and messages (the decoder reads them when it did not see them all). */
  async transactions(m: EntityManager, traceIds: readonly string[]): Promise<TraceTransactionRows> {
    if (traceIds.length === 0) {
      return { transactions: [], messages: [] };
    }
    // bpchar[]: trace_id is char(44); a text[] parameter would cast the column and miss its index.
    const transactions: TxInputRow[] = await m.query(
      `SELECT hash, lt::text, account, now, mc_block_seqno, block_seqno, trace_id,
              orig_status::text AS orig_status, end_status::text AS end_status, total_fees::text,
              descr::text AS descr, aborted, destroyed, is_tock, compute_skipped,
              skipped_reason::text AS skipped_reason, compute_success, compute_exit_code, action_success
       FROM transactions WHERE trace_id = ANY($1::bpchar[])`,
      [traceIds],
    );
    const messages: MsgInputRow[] = await m.query(
      `SELECT mm.msg_hash, mm.tx_hash, mm.tx_lt::text, mm.direction::text AS direction, mm.source,
              mm.destination, mm.value::text, mm.value_extra_currencies, mm.fwd_fee::text,
              mm.ihr_fee::text, mm.created_lt::text, mm.created_at::text, mm.opcode, mm.ihr_disabled,
              mm.bounce, mm.bounced, mm.import_fee::text, mm.body_hash, mm.init_state_hash,
              b.body AS body, i.body AS init_state
       FROM messages mm
       LEFT JOIN message_contents b ON b.hash = mm.body_hash
       LEFT JOIN message_contents i ON i.hash = mm.init_state_hash
       WHERE mm.trace_id = ANY($1::bpchar[])`,
      [traceIds],
    );
    return { transactions, messages };
  }

  /**
   * The decoded interfaces of `accounts` (Jetton wallets, NFT items, multisig orders, getgems sales
   * and auctions)
   * in one round trip: each kind is a json array built by its own primary-key lookup. The item of each
   * of those auctions is among the NFT items, as toncenter's `_gather_data_from_db`
   * (https://github.com/toncenter/ton-indexer/blob/HEAD/indexer/indexer/events/interface_repository.py)
   * adds it: a bid's trace never touches the item, yet the bid names its index and collection. Nominator pools
   * are the accounts whose latest state runs one of `poolCodeHashes` (a pool is known by its code
   * alone, its code never changes).
   */
  async interfaces(
    m: EntityManager,
    accounts: readonly string[],
    poolCodeHashes: readonly string[] = [],
  ): Promise<StoredInterfaceRows> {
    if (accounts.length === 0) {
      return {
        jettonWallets: [],
        nftItems: [],
        multisigOrders: [],
        nftSales: [],
        nftAuctions: [],
        nominatorPools: [],
      };
    }
    const rows: {
      wallets: Versioned<JettonWalletInputRow>[] | null;
      items: Versioned<NftItemInputRow>[] | null;
      orders: Versioned<MultisigOrderInputRow>[] | null;
      sales: Versioned<NftSaleInputRow>[] | null;
      auctions: Versioned<NftAuctionInputRow>[] | null;
      pools: string[] | null;
    }[] = await m.query(
      `SELECT
         (SELECT json_agg(json_build_object('address', address, 'balance', balance::text,
            'owner', owner, 'jetton', jetton, 'last_transaction_lt', last_transaction_lt::text))
          FROM jetton_wallets WHERE address = ANY($1::varchar[])) AS wallets,
         (SELECT json_agg(json_build_object('address', address, 'init', init, 'index', index::text,
            'collection_address', collection_address, 'owner_address', owner_address, 'content', content,
            'last_transaction_lt', last_transaction_lt::text))
          FROM nft_items WHERE address = ANY($1::varchar[])
             OR address IN (SELECT nft_addr FROM getgems_nft_auctions
                            WHERE address = ANY($1::varchar[]))) AS items,
         (SELECT json_agg(json_build_object('address', address, 'multisig_address', multisig_address,
            'order_seqno', order_seqno::text, 'threshold', threshold::text,
            'sent_for_execution', sent_for_execution, 'approvals_mask', approvals_mask::text,
            'approvals_num', approvals_num::text, 'expiration_date', expiration_date::text,
            'order_boc', order_boc, 'signers', signers,
            'last_transaction_lt', last_transaction_lt::text))
          FROM multisig_orders WHERE address = ANY($1::varchar[])) AS orders,
         (SELECT json_agg(json_build_object('address', address, 'is_complete', is_complete,
            'marketplace_address', marketplace_address, 'nft_address', nft_address,
            'nft_owner_address', nft_owner_address, 'full_price', full_price::text,
            'marketplace_fee_address', marketplace_fee_address,
            'marketplace_fee', marketplace_fee::text, 'royalty_address', royalty_address,
            'royalty_amount', royalty_amount::text, 'code_hash', code_hash,
            'last_transaction_lt', last_transaction_lt::text))
          FROM getgems_nft_sales WHERE address = ANY($1::varchar[])) AS sales,
         (SELECT json_agg(json_build_object('address', address, 'nft_addr', nft_addr,
            'nft_owner', nft_owner, 'mp_addr', mp_addr, 'last_bid', last_bid::text,
            'code_hash', code_hash, 'last_transaction_lt', last_transaction_lt::text))
          FROM getgems_nft_auctions WHERE address = ANY($1::varchar[])) AS auctions,
         (SELECT json_agg(account) FROM latest_account_states
          WHERE account = ANY($1::varchar[]) AND code_hash = ANY($2::bpchar[])) AS pools`,
      [accounts, poolCodeHashes],
    );
    const row = rows[0];
    return {
      jettonWallets: row?.wallets ?? [],
      nftItems: row?.items ?? [],
      multisigOrders: row?.orders ?? [],
      nftSales: row?.sales ?? [],
      nftAuctions: row?.auctions ?? [],
      nominatorPools: row?.pools ?? [],
    };
  }
}
