import { Codecs as ClientCodecs } from 'ton-lite-client/dist/schema';
import type { BlockSelector } from '../../chain/chain-reader';
import { blockNotFound, requireBlock, shardFromTl, toTlBlockId } from '../block-id';
import { defineHandler } from '../lite-api-handler';
import { Codecs } from '../lite-api-schema';
import { LiteServerError, LiteServerErrorCode } from '../lite-server-error';
import { blockHeaderProof, boc } from '../proofs';
import { encodeTl } from '../tl-encode';

/**
 * liteServer.lookupBlock mode:# id:tonNode.blockId lt:mode.1?long utime:mode.2?int = liteServer.BlockHeader;
 * liteServer.blockHeader id:tonNode.blockIdExt mode:# header_proof:bytes
 * mode bit 0: by seqno, bit 1: by lt, bit 2: by utime; exactly one (perform_lookupBlock).
 */
/**
 * The block a lookup names: mode bit 0 by seqno, bit 1 by lt, bit 2 by utime; exactly one
 * (perform_lookupBlock and perform_lookupBlockWithProof alike).
 */
export function lookupSelector(req: {
  mode: number;
  id: { seqno: number };
  lt: string | null;
  utime: number | null;
}): BlockSelector {
  const by = req.mode & 7;
  if (by === 1) {
    return { seqno: req.id.seqno };
  }
  if (by === 2 && req.lt !== null) {
    return { lt: BigInt(req.lt) };
  }
  if (by === 4 && req.utime !== null) {
    return { utime: req.utime };
  }
  throw new LiteServerError(
    LiteServerErrorCode.fatal,
    'exactly one of mode.0, mode.1 and mode.2 bits must be set',
  );
}

export const lookupBlock = defineHandler(
  'liteServer.lookupBlock',
  Codecs.liteServer_lookupBlock,
  (req, ctx) => {
    const selector = lookupSelector(req);
    const shard = shardFromTl(req.id.shard);
    const block = ctx.chain.lookup(req.id.workchain, shard, selector);
    if (!block) {
      throw blockNotFound(
        `(${req.id.workchain},${shard.toString(16)}) ${JSON.stringify(selector, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`,
      );
    }
    return encodeTl(ClientCodecs.liteServer_BlockHeader, {
      kind: 'liteServer.blockHeader',
      id: toTlBlockId(block.id),
      mode: req.mode,
      headerProof: boc(blockHeaderProof(block)),
    });
  },
);

/** liteServer.getBlockHeader id:tonNode.blockIdExt mode:# = liteServer.BlockHeader; */
export const getBlockHeader = defineHandler(
  'liteServer.getBlockHeader',
  Codecs.liteServer_getBlockHeader,
  (req, ctx) => {
    const block = requireBlock(ctx.chain, req.id);
    return encodeTl(ClientCodecs.liteServer_BlockHeader, {
      kind: 'liteServer.blockHeader',
      id: toTlBlockId(block.id),
      mode: req.mode,
      headerProof: boc(blockHeaderProof(block)),
    });
  },
);

/** liteServer.getBlock id:tonNode.blockIdExt = liteServer.BlockData;
 *  liteServer.blockData id:tonNode.blockIdExt data:bytes (the block's BoC, whose sha256 is file_hash) */
export const getBlock = defineHandler(
  'liteServer.getBlock',
  Codecs.liteServer_getBlock,
  (req, ctx) => {
    const block = requireBlock(ctx.chain, req.id);
    // The kept BoC first: reading `block` may parse the cells again (withLazyBlock), for nothing here.
    const data = block.blockBoc ?? (block.block === null ? undefined : boc(block.block));
    if (data === undefined) {
      throw new LiteServerError(LiteServerErrorCode.notready, 'a zero state has no block data');
    }
    return encodeTl(ClientCodecs.liteServer_BlockData, {
      kind: 'liteServer.blockData',
      id: toTlBlockId(block.id),
      data,
    });
  },
);

/** liteServer.getState id:tonNode.blockIdExt = liteServer.BlockState;
 *  liteServer.blockState id root_hash:int256 file_hash:int256 data:bytes
 *  Only zero states, as perform_getState ("cannot request total state: possibly too large"). */
export const getState = defineHandler(
  'liteServer.getState',
  Codecs.liteServer_getState,
  (req, ctx) => {
    const block = requireBlock(ctx.chain, req.id);
    if (block.id.seqno !== 0) {
      throw new LiteServerError(
        LiteServerErrorCode.fatal,
        'cannot request total state: possibly too large',
      );
    }
    return encodeTl(ClientCodecs.liteServer_BlockState, {
      kind: 'liteServer.blockState',
      id: toTlBlockId(block.id),
      rootHash: block.id.rootHash,
      fileHash: block.id.fileHash,
      data: boc(block.state),
    });
  },
);
