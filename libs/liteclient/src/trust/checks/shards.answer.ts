import {
  checkAllShardsInfo,
  checkShardBlockLinks,
  checkShardInfo,
  type LiteApiSchema,
  proofBlockId,
  ProofError,
  sameBlockId,
} from '@app/ton';

import { type CheckContext } from './check-context';
import { shardLinks } from './prove-block';

type Request = Record<string, unknown>;

/** The masterchain block an answer is of must be the one asked for, and proven. */
async function provenAskedBlock(
  ctx: CheckContext,
  answered: LiteApiSchema.tonNode_blockIdExt,
  req: Request,
) {
  const id = proofBlockId(answered);
  const asked = req.id as LiteApiSchema.tonNode_blockIdExt | undefined;
  if (asked && !sameBlockId(proofBlockId(asked), id)) {
    throw new ProofError('shard_block', `answer of block ${id.seqno}, not of the block asked`);
  }
  await ctx.chain.verifyMasterchainBlock(ctx.engine, id);
  return id;
}

/** getAllShardsInfo: the shard list is the proven masterchain state's ShardHashes. */
export async function checkAllShardsAnswer(
  ctx: CheckContext,
  answer: LiteApiSchema.liteServer_allShardsInfo,
  req: Request,
): Promise<void> {
  const mc = await provenAskedBlock(ctx, answer.id, req);
  checkAllShardsInfo({ proof: Buffer.from(answer.proof), data: Buffer.from(answer.data) }, mc);
}

/** getShardInfo: the descriptor and top block of the asked shard in the proven ShardHashes. */
export async function checkShardInfoAnswer(
  ctx: CheckContext,
  answer: LiteApiSchema.liteServer_shardInfo,
  req: Request,
): Promise<void> {
  const mc = await provenAskedBlock(ctx, answer.id, req);
  const r = req as unknown as LiteApiSchema.liteServer_getShardInfo;
  checkShardInfo(
    {
      shardblk: proofBlockId(answer.shardblk),
      shardProof: Buffer.from(answer.shardProof),
      shardDescr: Buffer.from(answer.shardDescr),
    },
    mc,
    { workchain: r.workchain, shard: BigInt.asUintN(64, BigInt(r.shard)), exact: r.exact },
  );
}

/** getShardBlockProof: the links from a proven masterchain block down to the asked block. */
export async function checkShardBlockProofAnswer(
  ctx: CheckContext,
  answer: LiteApiSchema.liteServer_shardBlockProof,
  req: Request,
): Promise<void> {
  const target = proofBlockId(req.id as LiteApiSchema.tonNode_blockIdExt);
  const mc = proofBlockId(answer.masterchainId);
  await ctx.chain.verifyMasterchainBlock(ctx.engine, mc);
  if (target.workchain === -1) {
    if (!sameBlockId(mc, target) || answer.links.length > 0) {
      throw new ProofError('shard_block', 'a masterchain block is its own proof, with no links');
    }
    return;
  }
  checkShardBlockLinks(mc, shardLinks(answer), target);
  ctx.chain.provenShardBlocks.add(target);
}
