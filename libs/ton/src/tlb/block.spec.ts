import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { beginCell } from '@ton/core';
import { type BlockExtra, blockExtraCell, loadBlockExtra } from './block';

const marker = (n: number) => beginCell().storeUint(n, 8).endCell();

describe('BlockExtra', () => {
  const shardBlock: BlockExtra = {
    inMsgDescr: marker(1),
    outMsgDescr: marker(2),
    accountBlocks: marker(3),
    randSeed: Buffer.alloc(32, 4),
    createdBy: Buffer.alloc(32, 5),
  };

  it('loads what blockExtraCell stores, without custom (a shard block)', () => {
    const sut = loadBlockExtra(blockExtraCell(shardBlock));
    assert.deepEqual(Object.keys(sut), Object.keys(shardBlock));
    assert.ok(sut.inMsgDescr.equals(shardBlock.inMsgDescr));
    assert.ok(sut.outMsgDescr.equals(shardBlock.outMsgDescr));
    assert.ok(sut.accountBlocks.equals(shardBlock.accountBlocks));
    assert.deepEqual(sut.randSeed, shardBlock.randSeed);
    assert.deepEqual(sut.createdBy, shardBlock.createdBy);
  });

  it('loads custom (McBlockExtra of a masterchain block)', () => {
    const sut = loadBlockExtra(blockExtraCell({ ...shardBlock, custom: marker(6) }));
    assert.ok(sut.custom?.equals(marker(6)));
  });

  it('refuses a cell that is no block_extra', () => {
    const wrongTag = beginCell().storeUint(0x4a33f6fc, 32).endCell();
    assert.throws(() => loadBlockExtra(wrongTag), /BlockExtra: bad tag/);
  });
});
