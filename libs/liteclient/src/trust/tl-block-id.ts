import { type LiteApiSchema, type ProofBlockId } from '@app/ton';

/** A proven block id as lite_api sends it (the shard as the signed 64-bit value TL `long` holds). */
export function toTlBlockId(id: ProofBlockId): LiteApiSchema.tonNode_blockIdExt {
  return {
    kind: 'tonNode.blockIdExt',
    workchain: id.workchain,
    shard: BigInt.asIntN(64, id.shard).toString(),
    seqno: id.seqno,
    rootHash: id.rootHash,
    fileHash: id.fileHash,
  };
}
