import { type Cell, ExternalAddress, type Slice, beginCell } from '@ton/core';

import { type FieldList, type FieldType } from './field-type';
import { type TlbConstructor } from './tlb-constructor';
import { type TlbRegistry } from './tlb-registry';

/** A decoded field value: JSON as is (64-bit and wider numbers are decimal strings). */
export type DecodedValue = string | number | boolean | null | DecodedObject;
export interface DecodedObject {
  readonly [field: string]: DecodedValue;
}
/** A decoded body: `@type` (the constructor name) first, then its fields in declaration order. */
export type DecodedBody = DecodedObject & { readonly '@type': string };
/** What `decodeBody` answers for a body it cannot decode (toncenter's `{"error": "unknown: …"}`). */
export interface DecodeError {
  readonly error: string;
}
export type DecodeResult = DecodedBody | DecodeError;

export function isDecodeError(r: DecodeResult): r is DecodeError {
  return typeof (r as Partial<DecodeError>).error === 'string' && !('@type' in r);
}

/**
 * Bounded work: a body is a tree of at most 2^13 cells on chain, but the decode endpoint takes any
 * BoC, so reads stop after `MAX_CELLS` refs and `MAX_DEPTH` nested structures or payloads.
 */
const MAX_CELLS = 512;
const MAX_DEPTH = 8;
/** A payload is decoded as a body at most this deep (payload in payload in …). */
const MAX_PAYLOAD_DEPTH = 3;

class DecodeContext {
  cells = 0;
  /** Set when a structure left bits or refs unread: a looser match than one that reads everything. */
  leftover = false;

  constructor(
    readonly registry: TlbRegistry,
    readonly payloadDepth: number,
  ) {}

  enter(): void {
    this.cells += 1;
    if (this.cells > MAX_CELLS) {
      throw new Error(`more than ${String(MAX_CELLS)} cells`);
    }
  }
}

/** `"<bits>;<hex>"`: an addr_extern as pytoniq prints it (toncenter renders it so elsewhere). */
function externalAddress(a: ExternalAddress): string {
  return `${String(a.bits)};${a.value.toString(16)}`;
}

function readAddress(s: Slice): string | null {
  const a = s.loadAddressAny();
  if (a === null) {
    return null;
  }
  if (a instanceof ExternalAddress) {
    return externalAddress(a);
  }
  return `${String(a.workChain)}:${a.hash.toString('hex').toUpperCase()}`;
}

/** A base64 BoC with CRC32C, the form toncenter uses for bodies and payloads (https://github.com/ton-blockchain/ton/blob/HEAD/validator/impl/liteserver.cpp). */
export function cellToBoc(c: Cell): string {
  return c.toBoc({ idx: false, crc32: true }).toString('base64');
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
function readSnake(s: Slice, ctx: DecodeContext): Buffer {
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

function readNumber(value: bigint, width: number): string | number {
  return width < 53 ? Number(value) : value.toString();
}

/** An `(Either Cell ^Cell)` payload: decoded when a registered body reads it whole. */
function readPayload(s: Slice, ctx: DecodeContext): DecodedValue {
  if (s.remainingBits === 0 && s.remainingRefs === 0) {
    return null;
  }
  let c: Cell | null;
  if (s.loadBit()) {
    ctx.enter();
    c = s.loadRef();
  } else {
    c = restCell(s, s.remainingBits);
  }
  if (c === null) {
    return null;
  }
  if (ctx.payloadDepth < MAX_PAYLOAD_DEPTH) {
    const nested = decodeStrict(c, ctx.registry, ctx.payloadDepth + 1);
    if (nested !== undefined) {
      return nested;
    }
  }
  return cellToBoc(c);
}

/** The fields read so far, innermost structure first (for `x:flag?X` conditions). */
type Scope = readonly Readonly<Record<string, DecodedValue>>[];

function flagIsSet(scope: Scope, name: string): boolean {
  for (const fields of scope) {
    if (name in fields) {
      const flag = fields[name];
      return flag === true || (typeof flag === 'number' && flag !== 0);
    }
  }
  throw new Error(`condition on unknown field ${name}`);
}

function readField(
  t: FieldType,
  s: Slice,
  ctx: DecodeContext,
  depth: number,
  scope: Scope,
): DecodedValue {
  switch (t.kind) {
    case 'uint':
      return readNumber(s.loadUintBig(t.bits), t.bits);
    case 'int':
      return readNumber(s.loadIntBig(t.bits), t.bits);
    case 'varuint': {
      const len = s.loadUint(t.lenBits);
      return len === 0 ? '0' : s.loadUintBig(len * 8).toString();
    }
    case 'address':
      return readAddress(s);
    case 'bool':
      return s.loadBit();
    case 'bits':
      return s
        .loadUintBig(t.bits)
        .toString(16)
        .padStart(t.bits / 4, '0');
    case 'cell':
      ctx.enter();
      return cellToBoc(s.loadRef());
    case 'payload':
      return readPayload(s, ctx);
    case 'text':
      // Invalid UTF-8 becomes U+FFFD rather than failing the whole body.
      return new TextDecoder('utf-8').decode(readSnake(s, ctx));
    case 'bytes':
      return readSnake(s, ctx).toString('hex');
    case 'opt_ref':
      if (s.remainingRefs === 0) {
        return null;
      }
      ctx.enter();
      return cellToBoc(s.loadRef());
    case 'choice': {
      const tag = s.loadUint(t.tagBits);
      const variant = t.variants[tag];
      if (variant === undefined) {
        throw new Error(`unknown tag ${String(tag)}`);
      }
      return { '@type': variant[0], ...readFields(variant[1], s, ctx, depth + 1, scope) };
    }
    case 'struct':
      if (depth >= MAX_DEPTH) {
        throw new Error(`structures nested deeper than ${String(MAX_DEPTH)}`);
      }
      if (t.ref) {
        ctx.enter();
        const inner = s.loadRef().beginParse();
        const value = readFields(t.fields, inner, ctx, depth + 1, scope);
        noteLeftover(inner, ctx);
        return value;
      }
      return readFields(t.fields, s, ctx, depth + 1, scope);
    case 'maybe':
      return s.loadBit() ? readField(t.of, s, ctx, depth, scope) : null;
    case 'cond':
      return flagIsSet(scope, t.flag) ? readField(t.of, s, ctx, depth, scope) : null;
    case 'dict':
      if (!s.loadBit()) {
        return null;
      }
      ctx.enter();
      return cellToBoc(s.loadRef());
    case 'rest': {
      const c = restCell(s, s.remainingBits);
      return c === null ? null : cellToBoc(c);
    }
    case 'rest_before': {
      if (s.remainingBits < t.tailBits) {
        throw new Error(`fewer than ${String(t.tailBits)} bits left`);
      }
      const c = restCell(s, s.remainingBits - t.tailBits);
      return c === null ? null : cellToBoc(c);
    }
  }
}

function readFields(
  fields: FieldList,
  s: Slice,
  ctx: DecodeContext,
  depth: number,
  outer: Scope = [],
): Record<string, DecodedValue> {
  const out: Record<string, DecodedValue> = {};
  const scope = [out, ...outer];
  for (const [name, t] of Object.entries(fields)) {
    out[name] = readField(t, s, ctx, depth, scope);
  }
  return out;
}

function noteLeftover(s: Slice, ctx: DecodeContext): void {
  if (s.remainingBits > 0 || s.remainingRefs > 0) {
    ctx.leftover = true;
  }
}

interface Attempt {
  readonly body: DecodedBody;
  readonly complete: boolean;
}

/** Reads `c` (its opcode already checked) as `k`; throws when the bits do not fit. */
function attempt(c: Cell, k: TlbConstructor, registry: TlbRegistry, payloadDepth: number): Attempt {
  const ctx = new DecodeContext(registry, payloadDepth);
  const s = c.beginParse();
  if (k.opcode !== null) {
    s.skip(32);
  }
  const fields = readFields(k.fields, s, ctx, 0);
  noteLeftover(s, ctx);
  return { body: { '@type': k.name, ...fields }, complete: !ctx.leftover };
}

/** A payload decoded only when some constructor reads it whole (else it stays a BoC). */
function decodeStrict(
  c: Cell,
  registry: TlbRegistry,
  payloadDepth: number,
): DecodedBody | undefined {
  if (c.isExotic || c.bits.length < 32) {
    return undefined;
  }
  const op = c.beginParse().preloadUint(32);
  for (const k of registry.candidates(op)) {
    try {
      const a = attempt(c, k, registry, payloadDepth);
      if (a.complete) {
        return a.body;
      }
    } catch {
      // not this constructor
    }
  }
  return undefined;
}

function hex32(op: number): string {
  return `0x${(op >>> 0).toString(16).padStart(8, '0')}`;
}

/** The name of an opcode (unsigned or signed 32-bit), `'unknown'` when no constructor has it. */
export function decodeOpcodeWith(registry: TlbRegistry, opcode: number): string {
  return registry.nameOf(opcode) ?? 'unknown';
}

/**
 * Decodes a message body by its opcode: the first constructor that reads the whole body wins, else
 * the first that reads without running out of bits (trailing data is tolerated, as contracts append
 * fields the schema does not list); none → `{error: "unknown: …"}`.
 */
export function decodeBodyWith(registry: TlbRegistry, c: Cell): DecodeResult {
  if (c.isExotic) {
    return { error: 'unknown: exotic cell' };
  }
  if (c.bits.length < 32) {
    return { error: 'unknown: body shorter than 32 bits' };
  }
  const op = c.beginParse().preloadUint(32);
  const candidates = registry.candidates(op);
  if (candidates.length === 0) {
    return { error: `unknown: opcode ${hex32(op)}` };
  }
  let loose: DecodedBody | undefined;
  let firstError = '';
  for (const k of candidates) {
    try {
      const a = attempt(c, k, registry, 0);
      if (a.complete) {
        return a.body;
      }
      loose ??= a.body;
    } catch (e: unknown) {
      firstError ||= `${k.name}: ${e instanceof Error ? e.message : String(e)}`;
    }
  }
  return loose ?? { error: `unknown: ${hex32(op)} does not parse as ${firstError}` };
}

/** Decodes a cell as the named constructor (prefix-less types such as `state_init`). */
export function decodeBodyAsWith(registry: TlbRegistry, c: Cell, name: string): DecodeResult {
  const k = registry.named(name);
  if (k === undefined) {
    return { error: `unknown: no constructor ${name}` };
  }
  if (c.isExotic) {
    return { error: 'unknown: exotic cell' };
  }
  if (k.opcode !== null && (c.bits.length < 32 || c.beginParse().preloadUint(32) !== k.opcode)) {
    return { error: `unknown: not a ${name}` };
  }
  try {
    return attempt(c, k, registry, 0).body;
  } catch (e: unknown) {
    return { error: `unknown: ${name}: ${e instanceof Error ? e.message : String(e)}` };
  }
}
