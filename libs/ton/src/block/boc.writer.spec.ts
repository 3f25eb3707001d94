import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { beginCell, Cell } from '@ton/core';
import { readFixture } from '@app/testing';
import { parseBlock } from './block.parser';
import { crc32c, writeBoc } from './boc.writer';

const same = (cell: Cell, crc: boolean): void => {
  assert.deepEqual(writeBoc(cell, crc), cell.toBoc({ idx: false, crc32: crc }));
};

void describe('writeBoc', () => {
  void it("writes @ton/core's bytes for every body, init state, code and data of real blocks", () => {
    let checked = 0;
    for (const file of ['block-1.bin', 'block-2.bin', 'raw-13516764.bin', 'block-6.bin']) {
      const root = Cell.fromBoc(readFixture('mainnet', 'blocks', file))[0]!;
      const sut = parseBlock(root, { rootHash: root.hash(), fileHash: Buffer.alloc(32) });
      const crcBocs = sut.transactions
        .flatMap((t) => [t.inMessage, ...t.outMessages])
        .flatMap((m) => (m ? [m.bodyBoc, m.initStateBoc] : []));
      const plainBocs = sut.accountStates.flatMap((s) => [s.codeBoc, s.dataBoc]);
      for (const [bocs, crc] of [
        [crcBocs, true],
        [plainBocs, false],
      ] as const) {
        for (const b64 of bocs) {
          if (b64 !== null) {
            const boc = Buffer.from(b64, 'base64');
            assert.deepEqual(boc, Cell.fromBoc(boc)[0]!.toBoc({ idx: false, crc32: crc }));
            checked++;
          }
        }
      }
    }
    assert.ok(checked > 3000);
  });

  void it('stores shared and identical cells once, in the same order as @ton/core', () => {
    const leaf = beginCell().storeUint(7, 3).endCell();
    const twin = beginCell().storeUint(7, 3).endCell(); // same hash, another object
    const mid = beginCell().storeUint(1, 9).storeRef(leaf).storeRef(twin).endCell();
    const root = beginCell()
      .storeBuffer(Buffer.from('abcdef', 'hex'))
      .storeRef(mid)
      .storeRef(leaf)
      .storeRef(beginCell().storeRef(mid).endCell())
      .endCell();
    same(root, true);
    same(root, false);
    assert.equal(writeBoc(root, false).readUInt8(6), 4); // root, mid, the leaf, the wrapper
  });

  void it('handles a chain of 1000 cells and an exotic cell', () => {
    let chain = beginCell().storeUint(0, 1).endCell();
    for (let i = 0; i < 1000; i++) {
      chain = beginCell().storeUint(i, 10).storeRef(chain).endCell();
    }
    same(chain, true);
    const pruned = beginCell()
      .storeUint(1, 8)
      .storeUint(1, 8)
      .storeBuffer(chain.hash())
      .storeUint(chain.depth(), 16)
      .endCell({ exotic: true });
    same(beginCell().storeRef(pruned).endCell(), false);
  });

  void it('writes cells whose data does not start on a byte boundary', () => {
    const s = beginCell()
      .storeUint(0b101, 3)
      .storeBuffer(Buffer.from('0123456789', 'hex'))
      .endCell()
      .beginParse();
    s.skip(3);
    same(s.asCell(), true);
  });
});

void describe('crc32c', () => {
  void it('gives the CRC-32C check value', () => {
    assert.equal(crc32c(Buffer.from('123456789')), 0xe3069283);
  });
});
