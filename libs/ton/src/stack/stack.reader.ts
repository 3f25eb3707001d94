import { Cell, type TupleItem } from '@ton/core';
import { StackInputError } from './stack-input.error';

const INT257_MIN = -(1n << 256n);
const INT257_MAX = (1n << 256n) - 1n;

function invalid(message: string): StackInputError {
  return new StackInputError('invalid', message);
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function inRange(value: bigint, text: string): bigint {
  if (value < INT257_MIN || value > INT257_MAX) {
    throw invalid(`Invalid number: ${text}`);
  }
  return value;
}

/**
 * A legacy number: a JSON integer, or a string in decimal or `0x` hex with an optional minus
 * (toncenter 2.0 reads `int(str(v), 0)`; 2.1 any int256 string). TVM integers are 257-bit.
 */
function readNumber(value: unknown): bigint {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) {
      throw invalid(`Invalid number: ${String(value)}`);
    }
    return BigInt(value);
  }
  if (typeof value !== 'string') {
    throw invalid('Wrong type of number in stack entry');
  }
  const match = /^(-?)(?:0[xX]([0-9a-fA-F]+)|(\d+))$/.exec(value.trim());
  if (!match) {
    throw invalid(`Invalid number: ${value}`);
  }
  const magnitude = match[2] !== undefined ? BigInt(`0x${match[2]}`) : BigInt(match[3] ?? '');
  return inRange(match[1] === '-' ? -magnitude : magnitude, value);
}

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** A one-root BoC in base64 or base64url; undefined when it is not one. */
function readBoc(text: string): Cell | undefined {
  if (!BASE64.test(text)) {
    return undefined;
  }
  try {
    const roots = Cell.fromBoc(Buffer.from(text, 'base64'));
    return roots.length === 1 ? roots[0] : undefined;
  } catch {
    return undefined;
  }
}

/** `tvm.Cell` / `tvm.Slice` / `tvm.Builder`: a base64 BoC string. */
function readBocString(value: unknown, type: string): Cell {
  if (value === '') {
    throw invalid(`Empty ${type}`);
  }
  const cell = typeof value === 'string' ? readBoc(value) : undefined;
  if (!cell) {
    throw invalid(`Invalid ${type}, base64 string expected`);
  }
  return cell;
}

/** `cell` / `slice` (2.1): the output form `{"bytes": "<b64 BoC>"}`. */
function readBocObject(value: unknown, type: string): Cell {
  const bytes = isRecord(value) ? value.bytes : undefined;
  if (bytes === '') {
    throw invalid(`Empty ${type}`);
  }
  const cell = typeof bytes === 'string' ? readBoc(bytes) : undefined;
  if (!cell) {
    throw invalid(`Invalid ${type}, object with field bytes expected`);
  }
  return cell;
}

/** A TVM list from its elements: `(a, (b, (c, null)))`. */
function toList(items: readonly TupleItem[]): TupleItem {
  let list: TupleItem = { type: 'null' };
  for (let i = items.length - 1; i >= 0; i--) {
    const head = items[i];
    if (head !== undefined) {
      list = { type: 'tuple', items: [head, list] };
    }
  }
  return list;
}

function readElements(value: unknown): TupleItem[] | undefined {
  if (!isRecord(value) || !Array.isArray(value.elements)) {
    return undefined;
  }
  return value.elements.map(readTonlibStackEntry);
}

/**
 * One typed tonlib entry (runGetMethodStd input; tuple/list elements of the legacy form):
 * `tvm.stackEntryNumber{number{number}}`, `tvm.stackEntryCell{cell{bytes}}`,
 * `tvm.stackEntrySlice{slice{bytes}}`, `tvm.stackEntryTuple{tuple{elements}}`,
 * `tvm.stackEntryList{list{elements}}`; the bare `tvm.numberDecimal`/`tvm.cell`/`tvm.slice`/
 * `tvm.tuple`/`tvm.list` objects are read too (@ton/ton parses those in results).
 */
export function readTonlibStackEntry(entry: unknown): TupleItem {
  if (!isRecord(entry) || typeof entry['@type'] !== 'string') {
    throw invalid('Invalid stack entry, object with field @type expected');
  }
  const type = entry['@type'];
  switch (type) {
    case 'tvm.stackEntryNumber':
      return readTonlibStackEntry(entry.number);
    case 'tvm.numberDecimal':
      if (typeof entry.number !== 'string' || !/^-?\d+$/.test(entry.number)) {
        throw invalid(`Invalid number: ${String(entry.number)}`);
      }
      return { type: 'int', value: inRange(BigInt(entry.number), entry.number) };
    case 'tvm.stackEntryCell':
      return readTonlibStackEntry(entry.cell);
    case 'tvm.cell':
      return { type: 'cell', cell: readBocObject(entry, 'tvm.cell') };
    case 'tvm.stackEntrySlice':
      return readTonlibStackEntry(entry.slice);
    case 'tvm.slice':
      return { type: 'slice', cell: readBocObject(entry, 'tvm.slice') };
    case 'tvm.stackEntryTuple':
      return readTonlibStackEntry(entry.tuple);
    case 'tvm.stackEntryList':
      return readTonlibStackEntry(entry.list);
    case 'tvm.tuple':
    case 'tvm.list': {
      const items = readElements(entry);
      if (!items) {
        throw invalid(`Invalid ${type}, field elements expected`);
      }
      return type === 'tvm.tuple' ? { type: 'tuple', items } : toList(items);
    }
    default:
      throw new StackInputError('unsupported', `Unsupported stack entry type: ${type}`);
  }
}

/** `tuple`/`tvm.Tuple` and `list`/`tvm.List` values: a tonlib tuple or list object (2.1). */
function readCollection(value: unknown, kind: 'Tuple' | 'List'): TupleItem {
  const message =
    kind === 'Tuple'
      ? 'Invalid tvm.Tuple, valid tvm_stackEntryTuple expected'
      : 'Invalid tvm.List, valid tvm_stackEntryList expected';
  let items: TupleItem[] | undefined;
  try {
    items = readElements(isRecord(value) && isRecord(value.tuple) ? value.tuple : value);
    items ??= readElements(isRecord(value) && isRecord(value.list) ? value.list : undefined);
  } catch (error) {
    if (error instanceof StackInputError && error.kind === 'unsupported') {
      throw error;
    }
    throw invalid(message);
  }
  if (!items) {
    throw invalid(message);
  }
  return kind === 'Tuple' ? { type: 'tuple', items } : toList(items);
}

/** One `[type, value]` entry of the legacy runGetMethod stack (toncenter-v2.md §15.5, input side). */
export function readLegacyStackEntry(entry: unknown): TupleItem {
  if (!Array.isArray(entry) || entry.length !== 2) {
    throw invalid(
      `Expected 2 elements in stack entry, got: ${Array.isArray(entry) ? entry.length : 1}`,
    );
  }
  const items: readonly unknown[] = entry;
  const [type, value] = items;
  if (typeof type !== 'string') {
    throw invalid('Expected string as first element in stack entry');
  }
  switch (type) {
    case 'num':
    case 'number':
    case 'int':
    case 'integer':
      return { type: 'int', value: readNumber(value) };
    case 'tvm.Cell':
      return { type: 'cell', cell: readBocString(value, 'tvm.Cell') };
    case 'tvm.Slice':
      return { type: 'slice', cell: readBocString(value, 'tvm.Slice') };
    case 'tvm.Builder':
      // Neither upstream accepts it, but @ton/ton sends builders this way; a builder's content is a
      // cell, which is what the get-method receives from FunC callers in practice.
      return { type: 'cell', cell: readBocString(value, 'tvm.Builder') };
    case 'cell':
      return { type: 'cell', cell: readBocObject(value, 'cell') };
    case 'slice':
      return { type: 'slice', cell: readBocObject(value, 'slice') };
    case 'tuple':
    case 'tvm.Tuple':
      return readCollection(value, 'Tuple');
    case 'list':
    case 'tvm.List':
      return readCollection(value, 'List');
    default:
      throw new StackInputError('unsupported', `Unsupported stack entry type: ${type}`);
  }
}

/** The legacy stack (a JSON array of entries) as TVM values, bottom first. */
export function readLegacyStack(entries: readonly unknown[]): TupleItem[] {
  return entries.map(readLegacyStackEntry);
}

/** runGetMethodStd's typed stack as TVM values. */
export function readTonlibStack(entries: readonly unknown[]): TupleItem[] {
  return entries.map(readTonlibStackEntry);
}
