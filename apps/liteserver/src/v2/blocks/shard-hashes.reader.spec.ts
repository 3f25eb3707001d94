import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type ShardDescr, storeShardHashes } from '@app/ton';
import { beginCell } from '@ton/core';
import { readShardHashes } from './shard-hashes.reader';

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

describe('readShardHashes', () => {
  it('lists the shard tops of a ShardHashes dictionary in ascending shard order', () => {
    // Four basechain shards (two prefix bits), given out of order, and one unsplit workchain 1.
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
            [0, basechain],
          ]),
        ),
      )
      .endCell();
    const sut = readShardHashes(data);
    assert.deepEqual(
      sut.map((t) => [t.workchain, t.shard, t.seqno]),
      [
        [0, 0x2000000000000000n, 1],
        [0, 0x6000000000000000n, 2],
        [0, 0xa000000000000000n, 3],
        [0, 0xe000000000000000n, 4],
        [1, 0x8000000000000000n, 9],
      ],
    );
    assert.deepEqual(
      sut.map((t) => [t.rootHash, t.fileHash]),
      [1, 2, 3, 4, 9].map((n) => [Buffer.alloc(32, n), Buffer.alloc(32, n + 1)]),
    );
  });

  it('reads an empty ShardHashes (no workchains) as no shards', () => {
    assert.deepEqual(readShardHashes(beginCell().storeBit(0).endCell()), []);
  });
});
