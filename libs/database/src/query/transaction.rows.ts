import { type AccountStateEntity } from '../entities/account-state.entity';
import { MessageEntity } from '../entities/message.entity';
import { type EntityRow, type QueryRow, selectList } from '../entities/query-row';
import { type TransactionEntity } from '../entities/transaction.entity';

/** A `transactions` row as PostgreSQL returns it (int8 as decimal strings, enums as text). */
export type TransactionRow = EntityRow<TransactionEntity>;

const MESSAGE_KEYS = [
  'txHash',
  'txLt',
  'msgHash',
  'direction',
  'msgHashNorm',
  'source',
  'destination',
  'value',
  'valueExtraCurrencies',
  'fwdFee',
  'ihrFee',
  'extraFlags',
  'createdLt',
  'createdAt',
  'opcode',
  'ihrDisabled',
  'bounce',
  'bounced',
  'importFee',
  'bodyHash',
  'initStateHash',
] as const;

/** A `messages` row with its body and init state from `message_contents` (null when missing). */
export type MessageRow = QueryRow<MessageEntity, (typeof MESSAGE_KEYS)[number]> & {
  body: string | null;
  init_state: string | null;
};

/** MessageRow's select list: messages `M`, their bodies `B` and init states `I`. */
export const MESSAGE_COLUMNS = `${selectList(MessageEntity, MESSAGE_KEYS, 'M')},
  B.body AS body, I.body AS init_state`;

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
