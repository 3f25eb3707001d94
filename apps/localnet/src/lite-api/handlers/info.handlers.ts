import { Codecs as ClientCodecs } from 'ton-lite-client/dist/schema';
import { toTlBlockId } from '../block-id';
import { defineHandler, type LiteApiContext } from '../lite-api-handler';
import { Codecs } from '../lite-api-schema';
import { LiteServerError, LiteServerErrorCode } from '../lite-server-error';
import { encodeTl } from '../tl-encode';

/** Version and capabilities the C++ liteserver reports (liteserver.hpp ls_version, ls_capabilities). */
export const LS_VERSION = 0x101;
export const LS_CAPABILITIES = '7';

function zeroStateId(ctx: LiteApiContext) {
  const zero = ctx.chain.zeroState().id;
  return {
    kind: 'tonNode.zeroStateIdExt' as const,
    workchain: zero.workchain,
    rootHash: zero.rootHash,
    fileHash: zero.fileHash,
  };
}

/** liteServer.getMasterchainInfo = liteServer.MasterchainInfo;
 *  liteServer.masterchainInfo last:tonNode.blockIdExt state_root_hash:int256 init:tonNode.zeroStateIdExt */
export const getMasterchainInfo = defineHandler(
  'liteServer.getMasterchainInfo',
  Codecs.liteServer_getMasterchainInfo,
  (_req, ctx) => {
    const head = ctx.chain.head();
    return encodeTl(ClientCodecs.liteServer_MasterchainInfo, {
      kind: 'liteServer.masterchainInfo',
      last: toTlBlockId(head.id),
      stateRootHash: head.state.hash(),
      init: zeroStateId(ctx),
    });
  },
);

/** liteServer.getMasterchainInfoExt mode:# = liteServer.MasterchainInfoExt;
 *  liteServer.masterchainInfoExt mode:# version:int capabilities:long last:tonNode.blockIdExt
 *    last_utime:int now:int state_root_hash:int256 init:tonNode.zeroStateIdExt */
export const getMasterchainInfoExt = defineHandler(
  'liteServer.getMasterchainInfoExt',
  Codecs.liteServer_getMasterchainInfoExt,
  (req, ctx) => {
    if ((req.mode & 0x7fffffff) > 0) {
      // perform_getMasterchainInfo: "unsupported getMasterchainInfo mode"
      throw new LiteServerError(LiteServerErrorCode.fatal, 'unsupported getMasterchainInfo mode');
    }
    const head = ctx.chain.head();
    return encodeTl(ClientCodecs.liteServer_MasterchainInfoExt, {
      kind: 'liteServer.masterchainInfoExt',
      mode: 0,
      version: LS_VERSION,
      capabilities: LS_CAPABILITIES,
      last: toTlBlockId(head.id),
      lastUtime: head.genUtime,
      now: ctx.chain.now(),
      stateRootHash: head.state.hash(),
      init: zeroStateId(ctx),
    });
  },
);

/** liteServer.getTime = liteServer.CurrentTime; liteServer.currentTime now:int */
export const getTime = defineHandler('liteServer.getTime', Codecs.liteServer_getTime, (_req, ctx) =>
  encodeTl(ClientCodecs.liteServer_CurrentTime, {
    kind: 'liteServer.currentTime',
    now: ctx.chain.now(),
  }),
);

/** liteServer.getVersion = liteServer.Version; liteServer.version mode:# version:int capabilities:long now:int */
export const getVersion = defineHandler(
  'liteServer.getVersion',
  Codecs.liteServer_getVersion,
  (_req, ctx) =>
    encodeTl(ClientCodecs.liteServer_Version, {
      kind: 'liteServer.version',
      mode: 0,
      version: LS_VERSION,
      capabilities: LS_CAPABILITIES,
      now: ctx.chain.now(),
    }),
);
