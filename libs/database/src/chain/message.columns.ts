import { MessageContentEntity } from '../entities/message-content.entity';
import { bulkColumns, ownColumns, type WriteRow } from '../entities/bulk-columns';
import { MessageEntity } from '../entities/message.entity';
import { type ParsedMessage } from '@app/ton';

/** A `messages` row: a message in one direction on one transaction (toncenter https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp). */
export interface MessageRow {
  readonly msg: ParsedMessage;
  readonly txHash: string;
  readonly txLt: bigint;
  readonly mcSeqno: number;
}

export const MESSAGE_COLUMNS = bulkColumns<MessageEntity, MessageRow>(MessageEntity, {
  txHash: (r) => r.txHash,
  txLt: (r) => r.txLt,
  msgHash: (r) => r.msg.hash,
  direction: (r) => r.msg.direction,
  mcSeqno: (r) => r.mcSeqno,
  msgHashNorm: (r) => r.msg.hashNorm,
  source: (r) => r.msg.source,
  destination: (r) => r.msg.destination,
  value: (r) => r.msg.value,
  valueExtraCurrencies: (r) => r.msg.valueExtraCurrencies,
  fwdFee: (r) => r.msg.fwdFee,
  ihrFee: (r) => r.msg.ihrFee,
  extraFlags: (r) => r.msg.extraFlags,
  createdLt: (r) => r.msg.createdLt,
  createdAt: (r) => r.msg.createdAt,
  opcode: (r) => r.msg.opcode,
  ihrDisabled: (r) => r.msg.ihrDisabled,
  bounce: (r) => r.msg.bounce,
  bounced: (r) => r.msg.bounced,
  importFee: (r) => fitsInt64(r.msg.importFee),
  bodyHash: (r) => r.msg.bodyHash,
  initStateHash: (r) => r.msg.initStateHash,
});

const INT64_MAX = (1n << 63n) - 1n;

function fitsInt64(value: bigint | null): bigint | null {
  return value !== null && value <= INT64_MAX ? value : null;
}

const MESSAGE_CONTENT_KEYS = ['hash', 'body'] as const;

/** A `message_contents` row: a body or init state, stored once by cell hash. */
export type MessageContentRow = WriteRow<
  MessageContentEntity,
  (typeof MESSAGE_CONTENT_KEYS)[number]
>;

export const MESSAGE_CONTENT_COLUMNS = ownColumns(MessageContentEntity, MESSAGE_CONTENT_KEYS);
