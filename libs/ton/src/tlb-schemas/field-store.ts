import { Address, beginCell, type Builder, Cell, ExternalAddress } from '@ton/core';

import { type LoadedFields, type LoadedObject, type LoadedValue } from './field-load';
import { type FieldList, type FieldType } from './field-type';
import { type TlbConstructor } from './tlb-constructor';

function fail(t: FieldType, value: LoadedValue): never {
  throw new Error(`cannot store ${typeof value} as ${t.kind}`);
}

function integer(t: FieldType, value: LoadedValue): number | bigint {
  return typeof value === 'number' || typeof value === 'bigint' ? value : fail(t, value);
}

function cellOrNull(t: FieldType, value: LoadedValue): Cell | null {
  return value === null || value instanceof Cell ? value : fail(t, value);
}

function buffer(t: FieldType, value: LoadedValue): Buffer {
  return Buffer.isBuffer(value) ? value : fail(t, value);
}

function object(t: FieldType, value: LoadedValue): LoadedObject {
  return typeof value === 'object' &&
    value !== null &&
    !(value instanceof Cell) &&
    !Buffer.isBuffer(value)
    ? value
    : fail(t, value);
}

/** The inverse of the loader's address: raw `wc:HEX`, `"<bits>;<hex>"` (addr_extern) or null. */
function storeAddress(b: Builder, value: string | null): void {
  if (value === null) {
    b.storeAddress(null);
    return;
  }
  const extern = /^(\d+);([0-9a-f]+)$/.exec(value);
  if (extern !== null) {
    b.storeAddress(new ExternalAddress(BigInt(`0x${extern[2] ?? '0'}`), Number(extern[1])));
    return;
  }
  b.storeAddress(Address.parseRaw(value));
}

/** SnakeData: as many bytes as fit here, the rest in a chain through the first ref. */
function storeSnake(b: Builder, data: Buffer): void {
  const here = Math.min(data.length, Math.floor(b.availableBits / 8));
  b.storeBuffer(data.subarray(0, here));
  if (here < data.length) {
    const next = beginCell();
    storeSnake(next, data.subarray(here));
    b.storeRef(next);
  }
}

function storeField(t: FieldType, value: LoadedValue, b: Builder): void {
  switch (t.kind) {
    case 'uint':
      b.storeUint(integer(t, value), t.bits);
      return;
    case 'int':
      b.storeInt(integer(t, value), t.bits);
      return;
    case 'varuint':
      b.storeVarUint(integer(t, value), t.lenBits);
      return;
    case 'address':
      storeAddress(b, typeof value === 'string' || value === null ? value : fail(t, value));
      return;
    case 'bool':
      b.storeBit(typeof value === 'boolean' ? value : fail(t, value));
      return;
    case 'bits':
      b.storeBuffer(buffer(t, value), t.bits / 8);
      return;
    case 'bytes':
      storeSnake(b, buffer(t, value));
      return;
    case 'text':
      storeSnake(b, Buffer.from(typeof value === 'string' ? value : fail(t, value), 'utf8'));
      return;
    case 'cell':
      b.storeRef(value instanceof Cell ? value : fail(t, value));
      return;
    case 'payload':
      // a cell as a ref (`right$1 ^X`), none as an empty `left$0` (the Either's tag is not
      // optional): the same bits as `storeMaybeRef`, and the load reads either form back
      b.storeMaybeRef(cellOrNull(t, value));
      return;
    case 'opt_ref': {
      const c = cellOrNull(t, value);
      if (c !== null) {
        b.storeRef(c);
      }
      return;
    }
    case 'dict':
      b.storeMaybeRef(cellOrNull(t, value));
      return;
    case 'rest':
    case 'rest_before': {
      const c = cellOrNull(t, value);
      if (c !== null) {
        b.storeSlice(c.beginParse());
      }
      return;
    }
    case 'choice': {
      const v = object(t, value);
      const entry = Object.entries(t.variants).find(([, [name]]) => name === v['@type']);
      if (entry === undefined) {
        return fail(t, value);
      }
      b.storeUint(Number(entry[0]), t.tagBits);
      storeFieldsIn(entry[1][1], v, b);
      return;
    }
    case 'struct':
      if (t.ref) {
        const inner = beginCell();
        storeFieldsIn(t.fields, object(t, value), inner);
        b.storeRef(inner);
      } else {
        storeFieldsIn(t.fields, object(t, value), b);
      }
      return;
    case 'maybe':
      b.storeBit(value !== null);
      if (value !== null) {
        storeField(t.of, value, b);
      }
      return;
    case 'cond':
      // present exactly when the flag (an earlier field) says so; the caller sets both
      if (value !== null) {
        storeField(t.of, value, b);
      }
      return;
  }
}

function storeFieldsIn(fields: FieldList, values: LoadedObject, b: Builder): void {
  for (const [name, t] of Object.entries(fields)) {
    storeField(t, values[name] ?? null, b);
  }
}

/**
 * Builds a body of constructor `k`: its 32-bit opcode (when it has one), then `values` in field
 * order. The inverse of `loadFields`: loading the cell gives `values` back.
 */
export function storeFields<F extends FieldList>(
  k: TlbConstructor<F>,
  values: LoadedFields<F>,
): Cell {
  const b = beginCell();
  if (k.opcode !== null) {
    b.storeUint(k.opcode, 32);
  }
  // LoadedFields<F> is a LoadedObject; widening it directly makes TypeScript expand the whole type
  const untyped: object = values;
  storeFieldsIn(k.fields, untyped as LoadedObject, b);
  return b.endCell();
}
