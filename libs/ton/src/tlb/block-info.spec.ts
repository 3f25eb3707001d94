import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Cell } from '@ton/core';
import { readFixture } from '@app/testing';
import { loadBlockInfoOfBlock } from './block-info';

// Expected values are those fixtures/README.md records for these real mainnet blocks.
describe('loadBlockInfoOfBlock', () => {
  it('reads a basechain block header', () => {
    const [block] = Cell.fromBoc(readFixture('mainnet/blocks/block-1.bin'));
    const sut = loadBlockInfoOfBlock(block!);
    assert.equal(sut.workchain, 0);
    assert.equal(sut.shard, 0x8000000000000000n);
    assert.equal(sut.seqno, 30816553);
    assert.equal(sut.genUtime, Date.parse('2022-11-24T18:05:55Z') / 1000);
    assert.equal(sut.startLt, 33126324000000n);
    assert.equal(sut.notMaster, true);
  });

  it('reads a masterchain block header', () => {
    const [block] = Cell.fromBoc(readFixture('mainnet/blocks/block-5.bin'));
    const sut = loadBlockInfoOfBlock(block!);
    assert.equal(sut.workchain, -1);
    assert.equal(sut.seqno, 17734191);
    assert.equal(sut.notMaster, false);
    assert.equal(sut.genUtime, Date.parse('2022-01-21T09:24:14Z') / 1000);
  });

  it('reads the shard id of a deep shard', () => {
    const [block] = Cell.fromBoc(readFixture('mainnet/blocks/block-4.bin'));
    const sut = loadBlockInfoOfBlock(block!);
    assert.equal(sut.shard, 0x0d83800000000000n);
    assert.equal(sut.seqno, 4168601);
  });
});
