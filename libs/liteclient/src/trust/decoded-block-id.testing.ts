import { type ProofBlockId, proofBlockId } from '@app/ton';

/**
 * A masterchain block id as an answer decodes it: proofBlockId copies the hashes with Buffer.from,
 * so each is a view on a slab of Node's shared Buffer pool (what retainedBlockId guards against).
 */
export function decodedBlockId(seqno: number): ProofBlockId {
  return proofBlockId({
    kind: 'tonNode.blockIdExt',
    workchain: -1,
    shard: '-9223372036854775808',
    seqno,
    rootHash: Buffer.alloc(32, seqno % 251),
    fileHash: Buffer.alloc(32, (seqno + 1) % 251),
  });
}
