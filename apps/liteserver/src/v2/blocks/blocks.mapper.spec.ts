import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type ShardDescr, storeShardHashes } from '@app/ton';
import { beginCell } from '@ton/core';
import { toTonShardTops } from './blocks.mapper';

function descr(shard: bigint, seqno: number): ShardDescr {
  return {
    shard,
    seqno,
    regMcSeqno: 100,
    startLt: 10n,
    endLt: 20n,
    rootHash: Buffer.alloc(32, seqno),
    fileHash: Buffer.alloc(32, seqno + 1),
    nextCatchainSeqno: 0,
    minRefMcSeqno: 1,
    genUtime: 1_700_000_000,
    feesCollected: 0n,
    fundsCreated: 0n,
  };
}

describe('toTonShardTops', () => {
  it('lists the shard tops of a ShardHashes dictionary in tonlib order', () => {
    // Four basechain shards (two prefix bits), given out of order, one unsplit workchain 1, and
    // workchain -1, which the hashmap (unsigned keys) holds last and tonlib lists first.
    const basechain = [
      descr(0xe000000000000000n, 4),
      descr(0x2000000000000000n, 1),
      descr(0xa000000000000000n, 3),
      descr(0x6000000000000000n, 2),
    ];
    const data = beginCell()
      .store(
        storeShardHashes(
          new Map([
            [1, [descr(0x8000000000000000n, 9)]],
            [-1, [descr(0x8000000000000000n, 7)]],
            [0, basechain],
          ]),
        ),
      )
      .endCell();
    const sut = toTonShardTops(data);
    assert.deepEqual(
      sut.map((t) => [t.workchain, t.shard, t.seqno]),
      [
        [-1, '-9223372036854775808', 7],
        [0, '2305843009213693952', 1],
        [0, '6917529027641081856', 2],
        [0, '-6917529027641081856', 3],
        [0, '-2305843009213693952', 4],
        [1, '-9223372036854775808', 9],
      ],
    );
    assert.deepEqual(
      sut.map((t) => [t.root_hash, t.file_hash]),
      [7, 1, 2, 3, 4, 9].map((n) => [
        Buffer.alloc(32, n).toString('base64'),
        Buffer.alloc(32, n + 1).toString('base64'),
      ]),
    );
    assert.equal(sut[0]!['@type'], 'ton.blockIdExt');
  });

  it('reads an empty ShardHashes (no workchains) as no shards', () => {
    assert.deepEqual(toTonShardTops(beginCell().storeBit(0).endCell()), []);
  });
});
