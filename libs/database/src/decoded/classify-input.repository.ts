import { type EntityManager } from 'typeorm';
import { type LatestAccountStateEntity } from '../entities/latest-account-state.entity';
import { type QueryRow } from '../entities/query-row';
import {
  type DexPoolInputRow,
  INTERFACE_OBJECTS,
  type JettonWalletInputRow,
  MSG_CONTENT_JOINS,
  MSG_INPUT_COLUMNS,
  type MsgInputRow,
  type MultisigOrderInputRow,
  type NftAuctionInputRow,
  type NftItemInputRow,
  type NftSaleInputRow,
  txInputColumns,
  type TxInputRow,
  type Versioned,
} from './classify-input.rows';

/** The stored transactions and messages of some traces. */
export interface TraceTransactionRows {
  transactions: TxInputRow[];
  messages: MsgInputRow[];
}

/** The decoded interfaces of some accounts the classifier reads. */
export interface AccountInterfaceRows {
  jettonWallets: JettonWalletInputRow[];
  nftItems: NftItemInputRow[];
  multisigOrders: MultisigOrderInputRow[];
  nftSales: NftSaleInputRow[];
  nftAuctions: NftAuctionInputRow[];
  dexPools: DexPoolInputRow[];
  /** Accounts whose latest state runs one of the asked pool codes (nominator pools). */
  nominatorPools: string[];
}

/** AccountInterfaceRows as stored, each row with its last_transaction_lt. */
export interface StoredInterfaceRows {
  jettonWallets: Versioned<JettonWalletInputRow>[];
  nftItems: Versioned<NftItemInputRow>[];
  multisigOrders: Versioned<MultisigOrderInputRow>[];
  nftSales: Versioned<NftSaleInputRow>[];
  nftAuctions: Versioned<NftAuctionInputRow>[];
  dexPools: Versioned<DexPoolInputRow>[];
  nominatorPools: string[];
}

/** No stored interface rows at all (no account asked, or none stored). */
export function noStoredInterfaceRows(): StoredInterfaceRows {
  return {
    jettonWallets: [],
    nftItems: [],
    multisigOrders: [],
    nftSales: [],
    nftAuctions: [],
    dexPools: [],
    nominatorPools: [],
  };
}

/**
 * What the classifier reads of stored traces, in one query per kind whatever their number (no per-row
 * lookups): their transactions, their messages with bodies and init states, and the decoded
 * interfaces of the accounts they touch.
 */
export class ClassifyInputRepository {
  /**
   * The traces' transactions and messages (the decoder reads them when it did not see them all).
   * A trace's transactions lie within its lt range, so the lowest start and the highest end of the
   * traces bound the statements to the partitions of that stretch of the history.
   */
  async transactions(
    m: EntityManager,
    traces: readonly { trace_id: string; start_lt: bigint; end_lt: bigint }[],
  ): Promise<TraceTransactionRows> {
    if (traces.length === 0) {
      return { transactions: [], messages: [] };
    }
    const ids = traces.map((t) => t.trace_id);
    let from = traces[0]?.start_lt ?? 0n;
    let to = from;
    for (const t of traces) {
      from = t.start_lt < from ? t.start_lt : from;
      to = t.end_lt > to ? t.end_lt : to;
    }
    const params = [ids, from.toString(), to.toString()];
    // bpchar[]: trace_id is char(44); a text[] parameter would cast the column and miss its index.
    const transactions: TxInputRow[] = await m.query(
      `SELECT ${txInputColumns('t')} FROM transactions t
       WHERE t.trace_id = ANY($1::bpchar[]) AND t.lt BETWEEN $2::bigint AND $3::bigint`,
      params,
    );
    const messages: MsgInputRow[] = await m.query(
      `SELECT ${MSG_INPUT_COLUMNS}
       FROM messages mm
       ${MSG_CONTENT_JOINS}
       WHERE mm.trace_id = ANY($1::bpchar[]) AND mm.tx_lt BETWEEN $2::bigint AND $3::bigint`,
      params,
    );
    return { transactions, messages };
  }

  /**
   * The decoded interfaces of `accounts` (Jetton wallets, NFT items, multisig orders, getgems sales
   * and auctions, DeDust pools)
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
      return noStoredInterfaceRows();
    }
    const rows: {
      wallets: Versioned<JettonWalletInputRow>[] | null;
      items: Versioned<NftItemInputRow>[] | null;
      orders: Versioned<MultisigOrderInputRow>[] | null;
      sales: Versioned<NftSaleInputRow>[] | null;
      auctions: Versioned<NftAuctionInputRow>[] | null;
      dex_pools: Versioned<DexPoolInputRow>[] | null;
      pools: string[] | null;
    }[] = await m.query(
      `SELECT
         (SELECT json_agg(${INTERFACE_OBJECTS.jettonWallet})
          FROM jetton_wallets WHERE address = ANY($1::varchar[])) AS wallets,
         (SELECT json_agg(${INTERFACE_OBJECTS.nftItem})
          FROM nft_items WHERE address = ANY($1::varchar[])
             OR address IN (SELECT nft_addr FROM getgems_nft_auctions
                            WHERE address = ANY($1::varchar[]))) AS items,
         (SELECT json_agg(${INTERFACE_OBJECTS.multisigOrder})
          FROM multisig_orders WHERE address = ANY($1::varchar[])) AS orders,
         (SELECT json_agg(${INTERFACE_OBJECTS.nftSale})
          FROM getgems_nft_sales WHERE address = ANY($1::varchar[])) AS sales,
         (SELECT json_agg(${INTERFACE_OBJECTS.nftAuction})
          FROM getgems_nft_auctions WHERE address = ANY($1::varchar[])) AS auctions,
         (SELECT json_agg(${INTERFACE_OBJECTS.dexPool})
          FROM dex_pools WHERE address = ANY($1::varchar[])) AS dex_pools,
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
      dexPools: row?.dex_pools ?? [],
      nominatorPools: row?.pools ?? [],
    };
  }

  /**
   * The data cell (base64 BoC, null when none is kept) of each of `accounts` that has a latest state:
   * what toncenter's `get_extra_data(address, "data_boc")` reads.
   */
  async dataBocs(
    m: EntityManager,
    accounts: readonly string[],
  ): Promise<Map<string, string | null>> {
    const rows: QueryRow<LatestAccountStateEntity, 'account' | 'dataBoc'>[] = await m.query(
      `SELECT account, data_boc FROM latest_account_states WHERE account = ANY($1::varchar[])`,
      [accounts],
    );
    return new Map(rows.map((r) => [r.account, r.data_boc]));
  }
}
