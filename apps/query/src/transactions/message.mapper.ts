import { type V3Message } from '@app/contracts';
import { type MessageRow } from '@app/database';
import { opcodeHex } from '../wire/wire-format';

/**
 * A `messages` row as the v3 Message (§11.3). `decoded` and `decoded_opcode` stay null until the
 * TL-B registry of the decode endpoint exists.
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
    decoded_opcode: null,
    ihr_disabled: m.ihr_disabled,
    bounce: m.bounce,
    bounced: m.bounced,
    import_fee: m.import_fee,
    // null only when the body row is missing (§11.3).
    message_content: m.body === null ? null : { hash: m.body_hash, body: m.body, decoded: null },
    init_state:
      m.init_state_hash === null
        ? null
        : { hash: m.init_state_hash, body: m.init_state, decoded: null },
  };
  if (m.msg_hash_norm !== null && m.msg_hash_norm !== m.msg_hash) {
    out.hash_norm = m.msg_hash_norm;
  }
  return out;
}
