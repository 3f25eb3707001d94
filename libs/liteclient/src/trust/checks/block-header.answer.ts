import {
  checkBlockInfoProof,
  checkBlockLookup,
  checkPrevUtime,
  LiteApiSchema,
  proofBlockId,
  ProofError,
  proofRoot,
  sameBlockId,
} from '@app/ton';

import { toTlBlockId } from '../tl-block-id';
import { askForProof, type CheckContext } from './check-context';
import { proveBlock } from './prove-block';

/**
 * liteServer.blockHeader, the answer of getBlockHeader and lookupBlock, of any workchain: the header
 * proof must hash to the answered id and name its workchain, shard and seqno; getBlockHeader must
 * answer the block asked, lookupBlock a block within tonlib's bounds of what was asked
 * (checkBlockLookup; by utime the previous block's header is fetched for its gen_utime); then the id is
 * proven (proveBlock). Only BlockInfo is required in the proof: lookupBlock's header mode is the
 * request mode >> 4, so a plain lookup's proof prunes state_update.
 */
export async function checkBlockHeaderAnswer(
  ctx: CheckContext,
  answer: LiteApiSchema.liteServer_blockHeader,
  req: Record<string, unknown>,
): Promise<void> {
  const id = proofBlockId(answer.id);
  const proof = proofRoot(Buffer.from(answer.headerProof), 'block_header', 'header');
  if (req.kind === 'liteServer.lookupBlock') {
    const r = req as unknown as LiteApiSchema.liteServer_lookupBlock;
    const outcome = checkBlockLookup(proof, id, {
      mode: r.mode,
      workchain: r.id.workchain,
      shard: BigInt.asUintN(64, BigInt(r.id.shard)),
      seqno: r.id.seqno,
      lt: r.lt === null ? null : BigInt(r.lt),
      utime: r.utime,
    });
    // A zero state has no block header to bound it: a block right after one needs no lower bound.
    if ((r.mode & 7) === 4 && r.utime !== null && outcome.prev && outcome.prev.seqno > 0) {
      const prev = await askForProof(
        ctx,
        LiteApiSchema.Functions.liteServer_getBlockHeader,
        { kind: 'liteServer.getBlockHeader', id: toTlBlockId(outcome.prev), mode: 0 },
        'block_lookup',
        `the block before ${id.seqno}`,
      );
      checkPrevUtime(
        proofRoot(Buffer.from(prev.headerProof), 'block_lookup', 'header'),
        outcome.prev,
        r.utime,
      );
    }
  } else {
    checkBlockInfoProof(proof, id, 'block_header');
    const asked = req.id as LiteApiSchema.tonNode_blockIdExt | undefined;
    if (asked && !sameBlockId(proofBlockId(asked), id)) {
      throw new ProofError('block_header', `header of block ${id.seqno}, not of the block asked`);
    }
  }
  await proveBlock(ctx, id);
}
