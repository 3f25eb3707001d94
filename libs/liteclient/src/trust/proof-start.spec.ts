import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type ProofBlockId } from '@app/ton';

import { proofStart } from './proof-start';

function id(seqno: number): ProofBlockId {
  return {
    workchain: -1,
    shard: 0x8000000000000000n,
    seqno,
    rootHash: Buffer.alloc(32, seqno % 251),
    fileHash: Buffer.alloc(32, (seqno + 1) % 251),
  };
}

void describe('proofStart', () => {
  const forks = [id(500), id(900)];

  void it('proves a newer block from the trusted key block when no hard fork lies between', () => {
    assert.equal(
      proofStart(id(1500), { keyBlock: id(1000), head: id(1200), hardforks: forks }).seqno,
      1000,
    );
    assert.equal(
      proofStart(id(1500), { keyBlock: id(1000), head: null, hardforks: [] }).seqno,
      1000,
    );
  });

  void it('never proves forward across a hard fork: the newest one at or before the target starts', () => {
    // A key block from before both hard forks (an anchor older than the config's hard forks).
    const trusted = { keyBlock: id(100), head: id(100), hardforks: forks };
    assert.equal(proofStart(id(400), trusted).seqno, 100);
    assert.equal(proofStart(id(500), trusted).seqno, 500);
    assert.equal(proofStart(id(800), trusted).seqno, 500);
    assert.equal(proofStart(id(900), trusted).seqno, 900);
    assert.equal(proofStart(id(5000), trusted).seqno, 900);
    // A key block proven after the first hard fork: only the second is between.
    assert.equal(proofStart(id(5000), { ...trusted, keyBlock: id(600) }).seqno, 900);
    assert.equal(proofStart(id(700), { ...trusted, keyBlock: id(600) }).seqno, 600);
  });

  void it('proves an older block backward from the head, across hard forks too', () => {
    const trusted = { keyBlock: id(1000), head: id(1200), hardforks: forks };
    assert.equal(proofStart(id(300), trusted).seqno, 1200);
    // Newer than the key block: forward from it, though the head is newer still.
    assert.equal(proofStart(id(1100), trusted).seqno, 1000);
    assert.equal(proofStart(id(999), trusted).seqno, 1200);
    // Nothing newer proven than the target: from the key block.
    assert.equal(proofStart(id(1000), { ...trusted, head: id(1000) }).seqno, 1000);
  });
});
