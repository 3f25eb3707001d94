import { type FieldList } from './field-type';

/**
 * One TL-B constructor of a message body: its name (snake_case, as toncenter's ton-marker registry
 * names them), its 32-bit opcode (null for prefix-less types such as `StateInit` or a wallet v3/v4
 * signed body, decoded only when asked for by name) and its fields after the opcode. The field list
 * keeps its literal type, so `loadFields` infers what a body of this constructor loads to.
 */
export interface TlbConstructor<F extends FieldList = FieldList> {
  readonly name: string;
  readonly opcode: number | null;
  readonly fields: F;
}

/** A constructor with a 32-bit tag (stored unsigned). */
export interface TaggedConstructor<F extends FieldList = FieldList> extends TlbConstructor<F> {
  readonly opcode: number;
}

/** A constructor with a 32-bit tag (stored unsigned). */
export function tlb<const F extends FieldList>(
  name: string,
  opcode: number,
  fields: F,
): TaggedConstructor<F> {
  return { name, opcode: opcode >>> 0, fields };
}

/** A constructor without a tag: never chosen by opcode, only by name. */
export function untagged<const F extends FieldList>(name: string, fields: F): TlbConstructor<F> {
  return { name, opcode: null, fields };
}
