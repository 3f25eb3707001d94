import { type Cell, ExternalAddress, type Slice, beginCell } from '@ton/core';

import {
  type ChoiceType,
  type CondType,
  type FieldList,
  type FieldType,
  type IntType,
  type MaybeType,
  type StructType,
  type UintType,
  type Variants,
} from './field-type';
import { type TlbConstructor } from './tlb-constructor';

/**
 * Widths that load as a JS number: below 53 bits `Slice.loadUint` is exact (the JSON rule of the
 * decoder draws the same line); wider integers load as bigint.
 */
// prettier-ignore
type Narrow =
  | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20 | 21 | 22
  | 23 | 24 | 25 | 26 | 27 | 28 | 29 | 30 | 31 | 32 | 33 | 34 | 35 | 36 | 37 | 38 | 39 | 40 | 41 | 42
  | 43 | 44 | 45 | 46 | 47 | 48 | 49 | 50 | 51 | 52;
const NARROW_BITS = 52;

type Integer<N extends number> = number extends N
  ? number | bigint
  : N extends Narrow
    ? number
    : bigint;

/** The value loading a field of type `T` gives. */
// prettier-ignore
export type Loaded<T extends FieldType> =
  T extends UintType<infer N> ? Integer<N>
  : T extends IntType<infer N> ? Integer<N>
  : T extends { readonly kind: 'varuint' } ? bigint
  : T extends { readonly kind: 'address' } ? string | null
  : T extends { readonly kind: 'bool' } ? boolean
  : T extends { readonly kind: 'bits' } ? Buffer
  : T extends { readonly kind: 'cell' } ? Cell
  : T extends { readonly kind: 'text' } ? string
  : T extends { readonly kind: 'bytes' } ? Buffer
  : T extends ChoiceType<infer V> ? LoadedVariant<V>
  : T extends StructType<infer F> ? LoadedFields<F>
  : T extends MaybeType<infer U> ? Loaded<U> | null
  : T extends CondType<infer U> ? Loaded<U> | null
  : // payload, opt_ref, dict, rest, rest_before: a cell or nothing
    Cell | null;

/** A loaded structure: one value per field, in declaration order. */
export type LoadedFields<F extends FieldList> = { -readonly [K in keyof F]: Loaded<F[K]> };

/** A loaded sum type: the variant's name under `@type`, then its fields. */
export type LoadedVariant<V extends Variants> = {
  [K in keyof V]: V[K] extends readonly [infer Name, infer F extends FieldList]
    ? { '@type': Name } & LoadedFields<F>
    : never;
}[keyof V];

/** Any loaded value (what the JSON renderer walks). */
export type LoadedValue = number | bigint | string | boolean | null | Cell | Buffer | LoadedObject;
/** A loaded structure or variant, by field name. */
export interface LoadedObject {
  readonly [field: string]: LoadedValue;
}

/**
 * Bounded work: a body is a tree of at most 2^13 cells on chain, but the decode endpoint takes any
 * BoC, so reads stop after `MAX_CELLS` refs and `MAX_DEPTH` nested structures.
 */
const MAX_CELLS = 512;
const MAX_DEPTH = 8;

/** What a load needs besides the slice: its budget, the address policy, and whether bits were left. */
export class LoadContext {
  private cells = 0;
  /** Set when a structure left bits or refs unread: a looser match than one that reads everything. */
  leftover = false;

  /**
   * `externalAddresses`: `'render'` keeps an addr_extern as `"<bits>;<hex>"` (pytoniq's print, which
   * toncenter's decoded bodies show); `'reject'` throws, as an account is expected (toncenter's
   * AccountId refuses an external address, so the classifier's reads fail on one).
   */
  constructor(readonly externalAddresses: 'render' | 'reject') {}

  enter(): void {
    this.cells += 1;
    if (this.cells > MAX_CELLS) {
      throw new Error(`more than ${String(MAX_CELLS)} cells`);
    }
  }

  noteLeftover(s: Slice): void {
    if (s.remainingBits > 0 || s.remainingRefs > 0) {
      this.leftover = true;
    }
  }
}

function loadAddress(s: Slice, ctx: LoadContext): string | null {
  const a = s.loadAddressAny();
  if (a === null) {
    return null;
  }
  if (a instanceof ExternalAddress) {
    if (ctx.externalAddresses === 'reject') {
      throw new Error('external address where an account was expected');
    }
    return `${String(a.bits)};${a.value.toString(16)}`;
  }
  return `${String(a.workChain)}:${a.hash.toString('hex').toUpperCase()}`;
}

function restCell(s: Slice, bitsToKeep: number): Cell | null {
  if (bitsToKeep === 0 && s.remainingRefs === 0) {
    return null;
  }
  const b = beginCell().storeBits(s.loadBits(bitsToKeep));
  while (s.remainingRefs > 0) {
    b.storeRef(s.loadRef());
  }
  return b.endCell();
}

/** SnakeData: byte-aligned chunks along the first-ref chain. */
function loadSnake(s: Slice, ctx: LoadContext): Buffer {
  const parts: Buffer[] = [];
  let cur: Slice | null = s;
  while (cur !== null) {
    if (cur.remainingBits % 8 !== 0) {
      throw new Error('text is not byte-aligned');
    }
    parts.push(cur.loadBuffer(cur.remainingBits / 8));
    if (cur.remainingRefs > 1) {
      throw new Error('text cell with more than one ref');
    }
    if (cur.remainingRefs === 1) {
      ctx.enter();
      cur = cur.loadRef().beginParse();
    } else {
      cur = null;
    }
  }
  return Buffer.concat(parts);
}

/** An `(Either Cell ^Cell)` payload: the cell it holds, null when the slice is empty. */
function loadPayload(s: Slice, ctx: LoadContext): Cell | null {
  if (s.remainingBits === 0 && s.remainingRefs === 0) {
    return null;
  }
  if (s.loadBit()) {
    ctx.enter();
    return s.loadRef();
  }
  return restCell(s, s.remainingBits);
}

/** The fields read so far, innermost structure first (for `x:flag?X` conditions). */
type Scope = readonly Readonly<Record<string, LoadedValue>>[];

function flagIsSet(scope: Scope, name: string): boolean {
  for (const fields of scope) {
    if (name in fields) {
      const flag = fields[name];
      return flag === true || (typeof flag === 'number' && flag !== 0);
    }
  }
  throw new Error(`condition on unknown field ${name}`);
}

function loadInteger(s: Slice, width: number, signed: boolean): number | bigint {
  if (width <= NARROW_BITS) {
    return signed ? s.loadInt(width) : s.loadUint(width);
  }
  return signed ? s.loadIntBig(width) : s.loadUintBig(width);
}

function loadField(
  t: FieldType,
  s: Slice,
  ctx: LoadContext,
  depth: number,
  scope: Scope,
): LoadedValue {
  switch (t.kind) {
    case 'uint':
      return loadInteger(s, t.bits, false);
    case 'int':
      return loadInteger(s, t.bits, true);
    case 'varuint': {
      const len = s.loadUint(t.lenBits);
      return len === 0 ? 0n : s.loadUintBig(len * 8);
    }
    case 'address':
      return loadAddress(s, ctx);
    case 'bool':
      return s.loadBit();
    case 'bits':
      return s.loadBuffer(t.bits / 8);
    case 'cell':
      ctx.enter();
      return s.loadRef();
    case 'payload':
      return loadPayload(s, ctx);
    case 'text':
      // Invalid UTF-8 becomes U+FFFD rather than failing the whole body.
      return new TextDecoder('utf-8').decode(loadSnake(s, ctx));
    case 'bytes':
      return loadSnake(s, ctx);
    case 'opt_ref':
      if (s.remainingRefs === 0) {
        return null;
      }
      ctx.enter();
      return s.loadRef();
    case 'choice': {
      const tag = s.loadUint(t.tagBits);
      const variant = t.variants[tag];
      if (variant === undefined) {
        throw new Error(`unknown tag ${String(tag)}`);
      }
      return { '@type': variant[0], ...loadFieldsIn(variant[1], s, ctx, depth + 1, scope) };
    }
    case 'struct':
      if (depth >= MAX_DEPTH) {
        throw new Error(`structures nested deeper than ${String(MAX_DEPTH)}`);
      }
      if (t.ref) {
        ctx.enter();
        const inner = s.loadRef().beginParse();
        const value = loadFieldsIn(t.fields, inner, ctx, depth + 1, scope);
        ctx.noteLeftover(inner);
        return value;
      }
      return loadFieldsIn(t.fields, s, ctx, depth + 1, scope);
    case 'maybe':
      return s.loadBit() ? loadField(t.of, s, ctx, depth, scope) : null;
    case 'cond':
      return flagIsSet(scope, t.flag) ? loadField(t.of, s, ctx, depth, scope) : null;
    case 'dict':
      if (!s.loadBit()) {
        return null;
      }
      ctx.enter();
      return s.loadRef();
    case 'rest':
      return restCell(s, s.remainingBits);
    case 'rest_before':
      if (s.remainingBits < t.tailBits) {
        throw new Error(`fewer than ${String(t.tailBits)} bits left`);
      }
      return restCell(s, s.remainingBits - t.tailBits);
  }
}

/** Loads `fields` in order from `s` (the untyped core of `loadFields`). */
export function loadFieldsIn(
  fields: FieldList,
  s: Slice,
  ctx: LoadContext,
  depth = 0,
  outer: Scope = [],
): Record<string, LoadedValue> {
  const out: Record<string, LoadedValue> = {};
  const scope = [out, ...outer];
  for (const [name, t] of Object.entries(fields)) {
    out[name] = loadField(t, s, ctx, depth, scope);
  }
  return out;
}

/**
 * Reads a body of constructor `k` from `s`: checks and skips its 32-bit opcode (when it has one),
 * then loads its fields. Throws when the body holds another opcode or runs out of bits; bits left
 * after the last field are tolerated (contracts append fields a layout does not list). An external
 * address where the layout has `MsgAddress` throws, as the classifier reads addresses as accounts.
 */
export function loadFields<F extends FieldList>(k: TlbConstructor<F>, s: Slice): LoadedFields<F> {
  skipOpcode(k, s);
  // The result has exactly the declared fields, each loaded by its declared type.
  return loadFieldsIn(k.fields, s, new LoadContext('reject')) as LoadedFields<F>;
}

function skipOpcode(k: TlbConstructor, s: Slice): void {
  if (k.opcode !== null) {
    const op = s.loadUint(32);
    if (op !== k.opcode) {
      throw new Error(`opcode 0x${op.toString(16)} is not ${k.name}`);
    }
  }
}

/**
 * `loadFields` that stops once every field in `names` is loaded (with the fields before them), and
 * leaves `s` positioned after the last: for readers that take the rest of a body looser than its
 * layout (toncenter reads a jetton transfer's forward payload only when bits are left).
 */
export function loadLeadingFields<F extends FieldList, K extends keyof F & string>(
  k: TlbConstructor<F>,
  s: Slice,
  names: readonly K[],
): Pick<LoadedFields<F>, K> {
  skipOpcode(k, s);
  const wanted = new Set<string>(names);
  const leading: Record<string, FieldType> = {};
  for (const [name, t] of Object.entries(k.fields)) {
    if (wanted.size === 0) {
      break;
    }
    leading[name] = t;
    wanted.delete(name);
  }
  // Every field in `names` is among the loaded leading fields, each by its declared type.
  return loadFieldsIn(leading, s, new LoadContext('reject')) as LoadedFields<F>;
}

/** `loadFields` over a whole body cell. */
export function loadBody<F extends FieldList>(k: TlbConstructor<F>, body: Cell): LoadedFields<F> {
  return loadFields(k, body.beginParse());
}
