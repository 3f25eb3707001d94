import { Cell } from '@ton/core';

import { type LoadedObject, type LoadedValue, LoadContext, loadFieldsIn } from './field-load';
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

/** A payload is decoded as a body at most this deep (payload in payload in …). */
const MAX_PAYLOAD_DEPTH = 3;

/** A base64 BoC with CRC32C, the form toncenter uses for bodies and payloads (https://github.com/ton-blockchain/ton/blob/HEAD/validator/impl/liteserver.cpp). */
export function cellToBoc(c: Cell): string {
  return c.toBoc({ idx: false, crc32: true }).toString('base64');
}

function renderNumber(value: number | bigint, width: number): string | number {
  return width < 53 ? Number(value) : value.toString();
}

/** A cell-or-nothing value (`cell`, `opt_ref`, `dict`, `rest`, `rest_before`) as BoC or null. */
function renderCell(value: LoadedValue): string | null {
  return value instanceof Cell ? cellToBoc(value) : null;
}

/** An `(Either Cell ^Cell)` payload: decoded when a registered body reads it whole. */
function renderPayload(
  value: LoadedValue,
  registry: TlbRegistry,
  payloadDepth: number,
): DecodedValue {
  if (!(value instanceof Cell)) {
    return null;
  }
  if (payloadDepth < MAX_PAYLOAD_DEPTH) {
    const nested = decodeStrict(value, registry, payloadDepth + 1);
    if (nested !== undefined) {
      return nested;
    }
  }
  return cellToBoc(value);
}

function isObject(value: LoadedValue): value is LoadedObject {
  return (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof Cell) &&
    !Buffer.isBuffer(value)
  );
}

/** The JSON of a value loaded as type `t` (see the README's field-type table). */
function renderField(
  t: FieldType,
  value: LoadedValue,
  registry: TlbRegistry,
  payloadDepth: number,
): DecodedValue {
  if (value === null) {
    return null;
  }
  switch (t.kind) {
    case 'uint':
    case 'int':
      return typeof value === 'number' || typeof value === 'bigint'
        ? renderNumber(value, t.bits)
        : null;
    case 'varuint':
      return typeof value === 'bigint' ? value.toString() : null;
    case 'address':
    case 'text':
      return typeof value === 'string' ? value : null;
    case 'bool':
      return value === true;
    case 'bits':
    case 'bytes':
      return Buffer.isBuffer(value) ? value.toString('hex') : null;
    case 'payload':
      return renderPayload(value, registry, payloadDepth);
    case 'choice': {
      if (!isObject(value)) {
        return null;
      }
      const name = value['@type'];
      const variant = Object.values(t.variants).find(([n]) => n === name);
      return variant === undefined
        ? null
        : { '@type': variant[0], ...renderFields(variant[1], value, registry, payloadDepth) };
    }
    case 'struct':
      return isObject(value) ? renderFields(t.fields, value, registry, payloadDepth) : null;
    case 'maybe':
    case 'cond':
      return renderField(t.of, value, registry, payloadDepth);
    case 'cell':
    case 'opt_ref':
    case 'dict':
    case 'rest':
    case 'rest_before':
      return renderCell(value);
  }
}

/** The JSON of loaded `fields`, in declaration order. */
function renderFields(
  fields: FieldList,
  values: LoadedObject,
  registry: TlbRegistry,
  payloadDepth: number,
): Record<string, DecodedValue> {
  const out: Record<string, DecodedValue> = {};
  for (const [name, t] of Object.entries(fields)) {
    out[name] = renderField(t, values[name] ?? null, registry, payloadDepth);
  }
  return out;
}

interface Attempt {
  readonly body: DecodedBody;
  readonly complete: boolean;
  /** What the constructor left of the body's root cell: its refs first (a ref holds up to 1,023 bits). */
  readonly unread: number;
}

/** Reads `c` (its opcode already checked) as `k`; throws when the bits do not fit. */
function attempt(c: Cell, k: TlbConstructor, registry: TlbRegistry, payloadDepth: number): Attempt {
  const ctx = new LoadContext('render');
  const s = c.beginParse();
  if (k.opcode !== null) {
    s.skip(32);
  }
  const values = loadFieldsIn(k.fields, s, ctx);
  ctx.noteLeftover(s);
  const fields = renderFields(k.fields, values, registry, payloadDepth);
  return {
    body: { '@type': k.name, ...fields },
    complete: !ctx.leftover,
    unread: s.remainingRefs * 1024 + s.remainingBits,
  };
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
 * the one that reads the most of it without running out of bits (trailing data is tolerated, as
 * contracts append fields the schema does not list; of several constructors sharing an opcode the
 * shorter layout must not hide what a longer one reads), the first of equals; none →
 * `{error: "unknown: …"}`.
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
  let loose: Attempt | undefined;
  let firstError = '';
  for (const k of candidates) {
    try {
      const a = attempt(c, k, registry, 0);
      if (a.complete) {
        return a.body;
      }
      if (loose === undefined || a.unread < loose.unread) {
        loose = a;
      }
    } catch (e: unknown) {
      firstError ||= `${k.name}: ${e instanceof Error ? e.message : String(e)}`;
    }
  }
  return loose?.body ?? { error: `unknown: ${hex32(op)} does not parse as ${firstError}` };
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
