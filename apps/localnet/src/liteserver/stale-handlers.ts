import { type TLCodec, TLReadBuffer } from 'ton-tl';

import { toTlBlockId } from '../lite-api/block-id';
import { type LiteApiFunctionName, type LiteApiHandler } from '../lite-api/lite-api-handler';
import { LITE_API_HANDLERS } from '../lite-api/handlers';
import { Codecs } from '../lite-api/lite-api-schema';
import { encodeTl } from '../lite-api/tl-encode';

interface AtBlock {
  readonly id: { readonly workchain: number; readonly seqno: number };
}

/** The state queries a stale liteserver answers at the previous block, with their request codecs. */
const STATE_QUERIES = new Map<LiteApiFunctionName, TLCodec<AtBlock>>([
  ['liteServer.getAccountState', Codecs.liteServer_getAccountState],
  ['liteServer.runSmcMethod', Codecs.liteServer_runSmcMethod],
  ['liteServer.getConfigParams', Codecs.liteServer_getConfigParams],
  ['liteServer.getConfigAll', Codecs.liteServer_getConfigAll],
]);

/**
 * Asked for state at a masterchain block, `honest` answers for the block before it: the honest,
 * fully proven answer of an older state. Only a client that checks the answer is of the block it
 * asked notices (tonlib does).
 */
function atPreviousBlock(codec: TLCodec<AtBlock>, honest: LiteApiHandler): LiteApiHandler {
  return {
    name: honest.name,
    run: (args, ctx) => {
      const req = codec.decode(args);
      const older =
        req.id.workchain === -1 && req.id.seqno > 0
          ? ctx.chain.masterchainBlock(req.id.seqno - 1)
          : undefined;
      const asked = older === undefined ? req : { ...req, id: toTlBlockId(older.id) };
      return honest.run(new TLReadBuffer(encodeTl(codec, asked)), ctx);
    },
  };
}

/** The handlers of a stale liteserver: state queries answered at the previous block, the rest honest. */
export const STALE_HANDLERS: readonly LiteApiHandler[] = LITE_API_HANDLERS.map((h) => {
  const codec = STATE_QUERIES.get(h.name);
  return codec === undefined ? h : atPreviousBlock(codec, h);
});
