import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Address, beginCell, type Cell, type TupleItem } from '@ton/core';
import {
  MAX_STACK_INPUT_CELLS,
  methodIdOf,
  readLegacyStack,
  readLegacyStackEntry,
  readTonlibStackEntry,
  StackInputError,
  toLegacyStack,
  toTonlibStack,
} from './index';

// toncenter https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml:
// get_wallet_address's result, the addr_std of EQCD39VS…B2N, as toncenter renders it.
const ADDRESS = Address.parse('EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N');
const ADDRESS_CELL = beginCell().storeAddress(ADDRESS).endCell();
const ADDRESS_BOC = 'te6cckEBAQEAJAAAQ4AQe/qqXMblNo5fl5kYi9eYzSLgSrFtHY6k/DdIB0HmNRBko+Gm';
const ADDRESS_OBJECT = {
  data: { b64: 'gBB7+qpcxuU2jl+XmRiL15jNIuBKsW0djqT8N0gHQeY1AA==', len: 267 },
  refs: [],
  special: false,
};

function rejects(entry: unknown, kind: 'invalid' | 'unsupported', message: string): void {
  assert.throws(
    () => readLegacyStackEntry(entry),
    (error: unknown) =>
      error instanceof StackInputError && error.kind === kind && error.message === message,
  );
}

describe('methodIdOf', () => {
  it('gives the ids FunC assigns to well-known get-methods', () => {
    assert.equal(methodIdOf('seqno'), 85143);
    assert.equal(methodIdOf('get_jetton_data'), 106029);
    assert.equal(methodIdOf('get_wallet_data'), 97026);
    assert.equal(methodIdOf('get_wallet_address'), 103289);
  });
});

describe('legacy stack output', () => {
  it('renders numbers as lowercase hex with -0x negatives and 0x0 for zero', () => {
    const items: TupleItem[] = [
      { type: 'int', value: 7n },
      { type: 'int', value: 0n },
      { type: 'int', value: -255n },
      { type: 'int', value: 1_450_000_000_000n },
      { type: 'int', value: -(1n << 256n) },
    ];
    assert.deepEqual(toLegacyStack(items), [
      ['num', '0x7'],
      ['num', '0x0'],
      ['num', '-0xff'],
      ['num', '0x1519abc2400'],
      ['num', `-0x1${'0'.repeat(64)}`],
    ]);
  });

  it('renders cells and slices alike, as toncenter does (its documented example, exact JSON)', () => {
    const expected = ['cell', { bytes: ADDRESS_BOC, object: ADDRESS_OBJECT }];
    assert.deepEqual(toLegacyStack([{ type: 'cell', cell: ADDRESS_CELL }]), [expected]);
    assert.deepEqual(toLegacyStack([{ type: 'slice', cell: ADDRESS_CELL }]), [expected]);
    assert.equal(
      JSON.stringify(toLegacyStack([{ type: 'slice', cell: ADDRESS_CELL }])),
      `[["cell",{"bytes":"${ADDRESS_BOC}","object":{"data":{"b64":"gBB7+qpcxuU2jl+XmRiL15jNIuBKsW0djqT8N0gHQeY1AA==","len":267},"refs":[],"special":false}}]]`,
    );
  });

  it('renders nested refs in the cell object', () => {
    const inner = beginCell().storeUint(0xab, 8).endCell();
    const outer = beginCell().storeBit(true).storeRef(inner).endCell();
    const [entry] = toLegacyStack([{ type: 'cell', cell: outer }]);
    assert.deepEqual(entry?.[1], {
      bytes: outer.toBoc({ idx: false, crc32: true }).toString('base64'),
      object: {
        data: { b64: 'gA==', len: 1 },
        refs: [{ data: { b64: 'qw==', len: 8 }, refs: [], special: false }],
        special: false,
      },
    });
  });

  it('renders tuples as tvm.tuple and lists (and null) as tvm.list of typed entries', () => {
    const list: TupleItem = {
      type: 'tuple',
      items: [
        { type: 'int', value: 1n },
        { type: 'tuple', items: [{ type: 'slice', cell: ADDRESS_CELL }, { type: 'null' }] },
      ],
    };
    const tuple: TupleItem = {
      type: 'tuple',
      items: [
        { type: 'int', value: -5n },
        { type: 'cell', cell: ADDRESS_CELL },
        { type: 'tuple', items: [] },
      ],
    };
    assert.deepEqual(toLegacyStack([list, tuple, { type: 'null' }, { type: 'nan' }]), [
      [
        'list',
        {
          '@type': 'tvm.list',
          elements: [
            {
              '@type': 'tvm.stackEntryNumber',
              number: { '@type': 'tvm.numberDecimal', number: '1' },
            },
            { '@type': 'tvm.stackEntrySlice', slice: { '@type': 'tvm.slice', bytes: ADDRESS_BOC } },
          ],
        },
      ],
      [
        'tuple',
        {
          '@type': 'tvm.tuple',
          elements: [
            {
              '@type': 'tvm.stackEntryNumber',
              number: { '@type': 'tvm.numberDecimal', number: '-5' },
            },
            { '@type': 'tvm.stackEntryCell', cell: { '@type': 'tvm.cell', bytes: ADDRESS_BOC } },
            { '@type': 'tvm.stackEntryTuple', tuple: { '@type': 'tvm.tuple', elements: [] } },
          ],
        },
      ],
      ['list', { '@type': 'tvm.list', elements: [] }],
      ['unsupported', ''],
    ]);
  });

  it('renders the typed form for runGetMethodStd', () => {
    assert.deepEqual(
      toTonlibStack([
        { type: 'int', value: 42n },
        { type: 'builder', cell: ADDRESS_CELL },
      ]),
      [
        { '@type': 'tvm.stackEntryNumber', number: { '@type': 'tvm.numberDecimal', number: '42' } },
        { '@type': 'tvm.stackEntryUnsupported' },
      ],
    );
  });
});

describe('legacy stack input', () => {
  it('reads num/number/int/integer in decimal, hex and as JSON numbers', () => {
    assert.deepEqual(
      readLegacyStack([
        ['num', '123'],
        ['number', '0x1F'],
        ['int', -7],
        ['integer', '-0xff'],
        ['num', `0x${'f'.repeat(64)}`],
      ]),
      [
        { type: 'int', value: 123n },
        { type: 'int', value: 31n },
        { type: 'int', value: -7n },
        { type: 'int', value: -255n },
        { type: 'int', value: (1n << 256n) - 1n },
      ],
    );
  });

  it('reads tvm.Cell, tvm.Slice, tvm.Builder (as a cell) and the cell/slice object forms', () => {
    const items = readLegacyStack([
      ['tvm.Cell', ADDRESS_BOC],
      ['tvm.Slice', ADDRESS_BOC],
      ['tvm.Builder', ADDRESS_BOC],
      ['cell', { bytes: ADDRESS_BOC }],
      ['slice', { bytes: ADDRESS_BOC }],
    ]);
    assert.deepEqual(
      items.map((i) => [i.type, 'cell' in i ? i.cell.hash().toString('hex') : '']),
      [
        ['cell', ADDRESS_CELL.hash().toString('hex')],
        ['slice', ADDRESS_CELL.hash().toString('hex')],
        ['cell', ADDRESS_CELL.hash().toString('hex')],
        ['cell', ADDRESS_CELL.hash().toString('hex')],
        ['slice', ADDRESS_CELL.hash().toString('hex')],
      ],
    );
  });

  it('reads tuples and lists given as tonlib objects; a list becomes nested pairs', () => {
    const number = (n: string) => ({
      '@type': 'tvm.stackEntryNumber',
      number: { '@type': 'tvm.numberDecimal', number: n },
    });
    assert.deepEqual(
      readLegacyStack([
        ['tuple', { '@type': 'tvm.tuple', elements: [number('1'), number('-2')] }],
        ['list', { '@type': 'tvm.list', elements: [number('3')] }],
        ['tvm.List', { '@type': 'tvm.list', elements: [] }],
      ]),
      [
        {
          type: 'tuple',
          items: [
            { type: 'int', value: 1n },
            { type: 'int', value: -2n },
          ],
        },
        { type: 'tuple', items: [{ type: 'int', value: 3n }, { type: 'null' }] },
        { type: 'null' },
      ],
    );
  });

  it('round-trips what it renders for tuples (typed entries in and out)', () => {
    const typed = {
      '@type': 'tvm.stackEntryTuple',
      tuple: {
        '@type': 'tvm.tuple',
        elements: [
          { '@type': 'tvm.stackEntryCell', cell: { '@type': 'tvm.cell', bytes: ADDRESS_BOC } },
        ],
      },
    };
    assert.deepEqual(toTonlibStack([readTonlibStackEntry(typed)]), [typed]);
  });

  it('rejects bad entries with toncenter 2.1 wording', () => {
    rejects(['num'], 'invalid', 'Expected 2 elements in stack entry, got: 1');
    rejects(['num', '1', '2'], 'invalid', 'Expected 2 elements in stack entry, got: 3');
    rejects([1, '1'], 'invalid', 'Expected string as first element in stack entry');
    rejects(['num', 'abc'], 'invalid', 'Invalid number: abc');
    rejects(['num', '1.5'], 'invalid', 'Invalid number: 1.5');
    rejects(['num', `0x1${'0'.repeat(64)}`], 'invalid', `Invalid number: 0x1${'0'.repeat(64)}`);
    rejects(['num', true], 'invalid', 'Wrong type of number in stack entry');
    rejects(['tvm.Cell', ''], 'invalid', 'Empty tvm.Cell');
    rejects(['tvm.Cell', 'not base64!'], 'invalid', 'Invalid tvm.Cell, base64 string expected');
    rejects(['tvm.Slice', 5], 'invalid', 'Invalid tvm.Slice, base64 string expected');
    rejects(['cell', { bytes: '' }], 'invalid', 'Empty cell');
    rejects(['cell', ADDRESS_BOC], 'invalid', 'Invalid cell, object with field bytes expected');
    rejects(['slice', {}], 'invalid', 'Invalid slice, object with field bytes expected');
    rejects(['tuple', 1], 'invalid', 'Invalid tvm.Tuple, valid tvm_stackEntryTuple expected');
    rejects(
      ['list', { elements: [{ '@type': 'tvm.numberDecimal', number: 'x' }] }],
      'invalid',
      'Invalid tvm.List, valid tvm_stackEntryList expected',
    );
    rejects(['dict', 'x'], 'unsupported', 'Unsupported stack entry type: dict');
  });

  it('reads numbers with leading zeros, and refuses more than 100 significant digits unread', () => {
    const padded = readLegacyStackEntry(['num', `-${'0'.repeat(5000)}${'9'.repeat(77)}`]);
    assert.deepEqual(padded, { type: 'int', value: -BigInt('9'.repeat(77)) });
    rejects(['num', '1'.repeat(101)], 'invalid', `Invalid number: ${'1'.repeat(101)}`);
    const tooLong = { '@type': 'tvm.numberDecimal', number: '7'.repeat(101) };
    assert.throws(() => readTonlibStackEntry(tooLong), {
      message: `Invalid number: ${'7'.repeat(101)}`,
    });
  });

  it('refuses cells deeper than TVM holds, and more than MAX_STACK_INPUT_CELLS in all', () => {
    let deep = beginCell().endCell();
    for (let i = 0; i < 1025; i++) {
      deep = beginCell().storeUint(i, 16).storeRef(deep).endCell();
    }
    rejects(
      ['tvm.Cell', deep.toBoc().toString('base64')],
      'invalid',
      'Invalid tvm.Cell, base64 string expected',
    );
    // A shallow tree of half the budget: one fits, a second fits exactly, a third is refused.
    const count = MAX_STACK_INPUT_CELLS / 2;
    const cells: Cell[] = [];
    for (let i = count - 1; i >= 0; i--) {
      const builder = beginCell().storeUint(i, 16);
      for (let child = 4 * i + 1; child <= Math.min(4 * i + 4, count - 1); child++) {
        builder.storeRef(cells[child] ?? beginCell().endCell());
      }
      cells[i] = builder.endCell();
    }
    const half = cells[0] ?? beginCell().endCell();
    const entry = ['tvm.Cell', half.toBoc().toString('base64')];
    assert.equal(readLegacyStack([entry, entry]).length, 2);
    assert.throws(() => readLegacyStack([entry, entry, entry]), {
      message: 'Invalid tvm.Cell, base64 string expected',
    });
  });
});
