import { type EntityManager } from 'typeorm';
import { type BulkColumn, dec, insertUnnest } from '../repositories/unnest-insert';

export interface JettonWalletRow {
  readonly address: string;
  readonly balance: bigint;
  readonly owner: string;
  readonly jetton: string;
  readonly lastLt: bigint;
  readonly codeHash: string | null;
  /** Hash of the account's data in the state the interface was read from. */
  readonly dataHash: string | null;
}
export interface JettonMasterRow {
  readonly address: string;
  readonly totalSupply: bigint;
  readonly mintable: boolean;
  readonly admin: string | null;
  readonly content: Record<string, string>;
  readonly walletCodeHash: string;
  readonly lastLt: bigint;
  readonly codeHash: string | null;
  /** Hash of the account's data in the state the interface was read from. */
  readonly dataHash: string | null;
}
export interface NftItemRow {
  readonly address: string;
  readonly init: boolean;
  readonly index: bigint;
  readonly collection: string | null;
  readonly owner: string | null;
  readonly content: Record<string, string> | null;
  readonly lastLt: bigint;
  readonly codeHash: string | null;
  /** Hash of the account's data in the state the interface was read from. */
  readonly dataHash: string | null;
}
export interface NftCollectionRow {
  readonly address: string;
  readonly nextItemIndex: bigint;
  readonly owner: string | null;
  readonly content: Record<string, string>;
  readonly lastLt: bigint;
  readonly codeHash: string | null;
  /** Hash of the account's data in the state the interface was read from. */
  readonly dataHash: string | null;
}

export interface JettonTransferRow {
  readonly txHash: string;
  readonly txLt: bigint;
  readonly txNow: number;
  readonly txAborted: boolean;
  readonly mcSeqno: number;
  readonly queryId: bigint;
  readonly amount: bigint;
  readonly source: string | null;
  readonly destination: string | null;
  readonly jettonWallet: string;
  readonly jettonMaster: string | null;
  readonly responseDestination: string | null;
  readonly customPayload: string | null;
  readonly forwardTonAmount: bigint;
  readonly forwardPayload: string | null;
  readonly traceId: string | null;
}
export interface JettonBurnRow {
  readonly txHash: string;
  readonly txLt: bigint;
  readonly txNow: number;
  readonly txAborted: boolean;
  readonly mcSeqno: number;
  readonly queryId: bigint;
  readonly owner: string | null;
  readonly jettonWallet: string;
  readonly jettonMaster: string | null;
  readonly amount: bigint;
  readonly responseDestination: string | null;
  readonly traceId: string | null;
}
export interface NftTransferRow {
  readonly txHash: string;
  readonly txLt: bigint;
  readonly txNow: number;
  readonly txAborted: boolean;
  readonly mcSeqno: number;
  readonly queryId: bigint;
  readonly item: string;
  readonly itemIndex: bigint | null;
  readonly collection: string | null;
  readonly oldOwner: string | null;
  readonly newOwner: string | null;
  readonly responseDestination: string | null;
  readonly customPayload: string | null;
  readonly forwardAmount: bigint;
  readonly forwardPayload: string | null;
  readonly traceId: string | null;
}

/** The columns every token event table starts with (toncenter v3 §13.2: tx, its time and outcome). */
interface EventCommon {
  readonly txHash: string;
  readonly txLt: bigint;
  readonly txNow: number;
  readonly txAborted: boolean;
  readonly mcSeqno: number;
  readonly queryId: bigint;
}

function eventColumns<R extends EventCommon>(): BulkColumn<R>[] {
  return [
    { name: 'tx_hash', type: 'text', value: (r) => r.txHash },
    { name: 'tx_lt', type: 'bigint', value: (r) => dec(r.txLt) },
    { name: 'tx_now', type: 'integer', value: (r) => r.txNow },
    { name: 'tx_aborted', type: 'boolean', value: (r) => r.txAborted },
    { name: 'mc_seqno', type: 'integer', value: (r) => r.mcSeqno },
    { name: 'query_id', type: 'numeric', value: (r) => dec(r.queryId) },
  ];
}

const json = (v: object | null): string | null => (v === null ? null : JSON.stringify(v));
/** State rows move forward only: a row is replaced by one from a later transaction. */
const newer = (sets: string[]): string =>
  `ON CONFLICT ("address") DO UPDATE SET ${sets.map((c) => `"${c}" = EXCLUDED."${c}"`).join(', ')}
   WHERE t."last_transaction_lt" < EXCLUDED."last_transaction_lt"`;

/** Jetton and NFT state and events, and the per-code-hash interface cache (toncenter v3 §13.2, §14.2). */
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
    },
  ): Promise<void> {
    const wallet: BulkColumn<JettonWalletRow>[] = [
      { name: 'address', type: 'text', value: (r) => r.address },
      { name: 'balance', type: 'numeric', value: (r) => dec(r.balance) },
      { name: 'owner', type: 'text', value: (r) => r.owner },
      { name: 'jetton', type: 'text', value: (r) => r.jetton },
      { name: 'last_transaction_lt', type: 'bigint', value: (r) => dec(r.lastLt) },
      { name: 'code_hash', type: 'text', value: (r) => r.codeHash },
      { name: 'data_hash', type: 'text', value: (r) => r.dataHash },
    ];
    await insertUnnest(
      m,
      'jetton_wallets',
      wallet,
      s.wallets,
      newer(['balance', 'owner', 'jetton', 'last_transaction_lt', 'code_hash', 'data_hash']),
    );
    const master: BulkColumn<JettonMasterRow>[] = [
      { name: 'address', type: 'text', value: (r) => r.address },
      { name: 'total_supply', type: 'numeric', value: (r) => dec(r.totalSupply) },
      { name: 'mintable', type: 'boolean', value: (r) => r.mintable },
      { name: 'admin_address', type: 'text', value: (r) => r.admin },
      { name: 'jetton_content', type: 'jsonb', value: (r) => json(r.content) },
      { name: 'jetton_wallet_code_hash', type: 'text', value: (r) => r.walletCodeHash },
      { name: 'last_transaction_lt', type: 'bigint', value: (r) => dec(r.lastLt) },
      { name: 'code_hash', type: 'text', value: (r) => r.codeHash },
      { name: 'data_hash', type: 'text', value: (r) => r.dataHash },
    ];
    await insertUnnest(
      m,
      'jetton_masters',
      master,
      s.masters,
      newer([
        'total_supply',
        'mintable',
        'admin_address',
        'jetton_content',
        'jetton_wallet_code_hash',
        'last_transaction_lt',
        'code_hash',
        'data_hash',
      ]),
    );
    const item: BulkColumn<NftItemRow>[] = [
      { name: 'address', type: 'text', value: (r) => r.address },
      { name: 'init', type: 'boolean', value: (r) => r.init },
      { name: 'index', type: 'numeric', value: (r) => dec(r.index) },
      { name: 'collection_address', type: 'text', value: (r) => r.collection },
      { name: 'owner_address', type: 'text', value: (r) => r.owner },
      { name: 'content', type: 'jsonb', value: (r) => json(r.content) },
      { name: 'last_transaction_lt', type: 'bigint', value: (r) => dec(r.lastLt) },
      { name: 'code_hash', type: 'text', value: (r) => r.codeHash },
      { name: 'data_hash', type: 'text', value: (r) => r.dataHash },
      // real_owner = owner until sale contracts are detected (toncenter fills it from the sale).
      { name: 'real_owner', type: 'text', value: (r) => r.owner },
    ];
    await insertUnnest(
      m,
      'nft_items',
      item,
      s.items,
      newer([
        'init',
        'index',
        'collection_address',
        'owner_address',
        'content',
        'last_transaction_lt',
        'code_hash',
        'data_hash',
        'real_owner',
      ]),
    );
    const collection: BulkColumn<NftCollectionRow>[] = [
      { name: 'address', type: 'text', value: (r) => r.address },
      { name: 'next_item_index', type: 'numeric', value: (r) => dec(r.nextItemIndex) },
      { name: 'owner_address', type: 'text', value: (r) => r.owner },
      { name: 'collection_content', type: 'jsonb', value: (r) => json(r.content) },
      { name: 'last_transaction_lt', type: 'bigint', value: (r) => dec(r.lastLt) },
      { name: 'code_hash', type: 'text', value: (r) => r.codeHash },
      { name: 'data_hash', type: 'text', value: (r) => r.dataHash },
    ];
    await insertUnnest(
      m,
      'nft_collections',
      collection,
      s.collections,
      newer([
        'next_item_index',
        'owner_address',
        'collection_content',
        'last_transaction_lt',
        'code_hash',
        'data_hash',
      ]),
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
        ...eventColumns<JettonTransferRow>(),
        { name: 'amount', type: 'numeric', value: (r) => dec(r.amount) },
        { name: 'source', type: 'text', value: (r) => r.source },
        { name: 'destination', type: 'text', value: (r) => r.destination },
        { name: 'jetton_wallet_address', type: 'text', value: (r) => r.jettonWallet },
        { name: 'jetton_master_address', type: 'text', value: (r) => r.jettonMaster },
        { name: 'response_destination', type: 'text', value: (r) => r.responseDestination },
        { name: 'custom_payload', type: 'text', value: (r) => r.customPayload },
        { name: 'forward_ton_amount', type: 'numeric', value: (r) => dec(r.forwardTonAmount) },
        { name: 'forward_payload', type: 'text', value: (r) => r.forwardPayload },
        { name: 'trace_id', type: 'text', value: (r) => r.traceId },
      ],
      e.transfers,
    );
    await insertUnnest(
      m,
      'jetton_burns',
      [
        ...eventColumns<JettonBurnRow>(),
        { name: 'owner', type: 'text', value: (r) => r.owner },
        { name: 'jetton_wallet_address', type: 'text', value: (r) => r.jettonWallet },
        { name: 'jetton_master_address', type: 'text', value: (r) => r.jettonMaster },
        { name: 'amount', type: 'numeric', value: (r) => dec(r.amount) },
        { name: 'response_destination', type: 'text', value: (r) => r.responseDestination },
        { name: 'trace_id', type: 'text', value: (r) => r.traceId },
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
        { name: 'response_destination', type: 'text', value: (r) => r.responseDestination },
        { name: 'custom_payload', type: 'text', value: (r) => r.customPayload },
        { name: 'forward_amount', type: 'numeric', value: (r) => dec(r.forwardAmount) },
        { name: 'forward_payload', type: 'text', value: (r) => r.forwardPayload },
        { name: 'trace_id', type: 'text', value: (r) => r.traceId },
      ],
      e.nftTransfers,
    );
  }
}
