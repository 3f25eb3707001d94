import { MessageEntity } from './message.entity';
import { type QueryRow, selectList } from './query-row';

/** The columns a message is read with, wherever it is read (the v3 API and the decoder alike). */
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

/** MessageRow's select list: messages `m`, their bodies `b` and init states `i` (messageContentJoins). */
export function messageColumns(m: string, b: string, i: string): string {
  return `${selectList(MessageEntity, MESSAGE_KEYS, m)},
  ${b}.body AS body, ${i}.body AS init_state`;
}

/** The message contents messageColumns reads, joined to messages `m` as `b` and `i`. */
export function messageContentJoins(m: string, b: string, i: string): string {
  return `LEFT JOIN message_contents ${b} ON ${b}.hash = ${m}.body_hash
       LEFT JOIN message_contents ${i} ON ${i}.hash = ${m}.init_state_hash`;
}
