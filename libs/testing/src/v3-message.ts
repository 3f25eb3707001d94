import { type V3Message } from '@app/contracts';

/**
 * A v3 message named by its hash and addresses, every other field null (an external in has no value):
 * what the specs' small traces need of a message, in the wire shape the contracts check.
 */
export function v3Message(
  fields: Pick<V3Message, 'hash' | 'source' | 'destination'> & Partial<V3Message>,
): V3Message {
  const { hash, source, destination, ...rest } = fields;
  const external = source === null;
  // Keys in the contract's order (hash, source, destination first): specs compare serialised frames.
  return {
    hash,
    source,
    destination,
    value: external ? null : '1000',
    value_extra_currencies: external ? null : {},
    fwd_fee: null,
    ihr_fee: null,
    extra_flags: null,
    created_lt: null,
    created_at: null,
    opcode: null,
    decoded_opcode: null,
    ihr_disabled: null,
    bounce: null,
    bounced: null,
    import_fee: null,
    message_content: null,
    init_state: null,
    ...rest,
  };
}
