import { Codecs as ClientCodecs, type tonNode_blockIdExt } from 'ton-lite-client/dist/schema';
import { requireMasterchainBlock, toTlBlockId } from '../block-id';
import { defineHandler, type LiteApiContext } from '../lite-api-handler';
import { Codecs } from '../lite-api-schema';
import { blockHeaderProof, boc, configStateProof } from '../proofs';
import { encodeTl } from '../tl-encode';

/**
 * liteServer.getConfigAll mode:# id:tonNode.blockIdExt = liteServer.ConfigInfo;
 * liteServer.configInfo mode:# id:tonNode.blockIdExt state_proof:bytes config_proof:bytes
 * state_proof = the masterchain block's header proof (it links the block to its state hash);
 * config_proof = Merkle proof of the masterchain state keeping McStateExtra and the whole config
 * (ton-lite-client's getConfig reads `extras` from it, so neither may be pruned).
 */
export const getConfigAll = defineHandler(
  'liteServer.getConfigAll',
  Codecs.liteServer_getConfigAll,
  (req, ctx) => configInfo(ctx, req, 'all'),
);

/** liteServer.getConfigParams mode:# id:tonNode.blockIdExt param_list:(vector int) = liteServer.ConfigInfo;
 *  as getConfigAll, but the config proof keeps only the requested params' dictionary paths. */
export const getConfigParams = defineHandler(
  'liteServer.getConfigParams',
  Codecs.liteServer_getConfigParams,
  (req, ctx) => configInfo(ctx, req, req.paramList),
);

/** The liteServer.configInfo of masterchain block `req.id` whose config proof keeps `params`. */
function configInfo(
  ctx: LiteApiContext,
  req: { readonly mode: number; readonly id: tonNode_blockIdExt },
  params: 'all' | readonly number[],
): Buffer {
  const mc = requireMasterchainBlock(ctx.chain, req.id);
  return encodeTl(ClientCodecs.liteServer_ConfigInfo, {
    kind: 'liteServer.configInfo',
    mode: req.mode & 0xffff,
    id: toTlBlockId(mc.id),
    stateProof: boc(blockHeaderProof(mc)),
    configProof: boc(configStateProof(mc.state, params)),
  });
}
