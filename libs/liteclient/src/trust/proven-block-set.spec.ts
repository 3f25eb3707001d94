import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type ProofBlockId } from '@app/ton';

import { ProvenBlockMap, ProvenBlockSet } from './proven-block-set';

function shardBlock(seqno: number): ProofBlockId {
  return {
    workchain: 0,
    shard: 0x8000000000000000n,
    seqno,
    rootHash: Buffer.alloc(32, seqno % 251),
    fileHash: Buffer.alloc(32, (seqno + 1) % 251),
  };
}

void describe('ProvenBlockMap', () => {
  void it('holds at most its capacity, the oldest forgotten', () => {
    const sut = new ProvenBlockMap<number>(4);
    for (let seqno = 1; seqno <= 12; seqno++) {
      sut.set(shardBlock(seqno), seqno * 10);
    }
    assert.equal(sut.size, 4);
    assert.equal(sut.get(shardBlock(8)), undefined);
    assert.equal(sut.get(shardBlock(9)), 90);
    assert.equal(sut.get(shardBlock(12)), 120);
  });

  void it('finds a value only under the id it was proven for', () => {
    const sut = new ProvenBlockMap<number>(4);
    sut.set(shardBlock(3), 30);
    assert.equal(sut.get({ ...shardBlock(3), fileHash: Buffer.alloc(32, 9) }), undefined);
  });

  void it('keeps a copy of the id, not the buffers it was given', () => {
    const id = shardBlock(3);
    const sut = new ProvenBlockSet(4);
    sut.add(id);
    id.rootHash.fill(0xee);
    assert.equal(sut.has(shardBlock(3)), true);
  });
});
