import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import { beginCell, Cell } from '@ton/core';
import { fixturePath, readFixture } from '@app/testing';
import { readBoc } from './boc.reader';
import { parseBlock } from './block.parser';

const blockFiles = readdirSync(fixturePath('mainnet', 'blocks')).filter((f) => f.endsWith('.bin'));

/** Every cell of both trees, pairwise: same type, bits, refs, hashes and depths at every level. */
function assertSameTree(actual: Cell, expected: Cell): number {
  const seen = new Set<string>();
  const stack: [Cell, Cell][] = [[actual, expected]];
  while (stack.length > 0) {
    const [a, e] = stack.pop()!;
    const key = e.hash().toString('hex');
    if (seen.has(key)) {
      continue;
    }
    seen.add(key);
    assert.ok(a instanceof Cell);
    assert.equal(a.type, e.type);
    assert.equal(a.level(), e.level());
    assert.ok(a.bits.equals(e.bits));
    assert.equal(a.refs.length, e.refs.length);
    for (let level = 0; level <= 3; level += 1) {
      assert.deepEqual(a.hash(level), e.hash(level));
      assert.equal(a.depth(level), e.depth(level));
    }
    a.refs.forEach((r, i) => stack.push([r, e.refs[i]!]));
  }
  return seen.size;
}

describe('readBoc', () => {
  for (const file of blockFiles) {
    it(`gives the cells Cell.fromBoc gives for mainnet ${file}`, () => {
      const boc = readFixture('mainnet', 'blocks', file);
      const [actual] = readBoc(boc);
      const [expected] = Cell.fromBoc(boc);
      assert.ok(actual && expected);
      assert.ok(assertSameTree(actual, expected) > 0);
      // The parser reads the same block from either.
      const id = { rootHash: expected.hash(), fileHash: Buffer.alloc(32) };
      assert.deepEqual(parseBlock(actual, id), parseBlock(expected, id));
      // And the cells serialise back to the same bytes.
      assert.deepEqual(actual.toBoc({ idx: false }), expected.toBoc({ idx: false }));
    });
  }

  it('reads BoCs with and without an index and a CRC32C, with padded cells; rejects a bad CRC', () => {
    const leaf = beginCell().storeUint(5, 7).endCell();
    const root = beginCell().storeBit(1).storeRef(leaf).storeRef(beginCell().endCell()).endCell();
    for (const opts of [
      { idx: true, crc32: true },
      { idx: false, crc32: false },
    ]) {
      const boc = root.toBoc(opts);
      const [cell] = readBoc(boc);
      assert.ok(cell);
      assertSameTree(cell, root);
      assert.equal(cell.beginParse().loadBit(), true);
      assert.equal(cell.refs[0]!.beginParse().loadUint(7), 5);
    }
    const bad = Buffer.from(root.toBoc({ idx: false, crc32: true }));
    bad.writeUInt8(bad.readUInt8(bad.length - 1) ^ 1, bad.length - 1);
    assert.throws(() => readBoc(bad), /CRC32C/);
  });
});
