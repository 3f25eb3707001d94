import { type DataSource } from 'typeorm';
import { NFT_AUCTION_SALES_SQL, type NftAuctionSaleQueryRow } from './nft-auction-sales';
import { dir, SqlFilter } from './sql-filter';

/** Rows of the decoder's token tables as PostgreSQL returns them (numeric and int8 as strings). */
export interface JettonMasterQueryRow {
  address: string;
  total_supply: string;
  mintable: boolean;
  admin_address: string | null;
  jetton_content: unknown;
  jetton_wallet_code_hash: string | null;
  last_transaction_lt: string;
  code_hash: string | null;
  data_hash: string | null;
}

export interface JettonWalletQueryRow {
  address: string;
  balance: string;
  owner: string;
  jetton: string;
  last_transaction_lt: string;
  code_hash: string | null;
  data_hash: string | null;
  mintless_is_claimed: boolean | null;
  mintless_amount: string | null;
  mintless_start_from: string | null;
  mintless_expire_at: string | null;
}

export interface JettonTransferQueryRow {
  tx_hash: string;
  tx_lt: string;
  tx_now: number;
  tx_aborted: boolean;
  query_id: string;
  amount: string;
  source: string | null;
  destination: string | null;
  jetton_wallet_address: string;
  jetton_master_address: string | null;
  response_destination: string | null;
  custom_payload: string | null;
  forward_ton_amount: string | null;
  forward_payload: string | null;
  trace_id: string | null;
}

export interface JettonBurnQueryRow {
  tx_hash: string;
  tx_lt: string;
  tx_now: number;
  tx_aborted: boolean;
  query_id: string;
  owner: string | null;
  jetton_wallet_address: string;
  jetton_master_address: string | null;
  amount: string;
  response_destination: string | null;
  custom_payload: string | null;
  trace_id: string | null;
}

export interface NftCollectionQueryRow {
  address: string;
  next_item_index: string;
  owner_address: string | null;
  collection_content: unknown;
  last_transaction_lt: string;
  code_hash: string | null;
  data_hash: string | null;
}

export interface NftItemQueryRow {
  address: string;
  init: boolean;
  index: string;
  collection_address: string | null;
  owner_address: string | null;
  content: unknown;
  last_transaction_lt: string;
  code_hash: string | null;
  data_hash: string | null;
  real_owner: string | null;
  /** The getgems sale the item is on: the owner is a sale contract selling this item. */
  sale_address: string | null;
  /** That sale's seller (null while the sale waits for the item). */
  sale_owner: string | null;
  /** The getgems auction the item is on: the owner is an auction contract selling this item. */
  auction_address: string | null;
  /** That auction's seller (null while the auction waits for the item). */
  auction_owner: string | null;
}

/** A getgems fixed-price sale with its item and the item's collection (each null when unknown). */
export interface NftSaleQueryRow {
  address: string;
  is_complete: boolean;
  created_at: string;
  marketplace_address: string | null;
  nft_address: string;
  nft_owner_address: string | null;
  full_price: string;
  marketplace_fee_address: string | null;
  marketplace_fee: string;
  royalty_address: string | null;
  royalty_amount: string;
  last_transaction_lt: string;
  code_hash: string | null;
  data_hash: string | null;
  item: NftItemQueryRow | null;
  collection: NftCollectionQueryRow | null;
}

/** The item a sale or auction is for, and the item's collection, when they are indexed. */
export interface SaleItem {
  item: NftItemQueryRow | null;
  collection: NftCollectionQueryRow | null;
}

/** nft/sales' rows: toncenter answers the getgems sales first, then the getgems auctions. */
export interface NftSalesQueryRows {
  sales: NftSaleQueryRow[];
  auctions: (NftAuctionSaleQueryRow & SaleItem)[];
}

export interface NftTransferQueryRow {
  tx_hash: string;
  tx_lt: string;
  tx_now: number;
  tx_aborted: boolean;
  query_id: string;
  nft_item_address: string;
  nft_collection_address: string | null;
  old_owner: string | null;
  new_owner: string | null;
  response_destination: string | null;
  custom_payload: string | null;
  forward_amount: string | null;
  forward_payload: string | null;
  trace_id: string | null;
}

/**
 * The token's `address_metadata` row (off-chain metadata,
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml), joined on
 * (address, table name): every column null without a row; `metadata_valid` null also while not retrieved yet.
 */
export interface AddressMetadataColumns {
  metadata_valid: boolean | null;
  metadata_name: string | null;
  metadata_symbol: string | null;
  metadata_description: string | null;
  metadata_image: string | null;
  metadata_extra: unknown;
}

interface Page {
  limit: number;
  offset: number;
}

export interface JettonWalletFilter extends Page {
  address?: string[] | undefined;
  owner?: string[] | undefined;
  jetton?: string[] | undefined;
  excludeZeroBalance?: boolean | undefined;
  sort?: 'asc' | 'desc' | undefined;
}

/** jetton/transfers, jetton/burns and nft/transfers filters. */
export interface TokenEventFilter extends Page {
  owner?: string[] | undefined;
  /** Jetton wallets or NFT items. */
  subject?: string[] | undefined;
  /** Jetton master or NFT collection. */
  parent?: string | undefined;
  direction?: 'in' | 'out' | 'both' | undefined;
  startUtime?: number | undefined;
  endUtime?: number | undefined;
  startLt?: string | undefined;
  endLt?: string | undefined;
  sort: 'asc' | 'desc';
}

export interface NftItemFilter extends Page {
  address?: string[] | undefined;
  owner?: string[] | undefined;
  collection?: string[] | undefined;
  index?: string[] | undefined;
  includeOnSale?: boolean | undefined;
  sortByLastTransactionLt?: boolean | undefined;
}

/** Joins `address_metadata` onto rows of the token table `type` selected by the subquery `rows`. */
function withMetadata(rows: string, type: string): string {
  return `SELECT t.*, m.valid AS metadata_valid, m.name AS metadata_name,
      m.symbol AS metadata_symbol, m.description AS metadata_description, m.image AS metadata_image,
      m.extra AS metadata_extra
    FROM (${rows}) t
    LEFT JOIN address_metadata m ON m.address = t.address AND m.type = '${type}'`;
}

const JETTON_MASTER = `address, total_supply::text, mintable, admin_address, jetton_content,
  jetton_wallet_code_hash, last_transaction_lt::text, code_hash, data_hash`;
const JETTON_WALLET = `address, balance::text, owner, jetton, last_transaction_lt::text, code_hash,
  data_hash, mintless_is_claimed, mintless_amount::text, mintless_start_from::text,
  mintless_expire_at::text`;
const NFT_COLLECTION = `address, next_item_index::text, owner_address, collection_content,
  last_transaction_lt::text, code_hash, data_hash`;
/**
 * The sale an item is on, as toncenter's nft/items LEFT JOIN getgems_nft_sales (owner = sale address
 * and nft_address = item): correlated on the primary key, so every query keeps its own FROM and order.
 */
const ON_SALE = (column: string): string =>
  `(SELECT S.${column} FROM getgems_nft_sales S
    WHERE S.address = nft_items.owner_address AND S.nft_address = nft_items.address)`;
/** The getgems auction an item is on, as toncenter's LEFT JOIN getgems_nft_auctions (owner = auction, nft_addr = item). */
const ON_AUCTION = (column: string): string =>
  `(SELECT A.${column} FROM getgems_nft_auctions A
    WHERE A.address = nft_items.owner_address AND A.nft_addr = nft_items.address)`;
const NFT_ITEM = `address, init, index::text, collection_address, owner_address, content,
  last_transaction_lt::text, code_hash, data_hash, real_owner,
  ${ON_SALE('address')} AS sale_address, ${ON_SALE('nft_owner_address')} AS sale_owner,
  ${ON_AUCTION('address')} AS auction_address, ${ON_AUCTION('nft_owner')} AS auction_owner`;
const NFT_SALE = `address, is_complete, created_at::text, marketplace_address, nft_address,
  nft_owner_address, full_price::text, marketplace_fee_address, marketplace_fee::text,
  royalty_address, royalty_amount::text, last_transaction_lt::text, code_hash, data_hash`;

function any(q: SqlFilter, column: string, values: readonly string[] | undefined): void {
  if (values !== undefined) {
    q.and(`${column} = ANY(${q.param(values)}::varchar[])`);
  }
}

/** The time and lt ranges of the token event tables (tx_now, tx_lt). */
function eventRanges(q: SqlFilter, f: TokenEventFilter): void {
  if (f.startUtime !== undefined) {
    q.and(`tx_now >= ${q.param(f.startUtime)}`);
  }
  if (f.endUtime !== undefined) {
    q.and(`tx_now <= ${q.param(f.endUtime)}`);
  }
  if (f.startLt !== undefined) {
    q.and(`tx_lt >= ${q.param(f.startLt)}::bigint`);
  }
  if (f.endLt !== undefined) {
    q.and(`tx_lt <= ${q.param(f.endLt)}::bigint`);
  }
}

/** `column` equal to one of `values`: plain equality for one value, so the index can give the order. */
function oneOf(q: SqlFilter, column: string, values: readonly string[]): string {
  const [only] = values;
  return values.length === 1 && only !== undefined
    ? `${column} = ${q.param(only)}`
    : `${column} = ANY(${q.param(values)}::varchar[])`;
}

/** A token event table: its select list (over alias E) and its owner columns by direction. */
interface EventTable {
  readonly table: string;
  readonly columns: string;
  readonly inColumn: string;
  readonly outColumn: string;
}

/**
 * The page of an event table in (tx_lt, tx_hash) order. The order names E's columns: the select list
 * casts tx_lt to text under the same name, and an unqualified ORDER BY would sort that text (and could
 * not use an index). One owner in both directions reads two index-ordered branches, each cut at
 * offset + limit, merged by the outer sort; an OR of the two columns would fetch and sort every event
 * of a busy owner. An event where the owner is on both sides comes from the first branch only.
 */
function eventPage(
  t: EventTable,
  q: SqlFilter,
  f: TokenEventFilter,
): { sql: string; params: unknown[] } {
  eventRanges(q, f);
  const s = dir(f.sort);
  const order = `ORDER BY E.tx_lt ${s}, E.tx_hash ${s}`;
  const owners = f.owner;
  const [owner] = owners ?? [];
  if (owners?.length === 1 && owner !== undefined && (f.direction ?? 'both') === 'both') {
    const o = q.param(owner);
    const n = q.param(f.limit + f.offset);
    const where = q.where();
    const and = where === '' ? ' WHERE' : `${where} AND`;
    const branch = (condition: string): string =>
      `(SELECT * FROM ${t.table} E${and} ${condition} ${order} LIMIT ${n})`;
    return {
      sql: `SELECT ${t.columns} FROM (${branch(`E.${t.inColumn} = ${o}`)} UNION ALL ${branch(
        `E.${t.outColumn} = ${o} AND E.${t.inColumn} IS DISTINCT FROM ${o}`,
      )}) E ${order}${q.page(f.limit, f.offset)}`,
      params: q.params,
    };
  }
  if (owners !== undefined) {
    if (f.direction === 'in') {
      q.and(oneOf(q, t.inColumn, owners));
    } else if (f.direction === 'out') {
      q.and(oneOf(q, t.outColumn, owners));
    } else {
      const p = q.param(owners);
      q.and(`(${t.inColumn} = ANY(${p}::varchar[]) OR ${t.outColumn} = ANY(${p}::varchar[]))`);
    }
  }
  return {
    sql: `SELECT ${t.columns} FROM ${t.table} E${q.where()} ${order}${q.page(f.limit, f.offset)}`,
    params: q.params,
  };
}

const JETTON_TRANSFERS: EventTable = {
  table: 'jetton_transfers',
  columns: `E.tx_hash, E.tx_lt::text AS tx_lt, E.tx_now, E.tx_aborted, E.query_id::text AS query_id,
    E.amount::text AS amount, E.source, E.destination, E.jetton_wallet_address,
    E.jetton_master_address, E.response_destination, E.custom_payload,
    E.forward_ton_amount::text AS forward_ton_amount, E.forward_payload, E.trace_id`,
  inColumn: 'destination',
  outColumn: 'source',
};

const JETTON_BURNS: EventTable = {
  table: 'jetton_burns',
  columns: `E.tx_hash, E.tx_lt::text AS tx_lt, E.tx_now, E.tx_aborted, E.query_id::text AS query_id,
    E.owner, E.jetton_wallet_address, E.jetton_master_address, E.amount::text AS amount,
    E.response_destination, E.custom_payload, E.trace_id`,
  inColumn: 'owner',
  outColumn: 'owner',
};

const NFT_TRANSFERS: EventTable = {
  table: 'nft_transfers',
  columns: `E.tx_hash, E.tx_lt::text AS tx_lt, E.tx_now, E.tx_aborted, E.query_id::text AS query_id,
    E.nft_item_address, E.nft_collection_address,
    E.old_owner, E.new_owner, E.response_destination, E.custom_payload,
    E.forward_amount::text AS forward_amount, E.forward_payload, E.trace_id`,
  inColumn: 'new_owner',
  outColumn: 'old_owner',
};

/**
 * Reads of the v3 Jetton and NFT endpoints (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml) with
 * toncenter's orderings; ties the reference leaves open are broken by the primary key so that
 * paging is stable.
 */
export class TokenQueryRepository {
  constructor(private readonly ds: DataSource) {}

  /** jetton/masters: by id unless addresses are given (toncenter leaves that unordered; address here). */
  jettonMasters(
    f: Page & { address?: string[] | undefined; admin?: string[] | undefined },
  ): Promise<JettonMasterQueryRow[]> {
    const q = new SqlFilter();
    any(q, 'address', f.address);
    any(q, 'admin_address', f.admin);
    const order = f.address === undefined ? 'id ASC' : 'address ASC';
    return this.ds.query<JettonMasterQueryRow[]>(
      `SELECT ${JETTON_MASTER} FROM jetton_masters${q.where()} ORDER BY ${order}${q.page(f.limit, f.offset)}`,
      q.params,
    );
  }

  jettonMastersByAddress(
    addresses: readonly string[],
  ): Promise<(JettonMasterQueryRow & AddressMetadataColumns)[]> {
    if (addresses.length === 0) {
      return Promise.resolve([]);
    }
    return this.ds.query<(JettonMasterQueryRow & AddressMetadataColumns)[]>(
      withMetadata(
        `SELECT ${JETTON_MASTER} FROM jetton_masters WHERE address = ANY($1::varchar[])`,
        'jetton_masters',
      ),
      [addresses],
    );
  }

  /**
   * jetton/wallets
   * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): default id
   * asc; addresses → address asc; owner → owner, then balance (with a sort) or id; a single jetton
   * → jetton, then balance or id.
   */
  jettonWallets(f: JettonWalletFilter): Promise<JettonWalletQueryRow[]> {
    const q = new SqlFilter();
    any(q, 'address', f.address);
    any(q, 'owner', f.owner);
    any(q, 'jetton', f.jetton);
    if (f.excludeZeroBalance === true) {
      q.and(`(balance > 0 OR coalesce(mintless_amount, 0) > 0)`);
    }
    const col = f.sort === undefined ? 'id ASC' : `balance ${dir(f.sort)}, id ${dir(f.sort)}`;
    let order = 'id ASC';
    if (f.address !== undefined) {
      order = 'address ASC';
    } else if (f.owner !== undefined) {
      order = `owner ASC, ${col}`;
    } else if (f.jetton?.length === 1) {
      order = `jetton ASC, ${col}`;
    }
    return this.ds.query<JettonWalletQueryRow[]>(
      `SELECT ${JETTON_WALLET} FROM jetton_wallets${q.where()} ORDER BY ${order}${q.page(f.limit, f.offset)}`,
      q.params,
    );
  }

  jettonWalletsByAddress(addresses: readonly string[]): Promise<JettonWalletQueryRow[]> {
    if (addresses.length === 0) {
      return Promise.resolve([]);
    }
    return this.ds.query<JettonWalletQueryRow[]>(
      `SELECT ${JETTON_WALLET} FROM jetton_wallets WHERE address = ANY($1::varchar[])`,
      [addresses],
    );
  }

  /** jetton/transfers (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): aborted transfers are always left out. */
  async jettonTransfers(f: TokenEventFilter): Promise<JettonTransferQueryRow[]> {
    const q = new SqlFilter();
    q.and('E.tx_aborted IS FALSE');
    if (f.subject !== undefined) {
      q.and(oneOf(q, 'E.jetton_wallet_address', f.subject));
    }
    if (f.parent !== undefined) {
      q.and(`E.jetton_master_address = ${q.param(f.parent)}`);
    }
    const { sql, params } = eventPage(JETTON_TRANSFERS, q, f);
    return this.ds.query<JettonTransferQueryRow[]>(sql, params);
  }

  /** jetton/burns (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): aborted burns included. */
  async jettonBurns(f: TokenEventFilter): Promise<JettonBurnQueryRow[]> {
    const q = new SqlFilter();
    if (f.owner !== undefined) {
      q.and(oneOf(q, 'E.owner', f.owner));
    }
    if (f.subject !== undefined) {
      q.and(oneOf(q, 'E.jetton_wallet_address', f.subject));
    }
    if (f.parent !== undefined) {
      q.and(`E.jetton_master_address = ${q.param(f.parent)}`);
    }
    // The owner is already a condition: burns have one owner column and no direction.
    const { sql, params } = eventPage(JETTON_BURNS, q, { ...f, owner: undefined });
    return this.ds.query<JettonBurnQueryRow[]>(sql, params);
  }

  /** nft/collections (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): by id (toncenter orders only without filters; id always here). */
  nftCollections(
    f: Page & { address?: string[] | undefined; owner?: string[] | undefined },
  ): Promise<NftCollectionQueryRow[]> {
    const q = new SqlFilter();
    any(q, 'address', f.address);
    any(q, 'owner_address', f.owner);
    return this.ds.query<NftCollectionQueryRow[]>(
      `SELECT ${NFT_COLLECTION} FROM nft_collections${q.where()} ORDER BY id ASC${q.page(f.limit, f.offset)}`,
      q.params,
    );
  }

  nftCollectionsByAddress(
    addresses: readonly string[],
  ): Promise<(NftCollectionQueryRow & AddressMetadataColumns)[]> {
    if (addresses.length === 0) {
      return Promise.resolve([]);
    }
    return this.ds.query<(NftCollectionQueryRow & AddressMetadataColumns)[]>(
      withMetadata(
        `SELECT ${NFT_COLLECTION} FROM nft_collections WHERE address = ANY($1::varchar[])`,
        'nft_collections',
      ),
      [addresses],
    );
  }

  /**
   * nft/items (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml):
   * default id asc; owner → owner, collection, index; a single collection →
   * collection, index; `sort_by_last_transaction_lt` → last_transaction_lt desc.
   */
  nftItems(f: NftItemFilter): Promise<NftItemQueryRow[]> {
    const q = new SqlFilter();
    any(q, 'address', f.address);
    any(q, f.includeOnSale === true ? 'real_owner' : 'owner_address', f.owner);
    any(q, 'collection_address', f.collection);
    if (f.index !== undefined) {
      q.and(`index = ANY(${q.param(f.index)}::numeric[])`);
    }
    let order = 'id ASC';
    if (f.sortByLastTransactionLt === true) {
      order = 'last_transaction_lt DESC, id DESC';
    } else if (f.owner !== undefined) {
      order = 'owner_address, collection_address, index, id';
    } else if (f.collection?.length === 1) {
      order = 'collection_address, index, id';
    }
    return this.ds.query<NftItemQueryRow[]>(
      `SELECT ${NFT_ITEM} FROM nft_items${q.where()} ORDER BY ${order}${q.page(f.limit, f.offset)}`,
      q.params,
    );
  }

  nftItemsByAddress(
    addresses: readonly string[],
  ): Promise<(NftItemQueryRow & AddressMetadataColumns)[]> {
    if (addresses.length === 0) {
      return Promise.resolve([]);
    }
    return this.ds.query<(NftItemQueryRow & AddressMetadataColumns)[]>(
      withMetadata(
        `SELECT ${NFT_ITEM} FROM nft_items WHERE address = ANY($1::varchar[])`,
        'nft_items',
      ),
      [addresses],
    );
  }

  /**
   * nft/sales (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml):
   * the getgems sales, then the getgems auctions, among `addresses` (each in address order; toncenter
   * leaves the order to the database), each with its item and the item's collection when indexed.
   */
  async nftSales(addresses: readonly string[]): Promise<NftSalesQueryRows> {
    if (addresses.length === 0) {
      return { sales: [], auctions: [] };
    }
    const [sales, auctions] = await Promise.all([
      this.ds.query<Omit<NftSaleQueryRow, 'item' | 'collection'>[]>(
        `SELECT ${NFT_SALE} FROM getgems_nft_sales WHERE address = ANY($1::varchar[]) ORDER BY address`,
        [addresses],
      ),
      this.ds.query<NftAuctionSaleQueryRow[]>(NFT_AUCTION_SALES_SQL, [addresses]),
    ]);
    const items = new Map(
      (
        await this.nftItemsByAddress([
          ...new Set([...sales, ...auctions].map((r) => r.nft_address)),
        ])
      ).map((i) => [i.address, i]),
    );
    const collections = new Map(
      (
        await this.nftCollectionsByAddress([
          ...new Set([...items.values()].flatMap((i) => i.collection_address ?? [])),
        ])
      ).map((c) => [c.address, c]),
    );
    const withItem = <R extends { nft_address: string }>(r: R): R & SaleItem => {
      const item = items.get(r.nft_address) ?? null;
      const parent = item?.collection_address ?? null;
      const collection = parent === null ? null : (collections.get(parent) ?? null);
      return { ...r, item, collection };
    };
    return { sales: sales.map(withItem), auctions: auctions.map(withItem) };
  }

  /** nft/transfers (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): aborted transfers included; in → new_owner, out → old_owner. */
  async nftTransfers(f: TokenEventFilter): Promise<NftTransferQueryRow[]> {
    const q = new SqlFilter();
    if (f.subject !== undefined) {
      q.and(oneOf(q, 'E.nft_item_address', f.subject));
    }
    if (f.parent !== undefined) {
      q.and(`E.nft_collection_address = ${q.param(f.parent)}`);
    }
    const { sql, params } = eventPage(NFT_TRANSFERS, q, f);
    return this.ds.query<NftTransferQueryRow[]>(sql, params);
  }
}
