import { type FieldList } from './field-type';

/**
 * One TL-B constructor of a message body: its name (snake_case, as toncenter's ton-marker registry
 * names them), its 32-bit opcode (null for prefix-less types such as `StateInit` or a wallet v3/v4
 * signed body, decoded only when asked for by name) and its fields after the opcode.
 */
export interface TlbConstructor {
  readonly name: string;
  readonly opcode: number | null;
  readonly fields: FieldList;
}

/** A constructor with a 32-bit tag (stored unsigned). */
export function tlb(name: string, opcode: number, fields: FieldList = {}): TlbConstructor {
  return { name, opcode: opcode >>> 0, fields };
}

/** A constructor without a tag: never chosen by opcode, only by name. */
export function untagged(name: string, fields: FieldList): TlbConstructor {
  return { name, opcode: null, fields };
}
