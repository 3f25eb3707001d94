import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { beginCell } from '@ton/core';
import { loadShardHashes, type ShardDescr, storeShardHashes } from './shard-hashes';

function descr(shard: bigint, seqno: number): ShardDescr {
  return {
    shard,
    seqno,
    regMcSeqno: 100 + seqno,
    startLt: 1000n * BigInt(seqno),
    endLt: 1000n * BigInt(seqno) + 5n,
    rootHash: Buffer.alloc(32, seqno),
    fileHash: Buffer.alloc(32, seqno + 1),
    beforeSplit: seqno === 1,
    beforeMerge: seqno === 2,
    wantSplit: seqno === 3,
    wantMerge: seqno === 4,
    nxCcUpdated: true,
    nextCatchainSeqno: 50 + seqno,
    minRefMcSeqno: 90 + seqno,
    genUtime: 1_700_000_000 + seqno,
    feesCollected: 7n,
    fundsCreated: 8n,
  };
}

describe('ShardHashes', () => {
  it('loads what storeShardHashes stores, shard ids from the tree paths', () => {
    const basechain = [
      descr(0xc000000000000000n, 3),
      descr(0x2000000000000000n, 1),
      descr(0x6000000000000000n, 2),
    ];
    const masterchain = [descr(0x8000000000000000n, 4)];
    const cell = beginCell()
      .store(
        storeShardHashes(
          new Map([
            [-1, masterchain],
            [0, basechain],
          ]),
        ),
      )
      .endCell();
    const sut = loadShardHashes(cell.beginParse());
    // The hashmap's keys are unsigned: workchain 0 before -1; a workchain's shards in ascending order.
    const expected = [
      [0, basechain[1]!],
      [0, basechain[2]!],
      [0, basechain[0]!],
      [-1, masterchain[0]!],
    ] as const;
    assert.deepEqual(
      sut,
      expected.map(([workchain, { feesCollected: _fees, fundsCreated: _funds, ...d }]) => ({
        ...d,
        workchain,
        beforeSplit: d.beforeSplit ?? false,
        beforeMerge: d.beforeMerge ?? false,
        wantSplit: d.wantSplit ?? false,
        wantMerge: d.wantMerge ?? false,
        nxCcUpdated: d.nxCcUpdated ?? false,
        // storeShardDescr writes the shard itself as next_validator_shard.
        nextValidatorShard: d.shard,
      })),
    );
  });

  it('loads an empty ShardHashes as no shards', () => {
    assert.deepEqual(loadShardHashes(beginCell().storeBit(0).endCell().beginParse()), []);
  });

  it('refuses a leaf that is no ShardDescr', () => {
    const leaf = beginCell().storeBit(0).storeUint(0xc, 4).endCell();
    const cell = beginCell()
      .storeBit(1)
      .storeRef(
        // A one-key HashmapE 32 root: hml_same$11 v:0 n:32 (all-zero key, workchain 0), then ^BinTree.
        beginCell().storeUint(0b110, 3).storeUint(32, 6).storeRef(leaf).endCell(),
      )
      .endCell();
    assert.throws(() => loadShardHashes(cell.beginParse()), /ShardDescr: unknown tag 0xc/);
  });
});
