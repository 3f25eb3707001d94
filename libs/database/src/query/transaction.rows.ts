import { type AccountStateEntity } from '../entities/account-state.entity';
import { messageColumns, type MessageRow } from '../entities/message-contents.row';
import { type EntityRow } from '../entities/query-row';
import { type TransactionEntity } from '../entities/transaction.entity';

/** A `transactions` row as PostgreSQL returns it (int8 as decimal strings, enums as text). */
export type TransactionRow = EntityRow<TransactionEntity>;

export { type MessageRow } from '../entities/message-contents.row';

/** MessageRow's select list: messages `M`, their bodies `B` and init states `I`. */
export const MESSAGE_COLUMNS = messageColumns('M', 'B', 'I');

/** An `account_states` row. */
export type AccountStateRow = EntityRow<AccountStateEntity>;

/** A transaction with what the v3 Transaction embeds. */
export interface TransactionBundle {
  readonly tx: TransactionRow;
  readonly inMsg: MessageRow | null;
  /** Sorted by created_lt ascending (nulls first), as ton-index-go sorts them. */
  readonly outMsgs: MessageRow[];
  readonly stateBefore: AccountStateRow | null;
  readonly stateAfter: AccountStateRow | null;
}

/** Each transaction with its in-message, out-messages (by created_lt) and account states. */
export function bundleTransactions(
  rows: readonly TransactionRow[],
  messages: readonly MessageRow[],
  states: readonly AccountStateRow[],
): TransactionBundle[] {
  const stateByHash = new Map(states.map((s) => [s.hash, s]));
  const inByTx = new Map<string, MessageRow>();
  const outByTx = new Map<string, MessageRow[]>();
  for (const m of messages) {
    const key = `${m.tx_hash}:${m.tx_lt}`;
    if (m.direction === 'in') {
      inByTx.set(key, m);
    } else {
      const list = outByTx.get(key) ?? [];
      list.push(m);
      outByTx.set(key, list);
    }
  }
  return rows.map((tx) => {
    const key = `${tx.hash}:${tx.lt}`;
    return {
      tx,
      inMsg: inByTx.get(key) ?? null,
      outMsgs: (outByTx.get(key) ?? []).sort(byCreatedLt),
      stateBefore: stateByHash.get(tx.account_state_hash_before) ?? null,
      stateAfter: stateByHash.get(tx.account_state_hash_after) ?? null,
    };
  });
}

function byCreatedLt(a: MessageRow, b: MessageRow): number {
  if (a.created_lt === null) {
    return b.created_lt === null ? 0 : -1;
  }
  if (b.created_lt === null) {
    return 1;
  }
  const x = BigInt(a.created_lt);
  const y = BigInt(b.created_lt);
  return x < y ? -1 : x > y ? 1 : 0;
}
