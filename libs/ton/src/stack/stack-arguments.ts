import { type Cell, parseTuple, serializeTuple, type TupleItem } from '@ton/core';
import { BocShapeError } from '../boc/boc-shape';
import { readSingleRootBoc } from '../boc/single-root-boc';
import { StackInputError } from './stack-input.error';
import { GET_METHOD_STACK_LIMITS, MAX_STACK_BOC_CELLS } from './stack-limits';
import { checkStackEntryCount } from './stack.reader';

function tooDeep(depth: number): StackInputError {
  return new StackInputError(
    'limit',
    `stack is ${String(depth)} cells deep serialised, at most ${String(GET_METHOD_STACK_LIMITS.maxDepth)} (entries, tuple and list nesting and the depth of cell arguments add up)`,
  );
}

/**
 * Get-method arguments as the VmStack a liteserver's `params:bytes` and the emulator take, refused
 * past GET_METHOD_STACK_LIMITS.maxDepth. The items come from the stack readers, which bound their
 * count and nesting, so serialising them (recursive in @ton/core) is bounded too.
 */
export function serializeStackArguments(items: readonly TupleItem[]): Cell {
  checkStackEntryCount(items.length);
  let stack: Cell;
  try {
    stack = serializeTuple([...items]);
  } catch (error) {
    throw new StackInputError(
      'invalid',
      `Invalid stack: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (stack.depth() > GET_METHOD_STACK_LIMITS.maxDepth) {
    throw tooDeep(stack.depth());
  }
  return stack;
}

/**
 * A serialised VmStack from another service or a lite client, read within GET_METHOD_STACK_LIMITS:
 * its cell count and depth from the BoC's bytes before any cell is built, then the entries. What
 * passes here is what the emulator can deserialise without trapping.
 */
export function readStackArgumentsBoc(bytes: Buffer): TupleItem[] {
  if (bytes.length === 0) {
    return [];
  }
  let root: Cell;
  try {
    root = readSingleRootBoc(bytes, {
      maxBytes: Number.MAX_SAFE_INTEGER,
      maxCells: MAX_STACK_BOC_CELLS,
      maxDepth: GET_METHOD_STACK_LIMITS.maxDepth,
    });
  } catch (error) {
    if (error instanceof BocShapeError) {
      throw new StackInputError('invalid', `Invalid stack: ${error.message}`);
    }
    throw error;
  }
  let items: TupleItem[];
  try {
    items = parseTuple(root);
  } catch (error) {
    throw new StackInputError(
      'invalid',
      `Invalid stack: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  checkStackEntryCount(items.length);
  return items;
}
