import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { ChainVerifier } from './chain-verifier';
import { decodedBlockId as decodedId } from './decoded-block-id.testing';

void describe('ChainVerifier', () => {
  void it('keeps the blocks it trusts with hashes of their own, no pool slab pinned', () => {
    const verifier = new ChainVerifier(decodedId(0), undefined, [decodedId(5)]);

    const head = verifier.verifiedHead;
    assert.ok(head !== null);
    assert.equal(head.seqno, 5);
    assert.equal(head.rootHash.buffer.byteLength, 32);
    assert.equal(head.fileHash.buffer.byteLength, 32);
    assert.ok(verifier.isVerified(decodedId(0)));
    assert.ok(verifier.isVerified(decodedId(5)));
  });
});
