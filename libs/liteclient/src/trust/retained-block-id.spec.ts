import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sameBlockId } from '@app/ton';

import { decodedBlockId as decodedId } from './decoded-block-id.testing';
import { retainedBlockId } from './retained-block-id';

void describe('retainedBlockId', () => {
  void it('copies the hashes out of the shared pool into buffers of their own', () => {
    const decoded = decodedId(7);
    // The premise: each decoded hash is a view on a whole pool slab.
    assert.equal(decoded.rootHash.buffer.byteLength, Buffer.poolSize);
    assert.equal(decoded.fileHash.buffer.byteLength, Buffer.poolSize);

    const kept = retainedBlockId(decoded);

    assert.equal(kept.rootHash.buffer.byteLength, 32);
    assert.equal(kept.fileHash.buffer.byteLength, 32);
    assert.ok(sameBlockId(kept, decoded));
    assert.equal(kept.shard, 0x8000000000000000n);
  });
});
