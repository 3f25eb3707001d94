import { type V3Message } from '@app/contracts';
import {
  decodedInitState,
  decodedMessageBody,
  decodedOpcodeName,
  type ParsedMessage,
} from '@app/ton';
import { dec, type Int8 } from './columns';
import { snakeCased } from './snake-cased';

/**
 * A `messages` row with its body and init state from `message_contents` (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp):
 * what the query service reads, and what the sender has for an emulated message (libs/ton's ParsedMessage,
 * snake-cased, under the column names of its hash, body and init state).
 */
export interface MessageColumns {
  readonly msg_hash: string;
  readonly msg_hash_norm: string | null;
  readonly source: string | null;
  readonly destination: string | null;
  readonly value: Int8 | null;
  readonly value_extra_currencies: Readonly<Record<string, string>> | null;
  readonly fwd_fee: Int8 | null;
  readonly ihr_fee: Int8 | null;
  readonly extra_flags: Int8 | null;
  readonly created_lt: Int8 | null;
  /** An int8 column (a string from PostgreSQL); libs/ton has the uint32 as a number. */
  readonly created_at: string | number | null;
  readonly opcode: number | null;
  readonly ihr_disabled: boolean | null;
  readonly bounce: boolean | null;
  readonly bounced: boolean | null;
  readonly import_fee: Int8 | null;
  readonly body_hash: string;
  /** null only when the `message_contents` row is missing. */
  readonly body: string | null;
  readonly init_state_hash: string | null;
  readonly init_state: string | null;
}

/** A message libs/ton parsed as these columns: its fields snake-cased, hash and contents renamed. */
export function parsedMessageColumns(m: ParsedMessage): MessageColumns {
  return {
    ...snakeCased(m),
    msg_hash: m.hash,
    msg_hash_norm: m.hashNorm,
    body: m.bodyBoc,
    init_state: m.initStateBoc,
  };
}

/** A signed int32 (or its uint32) → `"0x0f8a7ea5"`; `-1` → `"0xffffffff"` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). */
function opcodeHex(opcode: number | string | null): string | null {
  if (opcode === null) {
    return null;
  }
  const n = BigInt.asUintN(32, BigInt(opcode));
  return `0x${n.toString(16).padStart(8, '0')}`;
}

/**
 * A message as the v3 Message
 * (https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models), with
 * `decoded_opcode` and the decoded body and init state from the TL-B registry of libs/ton (computed
 * from the columns: no extra query). `hash_norm` only when it differs from the hash (TEP-467
 * normalisation of external-in messages).
 */
export function toV3Message(m: MessageColumns): V3Message {
  const out: V3Message = {
    hash: m.msg_hash,
    source: m.source,
    destination: m.destination,
    value: dec(m.value),
    value_extra_currencies: m.value_extra_currencies,
    fwd_fee: dec(m.fwd_fee),
    ihr_fee: dec(m.ihr_fee),
    extra_flags: dec(m.extra_flags),
    created_lt: dec(m.created_lt),
    created_at: m.created_at === null ? null : String(m.created_at),
    opcode: opcodeHex(m.opcode),
    decoded_opcode: decodedOpcodeName(m.opcode),
    ihr_disabled: m.ihr_disabled,
    bounce: m.bounce,
    bounced: m.bounced,
    import_fee: dec(m.import_fee),
    // null only when the body row is missing
    // (https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models).
    message_content:
      m.body === null
        ? null
        : { hash: m.body_hash, body: m.body, decoded: decodedMessageBody(m.body, m.opcode) },
    init_state:
      m.init_state_hash === null
        ? null
        : {
            hash: m.init_state_hash,
            body: m.init_state,
            decoded: decodedInitState(m.init_state),
          },
  };
  if (m.msg_hash_norm !== null && m.msg_hash_norm !== m.msg_hash) {
    out.hash_norm = m.msg_hash_norm;
  }
  return out;
}
