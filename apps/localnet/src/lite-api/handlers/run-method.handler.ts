import { serializeTuple, type TupleItem } from '@ton/core';
import { buildMerkleProof, CellSet, readStackArgumentsBoc, serializeBocMultiRoot } from '@app/ton';
import { Codecs as ClientCodecs } from 'ton-lite-client/dist/schema';
import { toTlBlockId } from '../block-id';
import { defineHandler } from '../lite-api-handler';
import { Codecs } from '../lite-api-schema';
import { LiteServerError, LiteServerErrorCode } from '../lite-server-error';
import { accountStateProof, blockHeaderProof, boc } from '../proofs';
import { encodeTl } from '../tl-encode';
import { resolveAccount } from './account.handlers';

/**
 * The caller's VmStack within GET_METHOD_STACK_LIMITS, refused from its bytes before any cell is
 * built: the stack is the one input a lite client fully controls, and a stack too deep traps the
 * emulator.
 */
function parseParams(params: Buffer): TupleItem[] {
  try {
    return readStackArgumentsBoc(params);
  } catch (err) {
    throw new LiteServerError(
      LiteServerErrorCode.fatal,
      `cannot deserialize parameter list boc: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

/**
 * liteServer.runSmcMethod mode:# id:tonNode.blockIdExt account:liteServer.accountId method_id:long
 *   params:bytes = liteServer.RunMethodResult;
 * liteServer.runMethodResult mode:# id shardblk shard_proof:mode.0?bytes proof:mode.0?bytes
 *   state_proof:mode.1?bytes init_c7:mode.3?bytes lib_extras:mode.4?bytes exit_code:int result:mode.2?bytes
 *
 * The get-method runs on the account's state at the requested block (ChainReader.runGetMethod). An absent
 * or uninitialised account gives exit code -256, as perform_runSmcMethod does. init_c7 and lib_extras
 * (mode bits 3 and 4) are sent empty: the chain does not expose the c7 tuple it built.
 */
export const runSmcMethod = defineHandler(
  'liteServer.runSmcMethod',
  Codecs.liteServer_runSmcMethod,
  async (req, ctx) => {
    if ((req.mode & ~0x1f) !== 0) {
      throw new LiteServerError(LiteServerErrorCode.fatal, 'unsupported mode in runSmcMethod');
    }
    const methodId = BigInt(req.methodId);
    if (methodId < -(2n ** 31n) || methodId >= 2n ** 31n) {
      throw new LiteServerError(
        LiteServerErrorCode.fatal,
        `method id ${req.methodId} out of range`,
      );
    }
    const stack = parseParams(req.params);
    const r = resolveAccount(ctx, req.id, req.account);
    const mcSeqno = r.block.id.workchain === -1 ? r.block.id.seqno : r.block.mcSeqno;
    const result = await ctx.chain.runGetMethod(mcSeqno, r.address, Number(methodId), stack);
    const withProof = (req.mode & 1) !== 0;
    const { proof, account } =
      withProof || (req.mode & 2) !== 0
        ? accountStateProof(r.shardBlock.state, req.account.id)
        : { proof: null, account: null };
    return encodeTl(ClientCodecs.liteServer_RunMethodResult, {
      kind: 'liteServer.runMethodResult',
      mode: req.mode,
      id: toTlBlockId(r.block.id),
      shardblk: toTlBlockId(r.shardBlock.id),
      shardProof: withProof ? r.shardProof : null,
      proof:
        withProof && proof ? serializeBocMultiRoot([blockHeaderProof(r.shardBlock), proof]) : null,
      // state_proof: the Account cell the method ran on, as a Merkle proof keeping all of it
      stateProof:
        (req.mode & 2) !== 0
          ? account
            ? boc(buildMerkleProof(account, new CellSet().addSubtree(account)))
            : Buffer.alloc(0)
          : null,
      initC7: (req.mode & 8) !== 0 ? Buffer.alloc(0) : null,
      libExtras: (req.mode & 16) !== 0 ? Buffer.alloc(0) : null,
      exitCode: result.exitCode,
      result: (req.mode & 4) !== 0 ? boc(serializeTuple(result.stack)) : null,
    });
  },
);
