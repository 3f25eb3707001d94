import {
  checkRunMethodResult,
  type LiteApiSchema,
  proofBlockId,
  ProofError,
  RUN_METHOD_SHARD_PROOFS,
  RUN_METHOD_STATE_PROOF,
  runMethodAnswer,
  sameBlockId,
} from '@app/ton';

import { type CheckContext } from './check-context';

type Request = Record<string, unknown>;

/**
 * runSmcMethod is sent asking for the proofs its answer is checked with (mode bits 0 and 1, as
 * tonlib's RemoteRunSmcMethod asks 0x17), whatever the caller asked.
 */
export function withRunMethodProofs(req: Request): Request {
  if (req.kind !== 'liteServer.runSmcMethod') {
    return req;
  }
  return {
    ...req,
    mode: (Number(req.mode) | RUN_METHOD_SHARD_PROOFS | RUN_METHOD_STATE_PROOF) >>> 0,
  };
}

/**
 * runSmcMethod: the answer is of the masterchain block asked, that block is proven, and the shard,
 * state and Account proofs show the account as it is there (checkRunMethodResult). The exit code and
 * stack stay the liteserver's word.
 */
export async function checkRunMethodAnswer(
  ctx: CheckContext,
  answer: LiteApiSchema.liteServer_runMethodResult,
  req: Request,
): Promise<void> {
  const a = runMethodAnswer(answer);
  const account = req.account as LiteApiSchema.liteServer_accountId;
  const asked = proofBlockId(req.id as LiteApiSchema.tonNode_blockIdExt);
  if (!sameBlockId(a.id, asked)) {
    throw new ProofError(
      'run_method',
      `answer is at block ${String(a.id.seqno)}, not the block asked (${String(asked.seqno)})`,
    );
  }
  await ctx.chain.verifyMasterchainBlock(ctx.engine, asked);
  checkRunMethodResult(a, asked, account.workchain, Buffer.from(account.id));
}
