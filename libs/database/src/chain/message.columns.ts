import { type ParsedMessage } from '@app/ton';
import { type BulkColumn, dec, json } from '../repositories/unnest-insert';

/** A `messages` row: a message in one direction on one transaction (toncenter https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp). */
export interface MessageRow {
  readonly msg: ParsedMessage;
  readonly txHash: string;
  readonly txLt: bigint;
  readonly mcSeqno: number;
}

export const MESSAGE_COLUMNS: readonly BulkColumn<MessageRow>[] = [
  { name: 'tx_hash', type: 'text', value: (r) => r.txHash },
  { name: 'tx_lt', type: 'bigint', value: (r) => dec(r.txLt) },
  { name: 'msg_hash', type: 'text', value: (r) => r.msg.hash },
  { name: 'direction', type: 'text', cast: 'msg_direction', value: (r) => r.msg.direction },
  { name: 'mc_seqno', type: 'integer', value: (r) => r.mcSeqno },
  { name: 'msg_hash_norm', type: 'text', value: (r) => r.msg.hashNorm },
  { name: 'source', type: 'text', value: (r) => r.msg.source },
  { name: 'destination', type: 'text', value: (r) => r.msg.destination },
  { name: 'value', type: 'bigint', value: (r) => dec(r.msg.value) },
  { name: 'value_extra_currencies', type: 'jsonb', value: (r) => json(r.msg.valueExtraCurrencies) },
  { name: 'fwd_fee', type: 'bigint', value: (r) => dec(r.msg.fwdFee) },
  { name: 'ihr_fee', type: 'bigint', value: (r) => dec(r.msg.ihrFee) },
  { name: 'extra_flags', type: 'numeric', value: (r) => dec(r.msg.extraFlags) },
  { name: 'created_lt', type: 'bigint', value: (r) => dec(r.msg.createdLt) },
  { name: 'created_at', type: 'bigint', value: (r) => r.msg.createdAt },
  { name: 'opcode', type: 'integer', value: (r) => r.msg.opcode },
  { name: 'ihr_disabled', type: 'boolean', value: (r) => r.msg.ihrDisabled },
  { name: 'bounce', type: 'boolean', value: (r) => r.msg.bounce },
  { name: 'bounced', type: 'boolean', value: (r) => r.msg.bounced },
  // toncenter stores NULL when import_fee does not fit a bigint
  // (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp).
  { name: 'import_fee', type: 'bigint', value: (r) => dec(fitsInt64(r.msg.importFee)) },
  { name: 'body_hash', type: 'text', value: (r) => r.msg.bodyHash },
  { name: 'init_state_hash', type: 'text', value: (r) => r.msg.initStateHash },
];

const INT64_MAX = (1n << 63n) - 1n;

function fitsInt64(value: bigint | null): bigint | null {
  return value !== null && value <= INT64_MAX ? value : null;
}

/** A `message_contents` row: a body or init state, stored once by cell hash. */
export interface MessageContentRow {
  readonly hash: string;
  readonly body: string;
}

export const MESSAGE_CONTENT_COLUMNS: readonly BulkColumn<MessageContentRow>[] = [
  { name: 'hash', type: 'text', value: (r) => r.hash },
  { name: 'body', type: 'text', value: (r) => r.body },
];
