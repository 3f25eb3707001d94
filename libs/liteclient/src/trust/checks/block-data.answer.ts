import {
  checkBlockData,
  type LiteApiSchema,
  proofBlockId,
  ProofError,
  sameBlockId,
} from '@app/ton';

import { type CheckContext } from './check-context';
import { proveBlock } from './prove-block';

/** getBlock: the data is the asked block's (file hash and root hash), and that block is proven. */
export async function checkBlockDataAnswer(
  ctx: CheckContext,
  answer: LiteApiSchema.liteServer_blockData,
  req: Record<string, unknown>,
): Promise<void> {
  const id = proofBlockId(answer.id);
  const asked = req.id as LiteApiSchema.tonNode_blockIdExt | undefined;
  if (asked && !sameBlockId(proofBlockId(asked), id)) {
    throw new ProofError('block_data', `data of block ${id.seqno}, not of the block asked`);
  }
  checkBlockData(Buffer.from(answer.data), id);
  await proveBlock(ctx, id);
}
