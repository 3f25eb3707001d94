import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { proofBlockId } from '@app/ton';

import { ChainVerifier } from './chain-verifier';

/** A masterchain block id as an answer decodes it: its hashes are slices of the shared pool. */
function decodedId(seqno: number) {
  return proofBlockId({
    kind: 'tonNode.blockIdExt',
    workchain: -1,
    shard: '-9223372036854775808',
    seqno,
    rootHash: Buffer.alloc(32, seqno % 251),
    fileHash: Buffer.alloc(32, (seqno + 1) % 251),
  });
}

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
