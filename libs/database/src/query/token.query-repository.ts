import { type DataSource } from 'typeorm';
import {
  accountLtWindows,
  type AccountHistoryTable,
  type LtRange,
  withinLtRanges,
} from './lt-lookup';
import { pageByLtWindows } from './lt-windows';
import { NFT_AUCTION_SALES_SQL, type NftAuctionSaleQueryRow } from './nft-auction-sales';
import { TELEMINT_SALES_SQL, type TelemintSaleQueryRow } from './telemint-sales';
import { dir, SqlFilter } from './sql-filter';
import {
  type AddressMetadataColumns,
  JETTON_MASTER,
  jettonWalletColumns,
  NFT_COLLECTION,
  NFT_SALE,
  type JettonBurnQueryRow,
  type JettonMasterQueryRow,
  type JettonTransferQueryRow,
  type JettonWalletQueryRow,
  type NftCollectionQueryRow,
  type NftItemQueryRow,
  type NftSaleQueryRow,
  type NftSalesQueryRows,
  type NftTransferQueryRow,
  type SaleItem,
} from './token-query.rows';
import {
  type JettonEventsFilter,
  type JettonMastersFilter,
  type JettonWalletFilter,
  type NftCollectionsFilter,
  type NftItemFilter,
  type NftTransfersFilter,
  type TokenEventFilter,
  tokenEventFilter,
} from './token-query.filters';
import { any, NFT_ITEM, withMetadata } from './token-columns.sql';
import { eventPage, JETTON_BURNS, JETTON_TRANSFERS, NFT_TRANSFERS, oneOf } from './token-event.sql';

export type {
  AddressMetadataColumns,
  JettonBurnQueryRow,
  JettonMasterQueryRow,
  JettonTransferQueryRow,
  JettonWalletQueryRow,
  NftCollectionQueryRow,
  NftItemQueryRow,
  NftSaleQueryRow,
  NftSalesQueryRows,
  NftTransferQueryRow,
  SaleItem,
} from './token-query.rows';
export type {
  JettonEventsFilter,
  JettonMastersFilter,
  JettonWalletFilter,
  NftCollectionsFilter,
  NftItemFilter,
  NftTransfersFilter,
} from './token-query.filters';

/**
 * Reads of the v3 Jetton and NFT endpoints (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml) with
 * toncenter's orderings; ties the reference leaves open are broken by the primary key so that
 * paging is stable.
 */
export class TokenQueryRepository {
  constructor(private readonly ds: DataSource) {}

  /** jetton/masters: by id unless addresses are given (toncenter leaves that unordered; address here). */
  jettonMasters(f: JettonMastersFilter): Promise<JettonMasterQueryRow[]> {
    const q = new SqlFilter();
    any(q, 'address', f.address);
    any(q, 'admin_address', f.admin_address);
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
    any(q, 'owner', f.owner_address);
    any(q, 'jetton', f.jetton_address);
    if (f.exclude_zero_balance === true) {
      q.and(`(balance > 0 OR coalesce(mintless_amount, 0) > 0)`);
    }
    const col = f.sort === undefined ? 'id ASC' : `balance ${dir(f.sort)}, id ${dir(f.sort)}`;
    let order = 'id ASC';
    if (f.address !== undefined) {
      order = 'address ASC';
    } else if (f.owner_address !== undefined) {
      order = `owner ASC, ${col}`;
    } else if (f.jetton_address?.length === 1) {
      order = `jetton ASC, ${col}`;
    }
    return this.ds.query<JettonWalletQueryRow[]>(
      `SELECT ${jettonWalletColumns()} FROM jetton_wallets${q.where()} ORDER BY ${order}${q.page(f.limit, f.offset)}`,
      q.params,
    );
  }

  jettonWalletsByAddress(addresses: readonly string[]): Promise<JettonWalletQueryRow[]> {
    if (addresses.length === 0) {
      return Promise.resolve([]);
    }
    return this.ds.query<JettonWalletQueryRow[]>(
      `SELECT ${jettonWalletColumns()} FROM jetton_wallets WHERE address = ANY($1::varchar[])`,
      [addresses],
    );
  }

  /** jetton/transfers (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): aborted transfers are always left out. */
  jettonTransfers(req: JettonEventsFilter): Promise<JettonTransferQueryRow[]> {
    const f = tokenEventFilter(req, req.jetton_wallet, req.jetton_master);
    return this.ownerPage('jetton_transfers', f, (page, q) => {
      q.and('E.tx_aborted IS FALSE');
      if (page.subject !== undefined) {
        q.and(oneOf(q, 'E.jetton_wallet_address', page.subject));
      }
      if (page.parent !== undefined) {
        q.and(`E.jetton_master_address = ${q.param(page.parent)}`);
      }
      return eventPage(JETTON_TRANSFERS, q, page);
    });
  }

  /** jetton/burns (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): aborted burns included. */
  jettonBurns(req: JettonEventsFilter): Promise<JettonBurnQueryRow[]> {
    const f = tokenEventFilter(req, req.jetton_wallet, req.jetton_master);
    return this.ownerPage('jetton_burns', f, (page, q) => {
      if (page.owner !== undefined) {
        q.and(oneOf(q, 'E.owner', page.owner));
      }
      if (page.subject !== undefined) {
        q.and(oneOf(q, 'E.jetton_wallet_address', page.subject));
      }
      if (page.parent !== undefined) {
        q.and(`E.jetton_master_address = ${q.param(page.parent)}`);
      }
      // The owner is already a condition: burns have one owner column and no direction.
      return eventPage(JETTON_BURNS, q, { ...page, owner: undefined });
    });
  }

  /**
   * A page of token events of `table` in tx_lt order, its statement made by `statement` from the
   * filter and a SqlFilter. With owners, the statement is bounded by the owners' windows
   * (`account_lt_ranges`): only their partitions are planned and read, in the page's order, one
   * window after another until the page is full (pageByLtWindows).
   */
  private async ownerPage<T>(
    table: AccountHistoryTable,
    f: TokenEventFilter,
    statement: (page: TokenEventFilter, q: SqlFilter) => { sql: string; params: unknown[] },
  ): Promise<T[]> {
    const read = (page: TokenEventFilter, windows?: readonly LtRange[]): Promise<T[]> => {
      const q = new SqlFilter();
      if (windows !== undefined) {
        q.and(withinLtRanges('E.tx_lt', windows, (v) => q.param(v)));
      }
      const { sql, params } = statement(page, q);
      return this.ds.query<T[]>(sql, params);
    };
    if (f.owner === undefined) {
      return read(f);
    }
    const windows = await accountLtWindows(this.ds, table, f.owner);
    return pageByLtWindows(windows, f.sort, f.limit, f.offset, (ranges, limit, offset) =>
      read({ ...f, limit, offset }, ranges),
    );
  }

  /** nft/collections (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): by id (toncenter orders only without filters; id always here). */
  nftCollections(f: NftCollectionsFilter): Promise<NftCollectionQueryRow[]> {
    const q = new SqlFilter();
    any(q, 'address', f.collection_address);
    any(q, 'owner_address', f.owner_address);
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
    any(q, f.include_on_sale === true ? 'real_owner' : 'owner_address', f.owner_address);
    any(q, 'collection_address', f.collection_address);
    if (f.index !== undefined) {
      q.and(`index = ANY(${q.param(f.index)}::numeric[])`);
    }
    let order = 'id ASC';
    if (f.sort_by_last_transaction_lt === true) {
      order = 'last_transaction_lt DESC, id DESC';
    } else if (f.owner_address !== undefined) {
      order = 'owner_address, collection_address, index, id';
    } else if (f.collection_address?.length === 1) {
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
   * the getgems sales, then the getgems auctions, then the Telemint items, among `addresses` (each in
   * address order; toncenter leaves the order to the database), each with its item and the item's
   * collection when indexed (a Telemint item is its own item).
   */
  async nftSales(addresses: readonly string[]): Promise<NftSalesQueryRows> {
    if (addresses.length === 0) {
      return { sales: [], auctions: [], telemints: [] };
    }
    const [sales, auctions, telemints] = await Promise.all([
      this.ds.query<Omit<NftSaleQueryRow, 'item' | 'collection'>[]>(
        `SELECT ${NFT_SALE} FROM getgems_nft_sales WHERE address = ANY($1::varchar[]) ORDER BY address`,
        [addresses],
      ),
      this.ds.query<NftAuctionSaleQueryRow[]>(NFT_AUCTION_SALES_SQL, [addresses]),
      this.ds.query<TelemintSaleQueryRow[]>(TELEMINT_SALES_SQL, [addresses]),
    ]);
    const items = new Map(
      (
        await this.nftItemsByAddress([
          ...new Set([...sales, ...auctions, ...telemints].map((r) => r.nft_address)),
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
    return {
      sales: sales.map(withItem),
      auctions: auctions.map(withItem),
      telemints: telemints.map(withItem),
    };
  }

  /** nft/transfers (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): aborted transfers included; in → new_owner, out → old_owner. */
  nftTransfers(req: NftTransfersFilter): Promise<NftTransferQueryRow[]> {
    const f = tokenEventFilter(req, req.item_address, req.collection_address);
    return this.ownerPage('nft_transfers', f, (page, q) => {
      if (page.subject !== undefined) {
        q.and(oneOf(q, 'E.nft_item_address', page.subject));
      }
      if (page.parent !== undefined) {
        q.and(`E.nft_collection_address = ${q.param(page.parent)}`);
      }
      return eventPage(NFT_TRANSFERS, q, page);
    });
  }
}
