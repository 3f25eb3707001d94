/**
 * The tiny field-type language of the message-body registry: one value per TL-B field type that
 * message bodies use, so a constructor is data (a name, an opcode, an ordered field list) rather
 * than hand-written parsing code.
 */
export type FieldType =
  /** `uintN` / `(## N)`: N < 53 renders as a number, wider as a decimal string. */
  | { readonly kind: 'uint'; readonly bits: number }
  /** `intN`: as uint, two's complement. */
  | { readonly kind: 'int'; readonly bits: number }
  /** `(VarUInteger n)`, `Coins` = `VarUInteger 16`: a `lenBits`-bit byte length, then the value. */
  | { readonly kind: 'varuint'; readonly lenBits: number }
  /** `MsgAddress`: addr_none → null, internal → raw `wc:HEX`, external → `<bits>;<hex>`. */
  | { readonly kind: 'address' }
  /** `Bool` / `(## 1)` read as a flag. */
  | { readonly kind: 'bool' }
  /** `bitsN`: lower-case hex (N a multiple of 4). */
  | { readonly kind: 'bits'; readonly bits: number }
  /** `^Cell` (also `^MessageRelaxed` and other refs kept whole): base64 BoC. */
  | { readonly kind: 'cell' }
  /** `(Either Cell ^Cell)` payload: null when empty, a decoded body when one fits, else base64 BoC. */
  | { readonly kind: 'payload' }
  /** `SnakeData` text: the bytes of the slice and its first-ref chain, as UTF-8. */
  | { readonly kind: 'text' }
  /** `SnakeData` binary (an encrypted comment): the same bytes as lower-case hex. */
  | { readonly kind: 'bytes' }
  /** A ref taken when one is left (a `Maybe ^Cell` that contracts read as "has a ref"). */
  | { readonly kind: 'opt_ref' }
  | /**
     * A sum type with a `tagBits`-bit tag (`native$0000 = Asset; jetton$0001 … = Asset`): an object with
     * `@type` = the variant's name, then its fields. An unlisted tag fails the parse.
     */
    {
      readonly kind: 'choice';
      readonly tagBits: number;
      readonly variants: Readonly<Record<number, readonly [string, FieldList]>>;
    }
    /** A nested structure, inline (`_ a:A b:B`) or behind a ref (`^[a:A b:B]`). */
  | { readonly kind: 'struct'; readonly ref: boolean; readonly fields: FieldList }
  /** `(Maybe X)`: null or X. */
  | { readonly kind: 'maybe'; readonly of: FieldType }
  /** `x:flag?X`: X when the earlier field `flag` (here or in an enclosing structure) is set, else null. */
  | { readonly kind: 'cond'; readonly flag: string; readonly of: FieldType }
  /** `(HashmapE n X)` kept as its root: `Maybe ^Cell`. */
  | { readonly kind: 'dict' }
  /** Everything left of the current cell (bits and refs), as base64 BoC; null when nothing is left. */
  | { readonly kind: 'rest' }
  /** Everything left except the last `tailBits` bits (which a following field reads). */
  | { readonly kind: 'rest_before'; readonly tailBits: number };

/** Fields in declaration order (object keys keep insertion order; field names are never numeric). */
export type FieldList = Readonly<Record<string, FieldType>>;

export const uint = (bits: number): FieldType => ({ kind: 'uint', bits });
export const int = (bits: number): FieldType => ({ kind: 'int', bits });
export const varUint = (n: number): FieldType => ({
  kind: 'varuint',
  lenBits: Math.ceil(Math.log2(n)),
});
export const bits = (n: number): FieldType => ({ kind: 'bits', bits: n });
export const ref = (fields: FieldList): FieldType => ({ kind: 'struct', ref: true, fields });
export const inline = (fields: FieldList): FieldType => ({ kind: 'struct', ref: false, fields });
export const maybe = (of: FieldType): FieldType => ({ kind: 'maybe', of });
export const when = (flag: string, of: FieldType): FieldType => ({ kind: 'cond', flag, of });
export const restBefore = (tailBits: number): FieldType => ({ kind: 'rest_before', tailBits });
export const choice = (
  tagBits: number,
  variants: Readonly<Record<number, readonly [string, FieldList]>>,
): FieldType => ({ kind: 'choice', tagBits, variants });

export const uint8 = uint(8);
export const uint16 = uint(16);
export const uint32 = uint(32);
export const uint64 = uint(64);
export const uint256 = uint(256);
export const bits256 = bits(256);
export const bits512 = bits(512);
/** `Coins` / `Grams` = `VarUInteger 16`. */
export const coins = varUint(16);
export const address: FieldType = { kind: 'address' };
export const bool: FieldType = { kind: 'bool' };
export const cell: FieldType = { kind: 'cell' };
/** `(Maybe ^Cell)`. */
export const maybeCell = maybe(cell);
export const payload: FieldType = { kind: 'payload' };
export const text: FieldType = { kind: 'text' };
export const bytes: FieldType = { kind: 'bytes' };
export const optRef: FieldType = { kind: 'opt_ref' };
export const dict: FieldType = { kind: 'dict' };
export const rest: FieldType = { kind: 'rest' };
