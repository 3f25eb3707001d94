import { JettonWalletEntity } from '../entities/jetton-wallet.entity';
import { JettonMasterEntity } from '../entities/jetton-master.entity';
import { NftItemEntity } from '../entities/nft-item.entity';
import { NftCollectionEntity } from '../entities/nft-collection.entity';
import { GetgemsNftSaleEntity } from '../entities/getgems-nft-sale.entity';
import { GetgemsNftAuctionEntity } from '../entities/getgems-nft-auction.entity';
import { TelemintNftItemEntity } from '../entities/telemint-nft-item.entity';
import { type EntityManager } from 'typeorm';
import { ownColumns } from '../entities/bulk-columns';
import { type BulkColumn, insertUnnest } from '../repositories/unnest-insert';
import {
  JETTON_MASTER_STATE_KEYS,
  JETTON_WALLET_STATE_KEYS,
  NFT_AUCTION_STATE_KEYS,
  NFT_COLLECTION_STATE_KEYS,
  NFT_ITEM_STATE_KEYS,
  NFT_SALE_STATE_KEYS,
  type StateEntity,
  type StateRow,
  TELEMINT_ITEM_STATE_KEYS,
} from './token-rows';

/**
 * A state table's columns: the address, the table's own, then the contract's last lt and hashes,
 * each written from the row's property of the same name.
 */
export function stateColumns<E extends StateEntity, K extends keyof E & string>(
  entity: abstract new () => E,
  own: readonly K[],
): BulkColumn<StateRow<E, K>>[] {
  return ownColumns<E, K | 'address' | 'lastTransactionLt' | 'codeHash' | 'dataHash'>(entity, [
    'address',
    ...own,
    'lastTransactionLt',
    'codeHash',
    'dataHash',
  ]);
}

/**
 * Upserts state rows, which move forward only: every column but the address is replaced by a row
 * from a later transaction.
 */
export async function upsertStates<R>(
  m: EntityManager,
  table: string,
  columns: BulkColumn<R>[],
  rows: readonly R[],
): Promise<void> {
  const sets = columns
    .filter((c) => c.name !== 'address')
    .map((c) => `"${c.name}" = EXCLUDED."${c.name}"`);
  await insertUnnest(
    m,
    table,
    columns,
    rows,
    `ON CONFLICT ("address") DO UPDATE SET ${sets.join(', ')}
     WHERE t."last_transaction_lt" < EXCLUDED."last_transaction_lt"`,
  );
}

export const JETTON_WALLETS_STATE_COLUMNS = stateColumns(
  JettonWalletEntity,
  JETTON_WALLET_STATE_KEYS,
);
export const JETTON_MASTERS_STATE_COLUMNS = stateColumns(
  JettonMasterEntity,
  JETTON_MASTER_STATE_KEYS,
);
export const NFT_ITEMS_STATE_COLUMNS = stateColumns(NftItemEntity, NFT_ITEM_STATE_KEYS);
export const NFT_COLLECTIONS_STATE_COLUMNS = stateColumns(
  NftCollectionEntity,
  NFT_COLLECTION_STATE_KEYS,
);
export const GETGEMS_NFT_SALES_STATE_COLUMNS = stateColumns(
  GetgemsNftSaleEntity,
  NFT_SALE_STATE_KEYS,
);
export const GETGEMS_NFT_AUCTIONS_STATE_COLUMNS = stateColumns(
  GetgemsNftAuctionEntity,
  NFT_AUCTION_STATE_KEYS,
);
export const TELEMINT_NFT_ITEMS_STATE_COLUMNS = stateColumns(
  TelemintNftItemEntity,
  TELEMINT_ITEM_STATE_KEYS,
);
