import { type EntityManager } from 'typeorm';
import { type BulkColumn, dec, insertUnnest, json } from '../repositories/unnest-insert';

/** What every token state table keeps of the contract (toncenter https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp). */
interface StateCommon {
  readonly address: string;
  readonly lastLt: bigint;
  readonly codeHash: string | null;
  /** Hash of the account's data in the state the interface was read from. */
  readonly dataHash: string | null;
}

export interface JettonWalletRow extends StateCommon {
  readonly balance: bigint;
  readonly owner: string;
  readonly jetton: string;
}
export interface JettonMasterRow extends StateCommon {
  readonly totalSupply: bigint;
  readonly mintable: boolean;
  readonly admin: string | null;
  readonly content: Record<string, string>;
  readonly walletCodeHash: string;
}
export interface NftItemRow extends StateCommon {
  readonly init: boolean;
  readonly index: bigint;
  readonly collection: string | null;
  readonly owner: string | null;
  readonly content: Record<string, string> | null;
}
/** A getgems fixed-price sale (get_sale_data, https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp `getgems_nft_sales`). */
export interface NftSaleRow extends StateCommon {
  readonly isComplete: boolean;
  readonly createdAt: bigint;
  readonly marketplace: string | null;
  readonly nft: string;
  /** null until the item's ownership_assigned reaches the sale (addr_none in get_sale_data). */
  readonly nftOwner: string | null;
  readonly fullPrice: bigint;
  readonly marketplaceFeeAddress: string | null;
  readonly marketplaceFee: bigint;
  readonly royaltyAddress: string | null;
  readonly royaltyAmount: bigint;
}
/** A getgems auction (toncenter `getgems_nft_auctions`); the v4-only fields are null for older auctions. */
export interface NftAuctionRow extends StateCommon {
  readonly end: boolean;
  readonly endTime: bigint;
  readonly marketplace: string;
  readonly nft: string;
  /** null until the item's ownership_assigned reaches the auction (addr_none). */
  readonly nftOwner: string | null;
  readonly lastBid: bigint;
  readonly lastMember: string | null;
  readonly minStep: bigint;
  readonly marketplaceFeeAddress: string;
  readonly marketplaceFeeFactor: bigint;
  readonly marketplaceFeeBase: bigint;
  readonly royaltyFeeAddress: string;
  readonly royaltyFeeFactor: bigint;
  readonly royaltyFeeBase: bigint;
  readonly maxBid: bigint;
  readonly minBid: bigint;
  readonly createdAt: bigint;
  readonly lastBidAt: bigint;
  readonly isCanceled: boolean;
  readonly activated: boolean | null;
  readonly stepTime: bigint | null;
  readonly lastQueryId: bigint | null;
  readonly jettonWallet: string | null;
  readonly jettonMaster: string | null;
  readonly isBrokenState: boolean | null;
  readonly publicKey: bigint | null;
}
export interface NftCollectionRow extends StateCommon {
  readonly nextItemIndex: bigint;
  readonly owner: string | null;
  readonly content: Record<string, string>;
}

/**
 * What every token event table has (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp):
 * the transaction, its time and outcome, and the query_id and response_destination every
 * TEP-74/TEP-62 message carries.
 */
interface EventCommon {
  readonly txHash: string;
  readonly txLt: bigint;
  readonly txNow: number;
  readonly txAborted: boolean;
  readonly mcSeqno: number;
  readonly queryId: bigint;
  readonly responseDestination: string | null;
  readonly traceId: string | null;
}
/** A Jetton event's wallet and (once known) master. */
interface JettonEventCommon extends EventCommon {
  readonly jettonWallet: string;
  readonly jettonMaster: string | null;
}

export interface JettonTransferRow extends JettonEventCommon {
  readonly amount: bigint;
  readonly source: string | null;
  readonly destination: string | null;
  readonly customPayload: string | null;
  readonly forwardTonAmount: bigint;
  readonly forwardPayload: string | null;
}
export interface JettonBurnRow extends JettonEventCommon {
  readonly owner: string | null;
  readonly amount: bigint;
}
export interface NftTransferRow extends EventCommon {
  readonly item: string;
  readonly itemIndex: bigint | null;
  readonly collection: string | null;
  readonly oldOwner: string | null;
  readonly newOwner: string | null;
  readonly customPayload: string | null;
  readonly forwardAmount: bigint;
  readonly forwardPayload: string | null;
}

function eventColumns<R extends EventCommon>(): BulkColumn<R>[] {
  return [
    { name: 'tx_hash', type: 'text', value: (r) => r.txHash },
    { name: 'tx_lt', type: 'bigint', value: (r) => dec(r.txLt) },
    { name: 'tx_now', type: 'integer', value: (r) => r.txNow },
    { name: 'tx_aborted', type: 'boolean', value: (r) => r.txAborted },
    { name: 'mc_seqno', type: 'integer', value: (r) => r.mcSeqno },
    { name: 'query_id', type: 'numeric', value: (r) => dec(r.queryId) },
    { name: 'response_destination', type: 'text', value: (r) => r.responseDestination },
    { name: 'trace_id', type: 'text', value: (r) => r.traceId },
  ];
}

function jettonEventColumns<R extends JettonEventCommon>(): BulkColumn<R>[] {
  return [
    ...eventColumns<R>(),
    { name: 'jetton_wallet_address', type: 'text', value: (r) => r.jettonWallet },
    { name: 'jetton_master_address', type: 'text', value: (r) => r.jettonMaster },
  ];
}

/** A state table's columns: the address, the table's own, then the contract's last lt and hashes. */
function stateColumns<R extends StateCommon>(own: BulkColumn<R>[]): BulkColumn<R>[] {
  return [
    { name: 'address', type: 'text', value: (r) => r.address },
    ...own,
    { name: 'last_transaction_lt', type: 'bigint', value: (r) => dec(r.lastLt) },
    { name: 'code_hash', type: 'text', value: (r) => r.codeHash },
    { name: 'data_hash', type: 'text', value: (r) => r.dataHash },
  ];
}

/**
 * Upserts state rows, which move forward only: every column but the address is replaced by a row
 * from a later transaction.
 */
async function upsertStates<R extends StateCommon>(
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
    const rows: { code_hash: string; interfaces: string[] }[] = await m.query(
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
    },
  ): Promise<void> {
    await upsertStates(
      m,
      'jetton_wallets',
      stateColumns<JettonWalletRow>([
        { name: 'balance', type: 'numeric', value: (r) => dec(r.balance) },
        { name: 'owner', type: 'text', value: (r) => r.owner },
        { name: 'jetton', type: 'text', value: (r) => r.jetton },
      ]),
      s.wallets,
    );
    await upsertStates(
      m,
      'jetton_masters',
      stateColumns<JettonMasterRow>([
        { name: 'total_supply', type: 'numeric', value: (r) => dec(r.totalSupply) },
        { name: 'mintable', type: 'boolean', value: (r) => r.mintable },
        { name: 'admin_address', type: 'text', value: (r) => r.admin },
        { name: 'jetton_content', type: 'jsonb', value: (r) => json(r.content) },
        { name: 'jetton_wallet_code_hash', type: 'text', value: (r) => r.walletCodeHash },
      ]),
      s.masters,
    );
    await upsertStates(
      m,
      'nft_items',
      stateColumns<NftItemRow>([
        { name: 'init', type: 'boolean', value: (r) => r.init },
        { name: 'index', type: 'numeric', value: (r) => dec(r.index) },
        { name: 'collection_address', type: 'text', value: (r) => r.collection },
        { name: 'owner_address', type: 'text', value: (r) => r.owner },
        { name: 'content', type: 'jsonb', value: (r) => json(r.content) },
        // real_owner = owner here; realOwners() below puts the seller in when the owner is a sale.
        { name: 'real_owner', type: 'text', value: (r) => r.owner },
      ]),
      s.items,
    );
    await upsertStates(
      m,
      'nft_collections',
      stateColumns<NftCollectionRow>([
        { name: 'next_item_index', type: 'numeric', value: (r) => dec(r.nextItemIndex) },
        { name: 'owner_address', type: 'text', value: (r) => r.owner },
        { name: 'collection_content', type: 'jsonb', value: (r) => json(r.content) },
      ]),
      s.collections,
    );
    await upsertStates(
      m,
      'getgems_nft_sales',
      stateColumns<NftSaleRow>([
        { name: 'is_complete', type: 'boolean', value: (r) => r.isComplete },
        { name: 'created_at', type: 'bigint', value: (r) => dec(r.createdAt) },
        { name: 'marketplace_address', type: 'text', value: (r) => r.marketplace },
        { name: 'nft_address', type: 'text', value: (r) => r.nft },
        { name: 'nft_owner_address', type: 'text', value: (r) => r.nftOwner },
        { name: 'full_price', type: 'numeric', value: (r) => dec(r.fullPrice) },
        { name: 'marketplace_fee_address', type: 'text', value: (r) => r.marketplaceFeeAddress },
        { name: 'marketplace_fee', type: 'numeric', value: (r) => dec(r.marketplaceFee) },
        { name: 'royalty_address', type: 'text', value: (r) => r.royaltyAddress },
        { name: 'royalty_amount', type: 'numeric', value: (r) => dec(r.royaltyAmount) },
      ]),
      s.sales,
    );
    const opt = (v: bigint | null): string | null => (v === null ? null : dec(v));
    await upsertStates(
      m,
      'getgems_nft_auctions',
      stateColumns<NftAuctionRow>([
        { name: 'end_flag', type: 'boolean', value: (r) => r.end },
        { name: 'end_time', type: 'bigint', value: (r) => dec(r.endTime) },
        { name: 'mp_addr', type: 'text', value: (r) => r.marketplace },
        { name: 'nft_addr', type: 'text', value: (r) => r.nft },
        { name: 'nft_owner', type: 'text', value: (r) => r.nftOwner },
        { name: 'last_bid', type: 'numeric', value: (r) => dec(r.lastBid) },
        { name: 'last_member', type: 'text', value: (r) => r.lastMember },
        { name: 'min_step', type: 'bigint', value: (r) => dec(r.minStep) },
        { name: 'mp_fee_addr', type: 'text', value: (r) => r.marketplaceFeeAddress },
        { name: 'mp_fee_factor', type: 'bigint', value: (r) => dec(r.marketplaceFeeFactor) },
        { name: 'mp_fee_base', type: 'bigint', value: (r) => dec(r.marketplaceFeeBase) },
        { name: 'royalty_fee_addr', type: 'text', value: (r) => r.royaltyFeeAddress },
        { name: 'royalty_fee_factor', type: 'bigint', value: (r) => dec(r.royaltyFeeFactor) },
        { name: 'royalty_fee_base', type: 'bigint', value: (r) => dec(r.royaltyFeeBase) },
        { name: 'max_bid', type: 'numeric', value: (r) => dec(r.maxBid) },
        { name: 'min_bid', type: 'numeric', value: (r) => dec(r.minBid) },
        { name: 'created_at', type: 'bigint', value: (r) => dec(r.createdAt) },
        { name: 'last_bid_at', type: 'bigint', value: (r) => dec(r.lastBidAt) },
        { name: 'is_canceled', type: 'boolean', value: (r) => r.isCanceled },
        { name: 'activated', type: 'boolean', value: (r) => r.activated },
        { name: 'step_time', type: 'bigint', value: (r) => opt(r.stepTime) },
        { name: 'last_query_id', type: 'numeric', value: (r) => opt(r.lastQueryId) },
        { name: 'jetton_wallet', type: 'text', value: (r) => r.jettonWallet },
        { name: 'jetton_master', type: 'text', value: (r) => r.jettonMaster },
        { name: 'is_broken_state', type: 'boolean', value: (r) => r.isBrokenState },
        { name: 'public_key', type: 'text', value: (r) => opt(r.publicKey) },
      ]),
      s.auctions,
    );
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
    await insertUnnest(
      m,
      'jetton_transfers',
      [
        ...jettonEventColumns<JettonTransferRow>(),
        { name: 'amount', type: 'numeric', value: (r) => dec(r.amount) },
        { name: 'source', type: 'text', value: (r) => r.source },
        { name: 'destination', type: 'text', value: (r) => r.destination },
        { name: 'custom_payload', type: 'text', value: (r) => r.customPayload },
        { name: 'forward_ton_amount', type: 'numeric', value: (r) => dec(r.forwardTonAmount) },
        { name: 'forward_payload', type: 'text', value: (r) => r.forwardPayload },
      ],
      e.transfers,
    );
    await insertUnnest(
      m,
      'jetton_burns',
      [
        ...jettonEventColumns<JettonBurnRow>(),
        { name: 'owner', type: 'text', value: (r) => r.owner },
        { name: 'amount', type: 'numeric', value: (r) => dec(r.amount) },
      ],
      e.burns,
    );
    await insertUnnest(
      m,
      'nft_transfers',
      [
        ...eventColumns<NftTransferRow>(),
        { name: 'nft_item_address', type: 'text', value: (r) => r.item },
        { name: 'nft_item_index', type: 'numeric', value: (r) => dec(r.itemIndex) },
        { name: 'nft_collection_address', type: 'text', value: (r) => r.collection },
        { name: 'old_owner', type: 'text', value: (r) => r.oldOwner },
        { name: 'new_owner', type: 'text', value: (r) => r.newOwner },
        { name: 'custom_payload', type: 'text', value: (r) => r.customPayload },
        { name: 'forward_amount', type: 'numeric', value: (r) => dec(r.forwardAmount) },
        { name: 'forward_payload', type: 'text', value: (r) => r.forwardPayload },
      ],
      e.nftTransfers,
    );
  }
}
