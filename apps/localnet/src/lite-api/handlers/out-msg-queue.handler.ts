import type { liteServer_outMsgQueueSize } from '../lite-api-schema';
import { Codecs } from '../lite-api-schema';
import { requireBlock, shardContains, toTlBlockId } from '../block-id';
import { defineHandler } from '../lite-api-handler';
import { boc, outMsgQueueSize, outMsgQueueStateProof } from '../proofs';
import { encodeTl } from '../tl-encode';

/** The localnet enforces no external-message queue limit; 0 reports "none configured". */
export const EXT_MSG_QUEUE_SIZE_LIMIT = 0;

/**
 * liteServer.getOutMsgQueueSizes mode:# wc:mode.0?int shard:mode.0?long = liteServer.OutMsgQueueSizes;
 * liteServer.outMsgQueueSizes shards:(vector liteServer.outMsgQueueSize) ext_msg_queue_size_limit:int
 * liteServer.outMsgQueueSize id:tonNode.blockIdExt size:int
 * One entry for the last masterchain block and each shard top it commits (mode bit 0 narrows to the
 * shards intersecting wc:shard), each with the number of messages in its state's OutMsgQueue.
 * (ton-lite-client lacks these constructors; the generated codec encodes them.)
 */
export const getOutMsgQueueSizes = defineHandler(
  'liteServer.getOutMsgQueueSizes',
  Codecs.liteServer_getOutMsgQueueSizes,
  (req, ctx) => {
    const head = ctx.chain.head();
    let blocks = [head, ...ctx.chain.shardTopsAt(head.id.seqno)];
    if ((req.mode & 1) !== 0 && req.wc !== null && req.shard !== null) {
      const wc = req.wc;
      const shard = BigInt.asUintN(64, BigInt(req.shard));
      blocks = blocks.filter(
        (b) =>
          b.id.workchain === wc &&
          (shardContains(b.id.shard, shard) || shardContains(shard, b.id.shard)),
      );
    }
    const shards: liteServer_outMsgQueueSize[] = blocks.map((b) => ({
      kind: 'liteServer.outMsgQueueSize',
      id: toTlBlockId(b.id),
      size: outMsgQueueSize(b.state),
    }));
    return encodeTl(Codecs.liteServer_OutMsgQueueSizes, {
      kind: 'liteServer.outMsgQueueSizes',
      shards,
      extMsgQueueSizeLimit: EXT_MSG_QUEUE_SIZE_LIMIT,
    });
  },
);

/**
 * liteServer.getBlockOutMsgQueueSize mode:# id:tonNode.blockIdExt want_proof:mode.0?true
 *   = liteServer.BlockOutMsgQueueSize;
 * liteServer.blockOutMsgQueueSize mode:# id size:long proof:mode.0?bytes
 * The proof (mode bit 0) is a Merkle proof of the block's state keeping its OutMsgQueueInfo.
 */
export const getBlockOutMsgQueueSize = defineHandler(
  'liteServer.getBlockOutMsgQueueSize',
  Codecs.liteServer_getBlockOutMsgQueueSize,
  (req, ctx) => {
    const block = requireBlock(ctx.chain, req.id);
    const withProof = (req.mode & 1) !== 0;
    return encodeTl(Codecs.liteServer_BlockOutMsgQueueSize, {
      kind: 'liteServer.blockOutMsgQueueSize',
      mode: req.mode & 1,
      id: toTlBlockId(block.id),
      size: outMsgQueueSize(block.state).toString(),
      proof: withProof ? boc(outMsgQueueStateProof(block.state)) : null,
    });
  },
);
