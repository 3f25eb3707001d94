/** parseBlock: the shard descriptors a masterchain block commits. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { blocks, hex } from './block-fixtures.test-util';

void describe('parseBlock: masterchain shard descriptors', () => {
  // mc 17734191 (2022-01-21) and mc 34974098 (2023-12-25): the basechain was one shard, whose seqnos
  // agree with the rate of block-1 (30816553 on 2022-11-24) and block-2 (40484416 on 2023-12-05).
  for (const [name, get, shardSeqno] of [
    ['block-5', blocks.block5, 22738548],
    ['hex BoC block', blocks.hexBoc, 40830194],
  ] as const) {
    void it(`${name}: one basechain shard top, committed before the masterchain block`, () => {
      const { sut } = get();
      assert.equal(sut.shards.length, 1);
      const [d] = sut.shards;
      assert.equal(d!.workchain, 0);
      assert.equal(d!.shard, BigInt.asIntN(64, 0x8000000000000000n));
      assert.equal(d!.seqno, shardSeqno);
      assert.ok(d!.regMcSeqno > 0 && d!.regMcSeqno <= sut.header.seqno);
      assert.ok(d!.genUtime <= sut.header.genUtime && d!.genUtime > sut.header.genUtime - 60);
      assert.ok(d!.startLt < d!.endLt && d!.endLt <= sut.header.endLt);
      assert.notEqual(hex(d!.rootHash), '0'.repeat(64));
    });
  }

  void it('shard blocks commit no shard descriptors', () => {
    assert.deepEqual(blocks.block1().sut.shards, []);
  });
});
