import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beginCell, type Cell, serializeTuple, type TupleItem } from '@ton/core';
import {
  GET_METHOD_STACK_LIMITS,
  readLegacyStack,
  readStackArgumentsBoc,
  readTonlibStack,
  serializeStackArguments,
  StackInputError,
} from './index';

const { maxEntries, maxNesting, maxDepth, maxValues } = GET_METHOD_STACK_LIMITS;

function isLimit(message: string): (error: unknown) => boolean {
  return (error) =>
    error instanceof StackInputError && error.kind === 'limit' && error.message === message;
}

/** A chain of `depth` + 1 cells: a cell argument `depth` deep. */
function chain(depth: number): Cell {
  let cell = beginCell().endCell();
  for (let i = 0; i < depth; i++) {
    cell = beginCell().storeRef(cell).endCell();
  }
  return cell;
}

const ints = (n: number): TupleItem[] =>
  Array.from({ length: n }, () => ({ type: 'int', value: 1n }));

/** `["tuple", {elements: [<typed tuple>…]}]` nested `levels` deep, built without recursion. */
function nestedLegacyTuple(levels: number): unknown {
  let inner: unknown = {
    '@type': 'tvm.stackEntryNumber',
    number: { '@type': 'tvm.numberDecimal', number: '1' },
  };
  for (let i = 1; i < levels; i++) {
    inner = { '@type': 'tvm.stackEntryTuple', tuple: { '@type': 'tvm.tuple', elements: [inner] } };
  }
  return ['tuple', { '@type': 'tvm.tuple', elements: [inner] }];
}

describe('GET_METHOD_STACK_LIMITS in the stack readers', () => {
  it('refuses 100,000 entries on the array length without reading one of them', () => {
    let touched = 0;
    const entries = new Proxy(
      Array.from({ length: 100_000 }, () => ['num', '1']),
      {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) {
            touched += 1;
          }
          return Reflect.get(target, key, receiver) as unknown;
        },
      },
    );
    const message = `stack has 100000 entries, at most ${String(maxEntries)}`;
    assert.throws(() => readLegacyStack(entries), isLimit(message));
    assert.throws(() => readTonlibStack(entries), isLimit(message));
    assert.equal(touched, 0);
  });

  it('takes exactly maxEntries entries', () => {
    const entries = Array.from({ length: maxEntries }, () => ['num', '1']);
    assert.equal(readLegacyStack(entries).length, maxEntries);
    assert.throws(
      () => readLegacyStack([...entries, ['num', '1']]),
      isLimit(`stack has ${String(maxEntries + 1)} entries, at most ${String(maxEntries)}`),
    );
  });

  it('counts tuple and list elements against maxValues before reading them', () => {
    const number = {
      '@type': 'tvm.stackEntryNumber',
      number: { '@type': 'tvm.numberDecimal', number: '1' },
    };
    const tuple = [
      'tuple',
      { '@type': 'tvm.tuple', elements: Array.from({ length: 255 }, () => number) },
    ];
    // 4 entries + 4 × 255 elements = 1024: the budget exactly.
    assert.equal(readLegacyStack([tuple, tuple, tuple, tuple]).length, 4);
    assert.equal(4 + 4 * 255, maxValues);
    assert.throws(
      () => readLegacyStack([tuple, tuple, tuple, tuple, ['num', '1']]),
      isLimit(
        `stack holds more than ${String(maxValues)} values in all (tuple and list elements included)`,
      ),
    );
  });

  it('refuses a tuple of more than 255 elements, as TVM tuples hold at most 255', () => {
    const number = {
      '@type': 'tvm.stackEntryNumber',
      number: { '@type': 'tvm.numberDecimal', number: '1' },
    };
    assert.throws(
      () =>
        readTonlibStack([
          { '@type': 'tvm.tuple', elements: Array.from({ length: 256 }, () => number) },
        ]),
      isLimit('a stack tuple or list has 256 elements, at most 255'),
    );
  });

  it('reads tuples nested maxNesting deep and refuses one level more before descending', () => {
    assert.equal(readLegacyStack([nestedLegacyTuple(maxNesting)]).length, 1);
    const message = `stack nests tuples and lists deeper than ${String(maxNesting)}`;
    assert.throws(() => readLegacyStack([nestedLegacyTuple(maxNesting + 1)]), isLimit(message));
    // 100,000 levels: refused at level 17, not by the JS stack overflowing.
    assert.throws(() => readLegacyStack([nestedLegacyTuple(100_000)]), isLimit(message));
  });
});

describe('serializeStackArguments', () => {
  it('serialises a stack maxDepth cells deep and refuses one cell deeper, whatever makes the depth', () => {
    // One entry: the vm_stk_cons cell over the cell argument.
    assert.equal(
      serializeStackArguments([{ type: 'cell', cell: chain(maxDepth - 1) }]).depth(),
      maxDepth,
    );
    const tooDeep = (depth: number): string =>
      `stack is ${String(depth)} cells deep serialised, at most ${String(maxDepth)} (entries, tuple and list nesting and the depth of cell arguments add up)`;
    assert.throws(
      () => serializeStackArguments([{ type: 'slice', cell: chain(maxDepth) }]),
      isLimit(tooDeep(maxDepth + 1)),
    );
    // 200 entries over a cell argument 100 deep at the bottom.
    assert.throws(
      () => serializeStackArguments([{ type: 'cell', cell: chain(100) }, ...ints(199)]),
      isLimit(tooDeep(300)),
    );
    // A list of 300 numbers is 300 nested pairs, each a cell deeper.
    let list: TupleItem = { type: 'null' };
    for (let i = 0; i < 300; i++) {
      list = { type: 'tuple', items: [{ type: 'int', value: 1n }, list] };
    }
    assert.throws(() => serializeStackArguments([list]), isLimit(tooDeep(300)));
  });
});

describe('readStackArgumentsBoc', () => {
  const boc = (items: TupleItem[]): Buffer => serializeTuple(items).toBoc({ idx: false });

  it('reads a VmStack within the limits back into its items', () => {
    const cell = chain(3);
    const [number, argument, ...rest] = readStackArgumentsBoc(
      boc([
        { type: 'int', value: 7n },
        { type: 'cell', cell },
      ]),
    );
    assert.deepEqual([number, rest], [{ type: 'int', value: 7n }, []]);
    assert.ok(argument?.type === 'cell' && argument.cell.equals(cell));
    assert.deepEqual(readStackArgumentsBoc(Buffer.alloc(0)), []);
  });

  it('refuses from the bytes a VmStack too deep for the emulator (400 entries, a cell 320 deep)', () => {
    const message = `Invalid stack: deeper than ${String(maxDepth)} cells`;
    const refused = (error: unknown): boolean =>
      error instanceof StackInputError && error.kind === 'invalid' && error.message === message;
    assert.throws(() => readStackArgumentsBoc(boc(ints(400))), refused);
    assert.throws(() => readStackArgumentsBoc(boc([{ type: 'cell', cell: chain(320) }])), refused);
  });

  it('refuses bytes that are no VmStack', () => {
    assert.throws(() => readStackArgumentsBoc(Buffer.from('not a boc')), StackInputError);
    const lying = beginCell().storeUint(5, 24).endCell().toBoc();
    assert.throws(() => readStackArgumentsBoc(lying), StackInputError);
  });
});
