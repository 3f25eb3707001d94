import { type BulkColumn, dec } from '../repositories/unnest-insert';
import { type MessageRow } from './message.columns';
import { type TransactionRow } from './transaction.columns';

/** A message's hash (or its normalized hash) and the lt of a transaction it belongs to. */
export interface MessageLtRow {
  readonly msgHash: string;
  readonly txLt: bigint;
}

/** `transaction_lts`: a transaction's hash → its lt, the partition key of its rows. */
export const TRANSACTION_LT_COLUMNS: readonly BulkColumn<TransactionRow>[] = [
  { name: 'hash', type: 'text', value: (r) => r.tx.hash },
  { name: 'lt', type: 'bigint', value: (r) => dec(r.tx.lt) },
];

/** `message_lts`: a message hash → the lt of each transaction it is a message of. */
export const MESSAGE_LT_COLUMNS: readonly BulkColumn<MessageLtRow>[] = [
  { name: 'msg_hash', type: 'text', value: (r) => r.msgHash },
  { name: 'tx_lt', type: 'bigint', value: (r) => dec(r.txLt) },
];

/**
 * The `message_lts` rows of `messages`: each hash, and the normalized hash of an external-in message
 * (what /messages and transactionsByMessage also match), once per transaction lt.
 */
export function messageLtRows(messages: readonly MessageRow[]): MessageLtRow[] {
  const rows = new Map<string, MessageLtRow>();
  for (const { msg, txLt } of messages) {
    for (const hash of [msg.hash, msg.hashNorm]) {
      if (hash !== null) {
        rows.set(`${hash}:${txLt.toString()}`, { msgHash: hash, txLt });
      }
    }
  }
  return [...rows.values()];
}
