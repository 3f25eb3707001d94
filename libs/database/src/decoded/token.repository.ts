import { type DataSource, type EntityManager } from 'typeorm';
import { type BulkColumn, dec, insertUnnest } from '../repositories/unnest-insert';

/** An account a masterchain block touched, with its code hash after the block. */
export interface TouchedAccountRow {
  account: string;
  last_lt: string;
  code_hash: string | null;
  data_hash: string | null;
}

export interface JettonWalletRow {
  readonly address: string;
  readonly balance: bigint;
  readonly owner: string;
  readonly jetton: string;
  readonly lastLt: bigint;
  readonly codeHash: string | null;
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
}
export interface NftCollectionRow {
  readonly address: string;
  readonly nextItemIndex: bigint;
  readonly owner: string | null;
  readonly content: Record<string, string>;
  readonly lastLt: bigint;
  readonly codeHash: string | null;
}

/** A transaction of a block whose in-message may be a token operation, with its body. */
export interface TokenTxRow {
  hash: string;
  lt: string;
  now: number;
  aborted: boolean | null;
  account: string;
  trace_id: string | null;
  source: string | null;
  opcode: number | null;
  body: string | null;
  jetton: string | null;
  is_jetton_wallet: boolean;
  nft_index: string | null;
  nft_collection: string | null;
  is_nft_item: boolean;
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
  /** Accounts with transactions first committed by masterchain block `mcSeqno`, and their code hash. */
  async touchedAccounts(ds: DataSource, mcSeqno: number): Promise<TouchedAccountRow[]> {
    return ds.query(
      `SELECT DISTINCT ON (t.account) t.account, t.lt::text AS last_lt, s.code_hash, s.data_hash
       FROM transactions t LEFT JOIN account_states s ON s.hash = t.account_state_hash_after
       WHERE t.mc_block_seqno = $1 ORDER BY t.account, t.lt DESC`,
      [mcSeqno],
    );
  }

  async knownInterfaces(
    ds: DataSource,
    codeHashes: readonly string[],
  ): Promise<Map<string, string[]>> {
    if (codeHashes.length === 0) {
      return new Map();
    }
    const rows: { code_hash: string; interfaces: string[] }[] = await ds.query(
      `SELECT code_hash, interfaces FROM contract_interfaces WHERE code_hash = ANY($1::text[])`,
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
    await m.query(
      `INSERT INTO contract_interfaces (code_hash, interfaces)
       SELECT u.code_hash, string_to_array(u.list, ',')::varchar[]
       FROM unnest($1::text[], $2::text[]) AS u(code_hash, list) ON CONFLICT DO NOTHING`,
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
    ];
    await insertUnnest(
      m,
      'jetton_wallets',
      wallet,
      s.wallets,
      newer(['balance', 'owner', 'jetton', 'last_transaction_lt', 'code_hash']),
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
      ]),
    );
  }

  /** The block's transactions whose in-message carries one of `opcodes`, with what is known of the account. */
  async tokenTransactions(
    m: EntityManager,
    mcSeqno: number,
    opcodes: readonly number[],
  ): Promise<TokenTxRow[]> {
    return m.query(
      `SELECT t.hash, t.lt::text AS lt, t.now, t.aborted, t.account, t.trace_id, mm.source, mm.opcode,
              c.body, w.jetton, (w.address IS NOT NULL) AS is_jetton_wallet,
              n.index::text AS nft_index, n.collection_address AS nft_collection,
              (n.address IS NOT NULL) AS is_nft_item
       FROM transactions t
       JOIN messages mm ON mm.tx_hash = t.hash AND mm.direction = 'in'
       LEFT JOIN message_contents c ON c.hash = mm.body_hash
       LEFT JOIN jetton_wallets w ON w.address = t.account
       LEFT JOIN nft_items n ON n.address = t.account
       WHERE t.mc_block_seqno = $1 AND mm.opcode = ANY($2::int[])`,
      [mcSeqno, opcodes],
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
