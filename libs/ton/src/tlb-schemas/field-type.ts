/**
 * The tiny field-type language of the message-body registry: one value per TL-B field type that
 * message bodies use, so a constructor is data (a name, an opcode, an ordered field list) rather
 * than hand-written parsing code. Each type keeps its literal parameters (a width, nested fields)
 * so `field-load.ts` can infer what loading it gives.
 */

/** `uintN` / `(## N)`: loads a number up to 32 bits, a bigint wider; JSON: a number below 53 bits, else a decimal string. */
export interface UintType<N extends number = number> {
  readonly kind: 'uint';
  readonly bits: N;
}
/** `intN`: as uint, two's complement. */
export interface IntType<N extends number = number> {
  readonly kind: 'int';
  readonly bits: N;
}
/** `(VarUInteger n)`, `Coins` = `VarUInteger 16`: a `lenBits`-bit byte length, then the value. */
export interface VarUintType {
  readonly kind: 'varuint';
  readonly lenBits: number;
}
/** `MsgAddress`: addr_none → null, internal → raw `wc:HEX`, external → `<bits>;<hex>`. */
export interface AddressType {
  readonly kind: 'address';
}
/** `Bool` / `(## 1)` read as a flag. */
export interface BoolType {
  readonly kind: 'bool';
}
/** `bitsN`: loads N/8 bytes; JSON: lower-case hex (N a multiple of 8). */
export interface BitsType {
  readonly kind: 'bits';
  readonly bits: number;
}
/** `^Cell` (also `^MessageRelaxed` and other refs kept whole): base64 BoC. */
export interface CellType {
  readonly kind: 'cell';
}
/** `(Either Cell ^Cell)` payload: null when empty, a decoded body when one fits, else base64 BoC. */
export interface PayloadType {
  readonly kind: 'payload';
}
/** `SnakeData` text: the bytes of the slice and its first-ref chain, as UTF-8. */
export interface TextType {
  readonly kind: 'text';
}
/** `SnakeData` binary (an encrypted comment): the same bytes as lower-case hex. */
export interface BytesType {
  readonly kind: 'bytes';
}
/** A ref taken when one is left (a `Maybe ^Cell` that contracts read as "has a ref"). */
export interface OptRefType {
  readonly kind: 'opt_ref';
}
/** The variants of a sum type by tag: the variant's name and its fields. */
export type Variants = Readonly<Record<number, readonly [string, FieldList]>>;
/**
 * A sum type with a `tagBits`-bit tag (`native$0000 = Asset; jetton$0001 … = Asset`): an object with
 * `@type` = the variant's name, then its fields. An unlisted tag fails the parse.
 */
export interface ChoiceType<V extends Variants = Variants> {
  readonly kind: 'choice';
  readonly tagBits: number;
  readonly variants: V;
}
/** A nested structure, inline (`_ a:A b:B`) or behind a ref (`^[a:A b:B]`). */
export interface StructType<F extends FieldList = FieldList> {
  readonly kind: 'struct';
  readonly ref: boolean;
  readonly fields: F;
}
/** `(Maybe X)`: null or X. */
export interface MaybeType<T extends FieldType = FieldType> {
  readonly kind: 'maybe';
  readonly of: T;
}
/** `x:flag?X`: X when the earlier field `flag` (here or in an enclosing structure) is set, else null. */
export interface CondType<T extends FieldType = FieldType> {
  readonly kind: 'cond';
  readonly flag: string;
  readonly of: T;
}
/** `(HashmapE n X)` kept as its root: `Maybe ^Cell`. */
export interface DictType {
  readonly kind: 'dict';
}
/** Everything left of the current cell (bits and refs), as base64 BoC; null when nothing is left. */
export interface RestType {
  readonly kind: 'rest';
}
/** Everything left except the last `tailBits` bits (which a following field reads). */
export interface RestBeforeType {
  readonly kind: 'rest_before';
  readonly tailBits: number;
}

export type FieldType =
  | UintType
  | IntType
  | VarUintType
  | AddressType
  | BoolType
  | BitsType
  | CellType
  | PayloadType
  | TextType
  | BytesType
  | OptRefType
  | ChoiceType
  | StructType
  | MaybeType
  | CondType
  | DictType
  | RestType
  | RestBeforeType;

/** Fields in declaration order (object keys keep insertion order; field names are never numeric). */
export type FieldList = Readonly<Record<string, FieldType>>;

export const uint = <N extends number>(bits: N): UintType<N> => ({ kind: 'uint', bits });
export const int = <N extends number>(bits: N): IntType<N> => ({ kind: 'int', bits });
export const varUint = (n: number): VarUintType => ({
  kind: 'varuint',
  lenBits: Math.ceil(Math.log2(n)),
});
export const bits = (n: number): BitsType => {
  if (n % 8 !== 0) {
    throw new Error(`bits(${String(n)}): only whole bytes are modelled`);
  }
  return { kind: 'bits', bits: n };
};
export const ref = <const F extends FieldList>(fields: F): StructType<F> => ({
  kind: 'struct',
  ref: true,
  fields,
});
export const inline = <const F extends FieldList>(fields: F): StructType<F> => ({
  kind: 'struct',
  ref: false,
  fields,
});
export const maybe = <T extends FieldType>(of: T): MaybeType<T> => ({ kind: 'maybe', of });
export const when = <T extends FieldType>(flag: string, of: T): CondType<T> => ({
  kind: 'cond',
  flag,
  of,
});
export const restBefore = (tailBits: number): RestBeforeType => ({ kind: 'rest_before', tailBits });
export const choice = <const V extends Variants>(tagBits: number, variants: V): ChoiceType<V> => ({
  kind: 'choice',
  tagBits,
  variants,
});

export const uint8 = uint(8);
export const uint16 = uint(16);
export const uint32 = uint(32);
export const uint64 = uint(64);
export const uint256 = uint(256);
export const bits256 = bits(256);
export const bits512 = bits(512);
/** `Coins` / `Grams` = `VarUInteger 16`. */
export const coins = varUint(16);
export const address: AddressType = { kind: 'address' };
export const bool: BoolType = { kind: 'bool' };
export const cell: CellType = { kind: 'cell' };
/** `(Maybe ^Cell)`. */
export const maybeCell = maybe(cell);
export const payload: PayloadType = { kind: 'payload' };
export const text: TextType = { kind: 'text' };
export const bytes: BytesType = { kind: 'bytes' };
export const optRef: OptRefType = { kind: 'opt_ref' };
export const dict: DictType = { kind: 'dict' };
export const rest: RestType = { kind: 'rest' };
