import { AccountStateEntity } from '../entities/account-state.entity';
import { DexPoolEntity } from '../entities/dex-pool.entity';
import { GetgemsNftAuctionEntity } from '../entities/getgems-nft-auction.entity';
import { GetgemsNftSaleEntity, NFT_SALE_TERMS_KEYS } from '../entities/getgems-nft-sale.entity';
import { JettonWalletEntity } from '../entities/jetton-wallet.entity';
import {
  messageColumns,
  messageContentJoins,
  type MessageRow,
} from '../entities/message-contents.row';
import { MULTISIG_ORDER_DATA_KEYS, MultisigOrderEntity } from '../entities/multisig-order.entity';
import { NFT_ITEM_DATA_KEYS, NftItemEntity } from '../entities/nft-item.entity';
import {
  type EntityRow,
  jsonObject,
  type QueryRow,
  selectAll,
  selectList,
} from '../entities/query-row';
import { TraceEntity } from '../entities/trace.entity';
import { TransactionEntity } from '../entities/transaction.entity';

/*
 * What the decoder reads of stored rows to classify traces: for each table, the properties of its
 * entity, from which both the select list (or json object) and the row type (int8 and numeric as
 * decimal strings) follow.
 */

/** A `traces` row as trace assembly and the classifier read it. */
export type TraceInputRow = EntityRow<TraceEntity>;
/** TraceInputRow's select list. */
export const TRACE_COLUMNS = selectAll(TraceEntity);

const BLOCK_TX_KEYS = [
  'hash',
  'lt',
  'account',
  'now',
  'mcBlockSeqno',
  'blockWorkchain',
  'blockSeqno',
  'origStatus',
  'endStatus',
  'totalFees',
  'descr',
  'aborted',
  'destroyed',
  'isTock',
  'computeSkipped',
  'skippedReason',
  'computeSuccess',
  'computeExitCode',
  'actionSuccess',
] as const;
/** A `transactions` row as the classifier reads it, before it is assigned to a trace. */
type UntracedTxRow = QueryRow<TransactionEntity, (typeof BLOCK_TX_KEYS)[number]>;
/** UntracedTxRow's select list, of `transactions` `alias`. */
const untracedTxColumns = (alias: string): string =>
  selectList(TransactionEntity, BLOCK_TX_KEYS, alias);

/**
 * A transaction of a stored trace as the classifier reads it; trace_id is not null, the rows being
 * read by it.
 */
export type TxInputRow = UntracedTxRow & { trace_id: string };
/** TxInputRow's select list, of `transactions` `alias`. */
export const txInputColumns = (alias: string): string =>
  `${untracedTxColumns(alias)}, ${selectList(TransactionEntity, ['traceId'], alias)}`;

/**
 * A transaction as the decoder reads it once per block: the classifier's columns and the code and
 * data hash of the account state it left (null: no code, or no state).
 */
export type BlockTxRow = UntracedTxRow & QueryRow<AccountStateEntity, 'codeHash' | 'dataHash'>;
/** BlockTxRow's select list, of `transactions` `tx` and the account state it left `state`. */
export const blockTxColumns = (tx: string, state: string): string =>
  `${untracedTxColumns(tx)}, ${selectList(AccountStateEntity, ['codeHash', 'dataHash'], state)}`;

/** A `messages` row with its body and init state, as every reader of messages reads it. */
export type MsgInputRow = MessageRow;
/** MsgInputRow's select list: messages `mm`, their bodies `b` and init states `i`. */
export const MSG_INPUT_COLUMNS = messageColumns('mm', 'b', 'i');
/** The message contents MSG_INPUT_COLUMNS reads, joined to messages `mm`. */
export const MSG_CONTENT_JOINS = messageContentJoins('mm', 'b', 'i');

const JETTON_WALLET_KEYS = ['address', 'balance', 'owner', 'jetton'] as const;
export type JettonWalletInputRow = QueryRow<
  JettonWalletEntity,
  (typeof JETTON_WALLET_KEYS)[number]
>;

/** The item's data, and its code hash (toncenter's `_is_dns_item` reads it). */
const NFT_ITEM_KEYS = [...NFT_ITEM_DATA_KEYS, 'codeHash'] as const;
export type NftItemInputRow = QueryRow<NftItemEntity, (typeof NFT_ITEM_KEYS)[number]>;

const MULTISIG_ORDER_KEYS = MULTISIG_ORDER_DATA_KEYS;
export type MultisigOrderInputRow = QueryRow<
  MultisigOrderEntity,
  (typeof MULTISIG_ORDER_KEYS)[number]
>;

/**
 * What toncenter's sale matchers read of a getgems sale (get_sale_data); its code hash says which
 * version's state-init layout a put-on-sale reads.
 */
const NFT_SALE_KEYS = ['address', 'isComplete', ...NFT_SALE_TERMS_KEYS, 'codeHash'] as const;
export type NftSaleInputRow = QueryRow<GetgemsNftSaleEntity, (typeof NFT_SALE_KEYS)[number]>;

/**
 * What toncenter's auction matchers read of a getgems auction (get_sale_data /
 * get_auction_data_v4); its code hash says which version's state-init layout a put-on-auction reads.
 */
const NFT_AUCTION_KEYS = [
  'address',
  'nftAddr',
  'nftOwner',
  'mpAddr',
  'lastBid',
  'codeHash',
] as const;
export type NftAuctionInputRow = QueryRow<
  GetgemsNftAuctionEntity,
  (typeof NFT_AUCTION_KEYS)[number]
>;

/** What toncenter's DeDust swap matcher reads of a pool: its two assets (null is TON). */
const DEX_POOL_KEYS = ['address', 'asset_1', 'asset_2'] as const;
export type DexPoolInputRow = QueryRow<DexPoolEntity, (typeof DEX_POOL_KEYS)[number]>;

/** A decoded interface row with the lt of the transaction it was read after (newer rows win). */
export type Versioned<R> = R & { last_transaction_lt: string };

/** The json objects of the interface rows, each Versioned (every one of these tables has the lt). */
export const INTERFACE_OBJECTS = {
  jettonWallet: jsonObject(JettonWalletEntity, [...JETTON_WALLET_KEYS, 'lastTransactionLt']),
  nftItem: jsonObject(NftItemEntity, [...NFT_ITEM_KEYS, 'lastTransactionLt']),
  multisigOrder: jsonObject(MultisigOrderEntity, [...MULTISIG_ORDER_KEYS, 'lastTransactionLt']),
  nftSale: jsonObject(GetgemsNftSaleEntity, [...NFT_SALE_KEYS, 'lastTransactionLt']),
  nftAuction: jsonObject(GetgemsNftAuctionEntity, [...NFT_AUCTION_KEYS, 'lastTransactionLt']),
  dexPool: jsonObject(DexPoolEntity, [...DEX_POOL_KEYS, 'lastTransactionLt']),
} as const;
