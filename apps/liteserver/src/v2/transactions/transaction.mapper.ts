import {
  type ExtTransaction,
  type RawTransaction,
  type RawTransactionWithAccount,
} from '@app/contracts';
import {
  Address,
  type Cell,
  Dictionary,
  loadTransaction,
  type Message,
  type Transaction,
} from '@ton/core';
import { cellToBase64 } from '../tonlib.mapper';
import {
  friendly,
  type MessageParts,
  readMessage,
  toExtMessage,
  toRawMessage,
} from './message.mapper';

/**
 * A Transaction cell read once; both renderings (2.1 `ext.transaction`, tonlib `raw.transaction`) use
 * it. Only plain values are kept, no cells: parts are cached (a parsed @ton/core cell holds about
 * 1.5 KB of heap, a transaction dozens of them) and the BoC itself is in `data`.
 */
export interface TransactionParts {
  readonly address: Address;
  readonly lt: bigint;
  /** The transaction's `now`: `utime`. */
  readonly now: number;
  /** prev_trans_lt / prev_trans_hash: where the account's history continues. */
  readonly prevLt: bigint;
  readonly prevHash: Buffer;
  /** total_fees in nanotons. */
  readonly totalFees: bigint;
  readonly hash: Buffer;
  readonly data: string;
  readonly fee: bigint;
  readonly storageFee: bigint;
  readonly inMsg: MessageParts | undefined;
  readonly outMsgs: readonly MessageParts[];
}

/** A 256-bit hash held as a bigint (@ton/core's prevTransactionHash) → 32 bytes. */
export function hashBytes(hash: bigint): Buffer {
  return Buffer.from(hash.toString(16).padStart(64, '0'), 'hex');
}

/** A message of a transaction: its cell (for the exact hash) and its fields as loadTransaction read them. */
interface TxMessage {
  readonly cell: Cell;
  readonly message: Message;
}

/**
 * The message cells of a transaction, read from the cell itself so their hashes are exact, paired
 * with the messages loadTransaction has already parsed (parsing them again cost a fifth of reading
 * a transaction): transaction$0111 … ^[ in_msg:(Maybe ^(Message Any)) out_msgs:(HashmapE 15
 * ^(Message Any)) ] … The ^[…] cell is the transaction's first reference (block.tlb).
 */
function messagesOf(
  txCell: Cell,
  tx: Transaction,
): { inMsg: TxMessage | null; outMsgs: TxMessage[] } {
  const messages = txCell.refs[0];
  if (!messages) {
    throw new Error('a transaction cell without its messages reference');
  }
  const slice = messages.beginParse();
  const inCell = slice.loadMaybeRef();
  const out = slice.loadDict(Dictionary.Keys.Uint(15), Dictionary.Values.Cell());
  const outMsgs = out
    .keys()
    .sort((a, b) => a - b)
    .flatMap((key) => {
      const cell = out.get(key);
      const message = tx.outMessages.get(key);
      return cell && message ? [{ cell, message }] : [];
    });
  return {
    inMsg: inCell && tx.inMessage ? { cell: inCell, message: tx.inMessage } : null,
    outMsgs,
  };
}

/** storage_ph:TrStoragePhase of the descriptions that have one (block.tlb trans_ord, trans_tick_tock…). */
function storageFees(tx: Transaction): bigint {
  const d = tx.description;
  switch (d.type) {
    case 'generic':
    case 'storage':
    case 'tick-tock':
    case 'split-prepare':
    case 'merge-prepare':
    case 'merge-install':
      return d.storagePhase?.storageFeesCollected ?? 0n;
    case 'split-install':
      return 0n;
  }
}

/**
 * Reads a Transaction cell of `workchain` (the cell holds only the 256-bit account id). tonlib's fees:
 * `fee` = total_fees + the forward fees of the outbound messages, `storage_fee` = the storage phase's
 * collected fees, `other_fee` = fee − storage_fee
 * (https://github.com/toncenter/pytonlib/blob/HEAD/pytonlib/client.py).
 */
export function readTransaction(cell: Cell, workchain: number): TransactionParts {
  const tx = loadTransaction(cell.beginParse());
  const { inMsg, outMsgs } = messagesOf(cell, tx);
  const outParts = outMsgs.map((m) => readMessage(m.cell, m.message));
  const fee = outParts.reduce((sum, m) => sum + m.fwdFee, tx.totalFees.coins);
  return {
    address: new Address(workchain, hashBytes(tx.address)),
    lt: tx.lt,
    now: tx.now,
    prevLt: tx.prevTransactionLt,
    prevHash: hashBytes(tx.prevTransactionHash),
    totalFees: tx.totalFees.coins,
    hash: cell.hash(),
    data: cellToBase64(cell),
    fee,
    storageFee: storageFees(tx),
    inMsg: inMsg ? readMessage(inMsg.cell, inMsg.message) : undefined,
    outMsgs: outParts,
  };
}

function common(parts: TransactionParts) {
  return {
    utime: parts.now,
    data: parts.data,
    transaction_id: {
      '@type': 'internal.transactionId' as const,
      lt: parts.lt.toString(),
      hash: parts.hash.toString('base64'),
    },
    fee: parts.fee.toString(),
    storage_fee: parts.storageFee.toString(),
    other_fee: (parts.fee - parts.storageFee).toString(),
  };
}

/** `wc:HEX` with uppercase hex: 2.1's `account` of transactions (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export function upperRaw(address: Address): string {
  return `${address.workChain}:${address.hash.toString('hex').toUpperCase()}`;
}

/** 2.1 getTransactions / tryLocate* item (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml); `in_msg` is left out, not null, when absent. */
export function toExtTransaction(parts: TransactionParts): ExtTransaction {
  const inMsg = parts.inMsg ? { in_msg: toExtMessage(parts.inMsg) } : {};
  return {
    '@type': 'ext.transaction',
    address: { '@type': 'accountAddress', account_address: friendly(parts.address) },
    account: upperRaw(parts.address),
    ...common(parts),
    ...inMsg,
    out_msgs: parts.outMsgs.map(toExtMessage),
  };
}

/** tonlib `raw.transaction` (getTransactionsStd). */
export function toRawTransaction(parts: TransactionParts): RawTransaction {
  const inMsg = parts.inMsg ? { in_msg: toRawMessage(parts.inMsg) } : {};
  return {
    '@type': 'raw.transaction',
    address: { '@type': 'accountAddress', account_address: friendly(parts.address) },
    ...common(parts),
    ...inMsg,
    out_msgs: parts.outMsgs.map(toRawMessage),
  };
}

/** getBlockTransactionsExt item: `raw.transaction` plus the appended uppercase raw `account` (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export function toBlockTransactionExt(parts: TransactionParts): RawTransactionWithAccount {
  return { ...toRawTransaction(parts), account: upperRaw(parts.address) };
}
