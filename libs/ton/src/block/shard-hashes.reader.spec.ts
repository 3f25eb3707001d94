import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { beginCell, type Builder, type Cell, Dictionary } from '@ton/core';
import { storeShardDescr, type ShardDescr } from '../tlb';
import { readShardHashes } from './shard-hashes.reader';

function descr(shard: bigint, seqno: number): ShardDescr {
  return {
    shard,
    seqno,
    regMcSeqno: 100 + seqno,
    startLt: 1000n * BigInt(seqno),
    endLt: 1000n * BigInt(seqno) + 5n,
    rootHash: Buffer.alloc(32, seqno),
    fileHash: Buffer.alloc(32, seqno + 1),
    beforeSplit: seqno === 2,
    wantMerge: true,
    nextCatchainSeqno: 1,
    minRefMcSeqno: 1,
    genUtime: 1_700_000_000 + seqno,
    feesCollected: 1n,
    fundsCreated: 2n,
  };
}

/** shard_descr#b: the old constructor, with both CurrencyCollections inline. */
function oldDescrLeaf(d: ShardDescr): Cell {
  const b = beginCell()
    .storeBit(0)
    .storeUint(0xb, 4)
    .storeUint(d.seqno, 32)
    .storeUint(d.regMcSeqno, 32);
  b.storeUint(d.startLt, 64).storeUint(d.endLt, 64).storeBuffer(d.rootHash).storeBuffer(d.fileHash);
  b.storeBit(false).storeBit(true).storeBit(false).storeBit(false).storeBit(true).storeUint(0, 3);
  b.storeUint(d.nextCatchainSeqno, 32).storeUint(d.shard, 64).storeUint(d.minRefMcSeqno, 32);
  b.storeUint(d.genUtime, 32).storeBit(0); // fsm_none$0
  return b.storeCoins(d.feesCollected).storeBit(0).storeCoins(d.fundsCreated).storeBit(0).endCell();
}

const newDescrLeaf = (d: ShardDescr): Cell =>
  beginCell().storeBit(0).store(storeShardDescr(d)).endCell();
const fork = (l: Cell, r: Cell): Cell => beginCell().storeBit(1).storeRef(l).storeRef(r).endCell();

/** masterchain_block_extra#cca5 key_block:(## 1) shard_hashes:ShardHashes …, up to shard_hashes. */
function mcBlockExtra(trees: ReadonlyMap<number, Cell>): Cell {
  const dict = Dictionary.empty(Dictionary.Keys.Int(32), {
    serialize: (v: Cell, b: Builder) => b.storeRef(v),
    parse: (s) => s.loadRef(),
  });
  for (const [wc, tree] of trees) {
    dict.set(wc, tree);
  }
  return beginCell().storeUint(0xcca5, 16).storeBit(0).storeDict(dict).endCell();
}

void describe('readShardHashes', () => {
  void it('walks the BinTree, giving each leaf its shard id, for both ShardDescr constructors', () => {
    // workchain 0 split in three: 0x4 (prefix 0, #b), 0xa (prefix 10, #a), 0xe (prefix 11, #a)
    const tree = fork(
      oldDescrLeaf(descr(0x4000000000000000n, 1)),
      fork(
        newDescrLeaf(descr(0xa000000000000000n, 2)),
        newDescrLeaf(descr(0xe000000000000000n, 3)),
      ),
    );
    const sut = readShardHashes(mcBlockExtra(new Map([[0, tree]])));
    assert.deepEqual(
      sut.map((d) => [d.workchain, BigInt.asUintN(64, d.shard), d.seqno]),
      [
        [0, 0x4000000000000000n, 1],
        [0, 0xa000000000000000n, 2],
        [0, 0xe000000000000000n, 3],
      ],
    );
    const [first, second] = sut;
    assert.equal(first!.regMcSeqno, 101);
    assert.equal(first!.startLt, 1000n);
    assert.equal(first!.endLt, 1005n);
    assert.equal(first!.rootHash, Buffer.alloc(32, 1).toString('base64'));
    assert.equal(first!.fileHash, Buffer.alloc(32, 2).toString('base64'));
    assert.equal(first!.beforeMerge, true);
    assert.equal(first!.nxCcUpdated, true);
    assert.equal(first!.genUtime, 1_700_000_001);
    assert.equal(second!.beforeSplit, true);
    assert.equal(second!.wantMerge, true);
    assert.equal(second!.beforeMerge, false);
  });

  void it('reads several workchains and an empty ShardHashes', () => {
    const trees = new Map([
      [0, newDescrLeaf(descr(0x8000000000000000n, 5))],
      [7, newDescrLeaf(descr(0x8000000000000000n, 6))],
    ]);
    assert.deepEqual(
      readShardHashes(mcBlockExtra(trees)).map((d) => [d.workchain, d.seqno]),
      [
        [0, 5],
        [7, 6],
      ],
    );
    assert.deepEqual(readShardHashes(mcBlockExtra(new Map())), []);
  });
});
