import { checkShardBlockLinks, LiteApiSchema, type ProofBlockId, proofBlockId } from '@app/ton';

import { toTlBlockId } from '../tl-block-id';
import { askForProof, type CheckContext } from './check-context';

/**
 * Proves that block `id` is in the chain the trusted key block leads to: a masterchain block by the
 * chain verifier's block links; a shard-chain block by liteServer.getShardBlockProof — the masterchain
 * block committing it (proven in turn) and the links down from that block's shard top
 * (checkShardBlockLinks), as tonlib's GetShardBlockProof. Proven shard blocks are remembered.
 */
export async function proveBlock(ctx: CheckContext, id: ProofBlockId): Promise<void> {
  if (id.workchain === -1) {
    await ctx.chain.verifyMasterchainBlock(ctx.engine, id);
    return;
  }
  if (ctx.chain.provenShardBlocks.has(id)) {
    return;
  }
  const answer = await askForProof(
    ctx,
    LiteApiSchema.Functions.liteServer_getShardBlockProof,
    { kind: 'liteServer.getShardBlockProof', id: toTlBlockId(id) },
    'shard_block',
    `shard block ${id.seqno}`,
  );
  const mc = proofBlockId(answer.masterchainId);
  await ctx.chain.verifyMasterchainBlock(ctx.engine, mc);
  checkShardBlockLinks(mc, shardLinks(answer), id);
  ctx.chain.provenShardBlocks.add(id);
}

export function shardLinks(answer: LiteApiSchema.liteServer_shardBlockProof) {
  return answer.links.map((l) => ({ id: proofBlockId(l.id), proof: Buffer.from(l.proof) }));
}
