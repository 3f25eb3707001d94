import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isTonApiError } from '@app/contracts';
import { stackCellToBase64, toLegacyStack } from '@app/ton';
import { beginCell } from '@ton/core';
import { fromLegacyEntry, toLegacyInput, V3StackEntry } from './v3-stack';

void describe('v3 runGetMethod stack', () => {
  void it('forwards num, cell and slice entries as v2 legacy entries', () => {
    assert.deepEqual(
      toLegacyInput([
        { type: 'num', value: '0x12a' },
        { type: 'num', value: 7 },
        { type: 'cell', value: 'te6c' },
        { type: 'slice', value: 'te6d' },
      ]),
      [
        ['num', '0x12a'],
        ['num', 7],
        ['tvm.Cell', 'te6c'],
        ['tvm.Slice', 'te6d'],
      ],
    );
    assert.deepEqual(toLegacyInput(undefined), []);
  });

  void it('rejects an unknown entry type or a non-array with INVALID_ARGUMENT naming stack', () => {
    for (const [stack, message] of [
      [[{ type: 'tuple', value: [] }], 'unsupported stack parameter type: tuple'],
      [[['num', '1']], 'stack entry 0 should be an object {type, value}'],
      [{ type: 'num' }, 'stack should be an array of {type, value} entries'],
    ] as const) {
      assert.throws(
        () => toLegacyInput(stack),
        (e: unknown) =>
          isTonApiError(e) &&
          e.code === 'INVALID_ARGUMENT' &&
          e.message === message &&
          e.details?.param === 'stack',
      );
    }
  });

  void it('renders v2 results: hex numbers, cells as BoCs, nested tuples and lists', () => {
    const cell = beginCell().storeUint(5, 8).endCell();
    const slice = beginCell().storeUint(6, 8).endCell();
    const legacy = toLegacyStack([
      { type: 'int', value: -31n },
      { type: 'cell', cell },
      { type: 'slice', cell: slice },
      {
        type: 'tuple',
        items: [
          { type: 'int', value: 0n },
          { type: 'slice', cell: slice },
          { type: 'tuple', items: [{ type: 'int', value: 255n }] },
        ],
      },
      {
        type: 'tuple',
        items: [
          { type: 'int', value: 1n },
          { type: 'tuple', items: [{ type: 'int', value: 2n }, { type: 'null' }] },
        ],
      },
    ]);
    const stack = legacy.map(fromLegacyEntry);
    assert.deepEqual(stack, [
      { type: 'num', value: '-0x1f' },
      { type: 'cell', value: stackCellToBase64(cell) },
      // v2 renders a top-level slice as a cell, and so does toncenter v3.
      { type: 'cell', value: stackCellToBase64(slice) },
      {
        type: 'tuple',
        value: [
          { type: 'num', value: '0x0' },
          { type: 'slice', value: stackCellToBase64(slice) },
          { type: 'tuple', value: [{ type: 'num', value: '0xff' }] },
        ],
      },
      {
        type: 'list',
        value: [
          { type: 'num', value: '0x1' },
          { type: 'num', value: '0x2' },
        ],
      },
    ]);
    for (const entry of stack) {
      V3StackEntry.parse(entry);
    }
  });
});
