import { type V3Message } from '@app/contracts';
import { type MessageRow } from '@app/database';
import { decodedInitState, decodedMessageBody, decodedOpcodeName } from '@app/ton';
import { opcodeHex } from '../wire/wire-format';

/**
 * A `messages` row as the v3 Message (§11.3), with `decoded_opcode` and the decoded body and init
 * state from the TL-B registry of libs/ton (computed here from the row: no extra query).
 */
export function toV3Message(m: MessageRow): V3Message {
  const out: V3Message = {
    hash: m.msg_hash,
    source: m.source,
    destination: m.destination,
    value: m.value,
    value_extra_currencies: m.value_extra_currencies,
    fwd_fee: m.fwd_fee,
    ihr_fee: m.ihr_fee,
    extra_flags: m.extra_flags,
    created_lt: m.created_lt,
    created_at: m.created_at,
    opcode: opcodeHex(m.opcode),
    decoded_opcode: decodedOpcodeName(m.opcode),
    ihr_disabled: m.ihr_disabled,
    bounce: m.bounce,
    bounced: m.bounced,
    import_fee: m.import_fee,
    // null only when the body row is missing (§11.3).
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
