import { type Cell, type TupleItem } from '@ton/core';
import { BocShapeError } from '../boc/boc-shape';
import { MAX_CELL_DEPTH, readSingleRootBoc } from '../boc/single-root-boc';
import { echoedInput } from '../echoed-input';
import { StackInputError } from './stack-input.error';
import { GET_METHOD_STACK_LIMITS } from './stack-limits';

const INT257_MIN = -(1n << 256n);
const INT257_MAX = (1n << 256n) - 1n;
/** Digits of the largest int257 (2^256 ≈ 1.2·10^77) with room for leading zeros; longer is no number. */
const MAX_NUMBER_DIGITS = 100;

/**
 * Cells all the cell arguments of one stack may hold together (GET_METHOD_STACK_LIMITS.maxCells).
 * Kept under this name for the readers' callers.
 */
export const MAX_STACK_INPUT_CELLS = GET_METHOD_STACK_LIMITS.maxCells;

/** What is left of the limits while one stack is read, and how deep the reader is in tuples. */
interface StackBudget {
  cells: number;
  values: number;
  nesting: number;
}

function freshBudget(): StackBudget {
  return {
    cells: GET_METHOD_STACK_LIMITS.maxCells,
    values: GET_METHOD_STACK_LIMITS.maxValues,
    nesting: 0,
  };
}

/** Counts `count` more values against the budget, before any of them is read. */
function spendValues(budget: StackBudget, count: number): void {
  budget.values -= count;
  if (budget.values < 0) {
    throw overLimit(
      `stack holds more than ${String(GET_METHOD_STACK_LIMITS.maxValues)} values in all (tuple and list elements included)`,
    );
  }
}

/** The entry count of a whole stack, checked on the array's length before any entry is read. */
export function checkStackEntryCount(count: number): void {
  if (count > GET_METHOD_STACK_LIMITS.maxEntries) {
    throw overLimit(
      `stack has ${String(count)} entries, at most ${String(GET_METHOD_STACK_LIMITS.maxEntries)}`,
    );
  }
}

function invalid(message: string): StackInputError {
  return new StackInputError('invalid', message);
}

function overLimit(message: string): StackInputError {
  return new StackInputError('limit', message);
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function inRange(value: bigint, text: string): bigint {
  if (value < INT257_MIN || value > INT257_MAX) {
    throw invalid(`Invalid number: ${echoedInput(text)}`);
  }
  return value;
}

/** Digits after the leading zeros (counted, not matched: `0*\d+` would backtrack quadratically). */
function significantDigits(digits: string): number {
  let start = 0;
  while (start < digits.length - 1 && digits.charCodeAt(start) === 0x30) {
    start++;
  }
  return digits.length - start;
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
  // BigInt reads decimal text in quadratic time: a megabyte of digits must not reach it.
  if (!match || significantDigits(match[2] ?? match[3] ?? '') > MAX_NUMBER_DIGITS) {
    throw invalid(`Invalid number: ${echoedInput(value)}`);
  }
  const magnitude = match[2] !== undefined ? BigInt(`0x${match[2]}`) : BigInt(match[3] ?? '');
  return inRange(match[1] === '-' ? -magnitude : magnitude, value);
}

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * A one-root BoC in base64 or base64url, checked from its bytes before any cell is built (no deeper
 * than TVM allows, within what is left of the stack's cell budget); undefined when it is not one.
 */
function readBoc(text: string, budget: StackBudget): Cell | undefined {
  if (!BASE64.test(text)) {
    return undefined;
  }
  try {
    return readSingleRootBoc(
      Buffer.from(text, 'base64'),
      { maxBytes: Number.MAX_SAFE_INTEGER, maxCells: budget.cells, maxDepth: MAX_CELL_DEPTH },
      (shape) => {
        budget.cells -= shape.cells;
      },
    );
  } catch (error) {
    if (error instanceof BocShapeError) {
      return undefined;
    }
    throw error;
  }
}

/** `tvm.Cell` / `tvm.Slice` / `tvm.Builder`: a base64 BoC string. */
function readBocString(value: unknown, type: string, budget: StackBudget): Cell {
  if (value === '') {
    throw invalid(`Empty ${type}`);
  }
  const cell = typeof value === 'string' ? readBoc(value, budget) : undefined;
  if (!cell) {
    throw invalid(`Invalid ${type}, base64 string expected`);
  }
  return cell;
}

/** `cell` / `slice` (2.1): the output form `{"bytes": "<b64 BoC>"}`. */
function readBocObject(value: unknown, type: string, budget: StackBudget): Cell {
  const bytes = isRecord(value) ? value.bytes : undefined;
  if (bytes === '') {
    throw invalid(`Empty ${type}`);
  }
  const cell = typeof bytes === 'string' ? readBoc(bytes, budget) : undefined;
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

/**
 * A tuple's or list's elements, one level deeper: the nesting and the element count are checked
 * before any element is read, so the recursion is at most maxNesting levels deep.
 */
function readElements(value: unknown, budget: StackBudget): TupleItem[] | undefined {
  if (!isRecord(value) || !Array.isArray(value.elements)) {
    return undefined;
  }
  const elements: readonly unknown[] = value.elements;
  if (budget.nesting >= GET_METHOD_STACK_LIMITS.maxNesting) {
    throw overLimit(
      `stack nests tuples and lists deeper than ${String(GET_METHOD_STACK_LIMITS.maxNesting)}`,
    );
  }
  if (elements.length > GET_METHOD_STACK_LIMITS.maxEntries) {
    throw overLimit(
      `a stack tuple or list has ${String(elements.length)} elements, at most ${String(GET_METHOD_STACK_LIMITS.maxEntries)}`,
    );
  }
  spendValues(budget, elements.length);
  budget.nesting += 1;
  const items = elements.map((element) => readTonlibStackEntry(element, budget));
  budget.nesting -= 1;
  return items;
}

/**
 * One typed tonlib entry (runGetMethodStd input; tuple/list elements of the legacy form):
 * `tvm.stackEntryNumber{number{number}}`, `tvm.stackEntryCell{cell{bytes}}`,
 * `tvm.stackEntrySlice{slice{bytes}}`, `tvm.stackEntryTuple{tuple{elements}}`,
 * `tvm.stackEntryList{list{elements}}`; the bare `tvm.numberDecimal`/`tvm.cell`/`tvm.slice`/
 * `tvm.tuple`/`tvm.list` objects are read too (@ton/ton parses those in results).
 */
export function readTonlibStackEntry(entry: unknown, budget = freshBudget()): TupleItem {
  if (!isRecord(entry) || typeof entry['@type'] !== 'string') {
    throw invalid('Invalid stack entry, object with field @type expected');
  }
  const type = entry['@type'];
  switch (type) {
    case 'tvm.stackEntryNumber':
      return readTonlibStackEntry(entry.number, budget);
    case 'tvm.numberDecimal':
      if (
        typeof entry.number !== 'string' ||
        !/^-?\d+$/.test(entry.number) ||
        significantDigits(entry.number.replace(/^-/, '')) > MAX_NUMBER_DIGITS
      ) {
        throw invalid(`Invalid number: ${String(entry.number)}`);
      }
      return { type: 'int', value: inRange(BigInt(entry.number), entry.number) };
    case 'tvm.stackEntryCell':
      return readTonlibStackEntry(entry.cell, budget);
    case 'tvm.cell':
      return { type: 'cell', cell: readBocObject(entry, 'tvm.cell', budget) };
    case 'tvm.stackEntrySlice':
      return readTonlibStackEntry(entry.slice, budget);
    case 'tvm.slice':
      return { type: 'slice', cell: readBocObject(entry, 'tvm.slice', budget) };
    case 'tvm.stackEntryTuple':
      return readTonlibStackEntry(entry.tuple, budget);
    case 'tvm.stackEntryList':
      return readTonlibStackEntry(entry.list, budget);
    case 'tvm.tuple':
    case 'tvm.list': {
      const items = readElements(entry, budget);
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
function readCollection(value: unknown, kind: 'Tuple' | 'List', budget: StackBudget): TupleItem {
  const message =
    kind === 'Tuple'
      ? 'Invalid tvm.Tuple, valid tvm_stackEntryTuple expected'
      : 'Invalid tvm.List, valid tvm_stackEntryList expected';
  let items: TupleItem[] | undefined;
  try {
    items = readElements(isRecord(value) && isRecord(value.tuple) ? value.tuple : value, budget);
    items ??= readElements(
      isRecord(value) && isRecord(value.list) ? value.list : undefined,
      budget,
    );
  } catch (error) {
    if (error instanceof StackInputError && error.kind !== 'invalid') {
      throw error;
    }
    throw invalid(message);
  }
  if (!items) {
    throw invalid(message);
  }
  return kind === 'Tuple' ? { type: 'tuple', items } : toList(items);
}

/** One `[type, value]` entry of the legacy runGetMethod stack (toncenter https://github.com/toncenter/tvm_valuetypes, input side). */
export function readLegacyStackEntry(entry: unknown, budget = freshBudget()): TupleItem {
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
      return { type: 'cell', cell: readBocString(value, 'tvm.Cell', budget) };
    case 'tvm.Slice':
      return { type: 'slice', cell: readBocString(value, 'tvm.Slice', budget) };
    case 'tvm.Builder':
      // Neither upstream accepts it, but @ton/ton sends builders this way; a builder's content is a
      // cell, which is what the get-method receives from FunC callers in practice.
      return { type: 'cell', cell: readBocString(value, 'tvm.Builder', budget) };
    case 'cell':
      return { type: 'cell', cell: readBocObject(value, 'cell', budget) };
    case 'slice':
      return { type: 'slice', cell: readBocObject(value, 'slice', budget) };
    case 'tuple':
    case 'tvm.Tuple':
      return readCollection(value, 'Tuple', budget);
    case 'list':
    case 'tvm.List':
      return readCollection(value, 'List', budget);
    default:
      throw new StackInputError('unsupported', `Unsupported stack entry type: ${type}`);
  }
}

/** The legacy stack (a JSON array of entries) as TVM values, bottom first. */
export function readLegacyStack(entries: readonly unknown[]): TupleItem[] {
  checkStackEntryCount(entries.length);
  const budget = freshBudget();
  spendValues(budget, entries.length);
  return entries.map((entry) => readLegacyStackEntry(entry, budget));
}

/** runGetMethodStd's typed stack as TVM values. */
export function readTonlibStack(entries: readonly unknown[]): TupleItem[] {
  checkStackEntryCount(entries.length);
  const budget = freshBudget();
  spendValues(budget, entries.length);
  return entries.map((entry) => readTonlibStackEntry(entry, budget));
}
