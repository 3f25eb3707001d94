import { type EntityManager } from 'typeorm';
import { type ContractInterfacesEntity } from '../entities/contract-interfaces.entity';
import { type QueryRow } from '../entities/query-row';
import { insertUnnest } from '../repositories/unnest-insert';
import {
  type JettonBurnRow,
  type JettonMasterRow,
  type JettonTransferRow,
  type JettonWalletRow,
  type NftAuctionRow,
  type NftCollectionRow,
  type NftItemRow,
  type NftSaleRow,
  type NftTransferRow,
  type TelemintItemRow,
} from './token-rows';
import {
  GETGEMS_NFT_AUCTIONS_STATE_COLUMNS,
  GETGEMS_NFT_SALES_STATE_COLUMNS,
  JETTON_MASTERS_STATE_COLUMNS,
  JETTON_WALLETS_STATE_COLUMNS,
  NFT_COLLECTIONS_STATE_COLUMNS,
  NFT_ITEMS_STATE_COLUMNS,
  TELEMINT_NFT_ITEMS_STATE_COLUMNS,
  upsertStates,
} from './token-state-columns';
import {
  JETTON_BURNS_COLUMNS,
  JETTON_TRANSFERS_COLUMNS,
  NFT_TRANSFERS_COLUMNS,
} from './token-event-columns';

export type {
  JettonBurnRow,
  JettonMasterRow,
  JettonTransferRow,
  JettonWalletRow,
  NftAuctionRow,
  NftCollectionRow,
  NftItemRow,
  NftSaleRow,
  NftTransferRow,
  TelemintItemRow,
} from './token-rows';

/** Jetton and NFT state and events, and the per-code-hash interface cache (toncenter https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp). */
export class TokenRepository {
  /** The cached interfaces of some code hashes (absent: never probed). */
  async knownInterfaces(
    m: EntityManager,
    codeHashes: readonly string[],
  ): Promise<Map<string, string[]>> {
    if (codeHashes.length === 0) {
      return new Map();
    }
    // bpchar[]: code_hash is char(44); a text[] parameter would cast the column and miss its index.
    const rows: QueryRow<ContractInterfacesEntity, 'codeHash' | 'interfaces'>[] = await m.query(
      `SELECT code_hash, interfaces FROM contract_interfaces WHERE code_hash = ANY($1::bpchar[])`,
      [codeHashes],
    );
    return new Map(rows.map((r) => [r.code_hash, r.interfaces]));
  }

  async saveInterfaces(
    m: EntityManager,
    detected: ReadonlyMap<string, readonly string[]>,
  ): Promise<void> {
    const entries = [...detected];
    if (entries.length === 0) {
      return;
    }
    // A code is probed once; a replaced entry is a wallet code cached before wallets were named.
    await m.query(
      `INSERT INTO contract_interfaces AS c (code_hash, interfaces)
       SELECT u.code_hash, string_to_array(u.list, ',')::varchar[]
       FROM unnest($1::text[], $2::text[]) AS u(code_hash, list)
       ON CONFLICT (code_hash) DO UPDATE SET interfaces = EXCLUDED.interfaces, detected_at = now()
       WHERE c.interfaces IS DISTINCT FROM EXCLUDED.interfaces`,
      [entries.map(([h]) => h), entries.map(([, list]) => list.join(','))],
    );
  }

  async saveStates(
    m: EntityManager,
    s: {
      wallets: readonly JettonWalletRow[];
      masters: readonly JettonMasterRow[];
      items: readonly NftItemRow[];
      collections: readonly NftCollectionRow[];
      sales: readonly NftSaleRow[];
      auctions: readonly NftAuctionRow[];
      telemintItems: readonly TelemintItemRow[];
    },
  ): Promise<void> {
    await upsertStates(m, 'jetton_wallets', JETTON_WALLETS_STATE_COLUMNS, s.wallets);
    await upsertStates(m, 'jetton_masters', JETTON_MASTERS_STATE_COLUMNS, s.masters);
    await upsertStates(m, 'nft_items', NFT_ITEMS_STATE_COLUMNS, s.items);
    await upsertStates(m, 'nft_collections', NFT_COLLECTIONS_STATE_COLUMNS, s.collections);
    await upsertStates(m, 'getgems_nft_sales', GETGEMS_NFT_SALES_STATE_COLUMNS, s.sales);
    await upsertStates(m, 'getgems_nft_auctions', GETGEMS_NFT_AUCTIONS_STATE_COLUMNS, s.auctions);
    await upsertStates(m, 'telemint_nft_items', TELEMINT_NFT_ITEMS_STATE_COLUMNS, s.telemintItems);
    await this.realOwners(
      m,
      s.items.map((i) => i.address),
      [...s.sales.map((sale) => sale.address), ...s.auctions.map((a) => a.address)],
    );
  }

  /**
   * nft_items.real_owner of the items just written and of the items the sales and auctions just
   * written sell: the seller while the item's owner is that sale or auction (toncenter: the getgems
   * sale, else auction, whose address is the owner and whose item is this one), else the owner. The
   * item and its sale change in different transactions, often in different blocks, so both sides are
   * looked at once both are stored.
   */
  private async realOwners(
    m: EntityManager,
    items: readonly string[],
    contracts: readonly string[],
  ): Promise<void> {
    if (items.length === 0 && contracts.length === 0) {
      return;
    }
    const realOwner = `coalesce(
         (SELECT S.nft_owner_address FROM getgems_nft_sales S
          WHERE S.address = N.owner_address AND S.nft_address = N.address),
         (SELECT A.nft_owner FROM getgems_nft_auctions A
          WHERE A.address = N.owner_address AND A.nft_addr = N.address),
         N.owner_address)`;
    await m.query(
      `UPDATE nft_items N
       SET real_owner = ${realOwner}
       WHERE (N.address = ANY($1::varchar[]) OR N.owner_address = ANY($2::varchar[]))
         AND N.real_owner IS DISTINCT FROM ${realOwner}`,
      [items, contracts],
    );
  }

  async saveEvents(
    m: EntityManager,
    e: {
      transfers: readonly JettonTransferRow[];
      burns: readonly JettonBurnRow[];
      nftTransfers: readonly NftTransferRow[];
    },
  ): Promise<void> {
    await insertUnnest(m, 'jetton_transfers', JETTON_TRANSFERS_COLUMNS, e.transfers);
    await insertUnnest(m, 'jetton_burns', JETTON_BURNS_COLUMNS, e.burns);
    await insertUnnest(m, 'nft_transfers', NFT_TRANSFERS_COLUMNS, e.nftTransfers);
  }
}
