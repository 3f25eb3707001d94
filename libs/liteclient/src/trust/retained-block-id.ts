import { type ProofBlockId } from '@app/ton';

/**
 * A copy of `id` fit to be kept for long: its hashes in buffers of their own. The ids decoded from
 * answers (proofBlockId) hold Buffer.from copies, and Node slices copies under 4 KiB out of a shared
 * 8 KiB pool, so each 32-byte hash kept in a long-lived map pins a whole pool slab: about 8 KiB per
 * remembered block id instead of 64 bytes (Buffer.allocUnsafeSlow,
 * https://nodejs.org/api/buffer.html#static-method-bufferallocunsafeslowsize, recommends this copy for
 * small chunks retained "for an indeterminate amount of time").
 */
export function retainedBlockId(id: ProofBlockId): ProofBlockId {
  return {
    workchain: id.workchain,
    shard: id.shard,
    seqno: id.seqno,
    rootHash: unpooledCopy(id.rootHash),
    fileHash: unpooledCopy(id.fileHash),
  };
}

function unpooledCopy(bytes: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}
