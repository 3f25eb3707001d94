import { z } from 'zod';

import { B64Hash, Bytes, Int32, Int64Str } from './primitives';
import { ExtraCurrency, InternalTransactionId, TonBlockIdExt } from './tonlib';

/**
 * Transaction and message wire objects of the v2 transactions endpoints (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml),
 * as toncenter 2.1 renders them from tonlib's `raw.transaction` / `raw.message` (tonlib_api.tl).
 */

/** `accountAddress account_address:string`; "" for an external or absent address (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const TxAccountAddress = z
  .object({ '@type': z.literal('accountAddress'), account_address: z.string() })
  .strict();
export type TxAccountAddress = z.infer<typeof TxAccountAddress>;

/**
 * `msg.Data`: tonlib decodes a body starting with op 0 as text, op 0x2167da4b as encrypted text, and
 * anything else as raw (body and init_state BoCs)
 * (https://github.com/toncenter/pytonlib/blob/HEAD/pytonlib/client.py). `text` is the bytes in
 * base64.
 */
export const MsgData = z.discriminatedUnion('@type', [
  z.object({ '@type': z.literal('msg.dataRaw'), body: Bytes, init_state: Bytes }).strict(),
  z.object({ '@type': z.literal('msg.dataText'), text: Bytes }).strict(),
  z.object({ '@type': z.literal('msg.dataDecryptedText'), text: Bytes }).strict(),
  z.object({ '@type': z.literal('msg.dataEncryptedText'), text: Bytes }).strict(),
]);
export type MsgData = z.infer<typeof MsgData>;

/** What `raw.message` and `ext.message` share after their source and destination, in wire order. */
const messageFields = {
  value: Int64Str,
  extra_currencies: z.array(ExtraCurrency),
  fwd_fee: Int64Str,
  ihr_fee: Int64Str,
  created_lt: Int64Str,
  body_hash: B64Hash,
  msg_data: MsgData,
};

/** tonlib `raw.message` with its `accountAddress` objects (getBlockTransactionsExt, getTransactionsStd). */
export const RawMessage = z
  .object({
    '@type': z.literal('raw.message'),
    hash: B64Hash,
    source: TxAccountAddress,
    destination: TxAccountAddress,
    ...messageFields,
  })
  .strict();
export type RawMessage = z.infer<typeof RawMessage>;

/**
 * 2.1 getTransactions message (`ext.message`): source/destination flattened to friendly bounceable
 * url-safe strings ("" for external), plus `message`: the text, or the base64 of the body's root data
 * bits followed by "\n"
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 */
export const ExtMessage = z
  .object({
    '@type': z.literal('ext.message'),
    hash: B64Hash,
    source: z.string(),
    destination: z.string(),
    ...messageFields,
    message: z.string(),
  })
  .strict();
export type ExtMessage = z.infer<typeof ExtMessage>;

/** A raw address `wc:HEX` with uppercase hex, as 2.1 writes `account` of transactions (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
const UpperRawAddress = z.string().regex(/^-?\d{1,10}:[0-9A-F]{64}$/);

const transactionFields = {
  utime: Int32,
  /** The Transaction BoC; its root hash is `transaction_id.hash`. */
  data: Bytes,
  transaction_id: InternalTransactionId,
  /** total_fees + Σ out-message forward fees (tonlib). */
  fee: Int64Str,
  storage_fee: Int64Str,
  other_fee: Int64Str,
};

/** 2.1 getTransactions item (`ext.transaction`); `in_msg` is absent, never null, on tick-tock. */
export const ExtTransaction = z
  .object({
    '@type': z.literal('ext.transaction'),
    address: TxAccountAddress,
    account: UpperRawAddress,
    ...transactionFields,
    in_msg: ExtMessage.optional(),
    out_msgs: z.array(ExtMessage),
  })
  .strict();
export type ExtTransaction = z.infer<typeof ExtTransaction>;

/** tonlib `raw.transaction` (getTransactionsStd items). */
export const RawTransaction = z
  .object({
    '@type': z.literal('raw.transaction'),
    address: TxAccountAddress,
    ...transactionFields,
    in_msg: RawMessage.optional(),
    out_msgs: z.array(RawMessage),
  })
  .strict();
export type RawTransaction = z.infer<typeof RawTransaction>;

/** getBlockTransactionsExt item: `raw.transaction` with the appended raw `account` (2.1 uppercase). */
export const RawTransactionWithAccount = RawTransaction.extend({ account: UpperRawAddress });
export type RawTransactionWithAccount = z.infer<typeof RawTransactionWithAccount>;

/** `raw.transactions transactions:vector<raw.transaction> previous_transaction_id` (getTransactionsStd). */
export const RawTransactions = z
  .object({
    '@type': z.literal('raw.transactions'),
    transactions: z.array(RawTransaction),
    previous_transaction_id: InternalTransactionId,
  })
  .strict();
export type RawTransactions = z.infer<typeof RawTransactions>;

/** `blocks.shortTxId mode:# account:bytes lt:int64 hash:bytes`; toncenter writes `account` as `wc:hex`. */
export const BlocksShortTxId = z
  .object({
    '@type': z.literal('blocks.shortTxId'),
    mode: Int32,
    account: z.string().regex(/^-?\d{1,10}:[0-9a-f]{64}$/),
    lt: Int64Str,
    hash: B64Hash,
  })
  .strict();
export type BlocksShortTxId = z.infer<typeof BlocksShortTxId>;

/** What `blocks.transactions` and `blocks.transactionsExt` share: the block and how far the listing got. */
const blockTransactionsPage = {
  id: TonBlockIdExt,
  req_count: Int32,
  incomplete: z.boolean(),
};

/** `blocks.transactions id req_count incomplete transactions:vector<blocks.shortTxId>` (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const BlocksTransactions = z
  .object({
    '@type': z.literal('blocks.transactions'),
    ...blockTransactionsPage,
    transactions: z.array(BlocksShortTxId),
  })
  .strict();
export type BlocksTransactions = z.infer<typeof BlocksTransactions>;

/** `blocks.transactionsExt id req_count incomplete transactions:vector<raw.transaction>` (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const BlocksTransactionsExt = z
  .object({
    '@type': z.literal('blocks.transactionsExt'),
    ...blockTransactionsPage,
    transactions: z.array(RawTransactionWithAccount),
  })
  .strict();
export type BlocksTransactionsExt = z.infer<typeof BlocksTransactionsExt>;
