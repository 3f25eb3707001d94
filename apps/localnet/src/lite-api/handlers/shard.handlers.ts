import { beginCell } from '@ton/core';
import { buildMerkleProof, CellSet, serializeBocMultiRoot } from '@app/ton';
import { Codecs as ClientCodecs } from 'ton-lite-client/dist/schema';
import { requireBlock, requireMasterchainBlock, shardFromTl, toTlBlockId } from '../block-id';
import { defineHandler } from '../lite-api-handler';
import { Codecs } from '../lite-api-schema';
import { LiteServerError, LiteServerErrorCode } from '../lite-server-error';
import {
  blockHeaderProof,
  boc,
  dictAsBoolBoc,
  mcExtraParts,
  mcStateExtra,
  shardProofBoc,
} from '../proofs';
import { findShardDescr } from '../shard-descr';
import { encodeTl } from '../tl-encode';
import { proofLinks } from './lookup-block-with-proof.handler';

/**
 * liteServer.getAllShardsInfo id:tonNode.blockIdExt = liteServer.AllShardsInfo;
 * liteServer.allShardsInfo id proof:bytes data:bytes
 * data = a cell `bit 1 + ^ShardHashes root` (append_dict_to_bool), proof = {mc block header proof, mc
 * state proof keeping ShardHashes}, as perform_getAllShardsInfo.
 */
export const getAllShardsInfo = defineHandler(
  'liteServer.getAllShardsInfo',
  Codecs.liteServer_getAllShardsInfo,
  (req, ctx) => {
    const mc = requireMasterchainBlock(ctx.chain, req.id);
    const { shardHashes } = mcExtraParts(mcStateExtra(mc.state));
    return encodeTl(ClientCodecs.liteServer_AllShardsInfo, {
      kind: 'liteServer.allShardsInfo',
      id: toTlBlockId(mc.id),
      proof: shardProofBoc(mc),
      data: dictAsBoolBoc(shardHashes),
    });
  },
);

/**
 * liteServer.getShardInfo id:tonNode.blockIdExt workchain:int shard:long exact:Bool = liteServer.ShardInfo;
 * liteServer.shardInfo id shardblk shard_proof:bytes shard_descr:bytes
 * shard_descr is the ShardDescr as its own cell (the bt_leaf without its tag bit).
 */
export const getShardInfo = defineHandler(
  'liteServer.getShardInfo',
  Codecs.liteServer_getShardInfo,
  (req, ctx) => {
    const mc = requireMasterchainBlock(ctx.chain, req.id);
    if (req.workchain === -1) {
      throw new LiteServerError(LiteServerErrorCode.fatal, 'masterchain has no shard descriptor');
    }
    const extra = mcStateExtra(mc.state);
    const { shardHashes } = mcExtraParts(extra);
    const shard = shardFromTl(req.shard);
    const found = shardHashes ? findShardDescr(shardHashes, req.workchain, shard, req.exact) : null;
    const top = found
      ? ctx.chain
          .shardTopsAt(mc.id.seqno)
          .find((b) => b.id.workchain === req.workchain && b.id.shard === found.leafShard)
      : undefined;
    if (!found || !top) {
      throw new LiteServerError(
        LiteServerErrorCode.fatal,
        `cannot find shard ${req.workchain}:${shard.toString(16)} in the shard configuration`,
      );
    }
    const stateProof = buildMerkleProof(mc.state, CellSet.of(mc.state, extra).addAll(found.path));
    const descr = beginCell().storeSlice(found.leaf.beginParse().skip(1));
    for (const r of found.leaf.refs) {
      descr.storeRef(r);
    }
    return encodeTl(ClientCodecs.liteServer_ShardInfo, {
      kind: 'liteServer.shardInfo',
      id: toTlBlockId(mc.id),
      shardblk: toTlBlockId(top.id),
      shardProof: serializeBocMultiRoot([blockHeaderProof(mc), stateProof]),
      shardDescr: boc(descr.endCell()),
    });
  },
);

/**
 * liteServer.getShardBlockProof id:tonNode.blockIdExt = liteServer.ShardBlockProof;
 * liteServer.shardBlockProof masterchain_id:tonNode.blockIdExt links:(vector liteServer.shardBlockLink)
 * liteServer.shardBlockLink id:tonNode.blockIdExt proof:bytes
 * As continue_getShardBlockProof: from the first masterchain block that commits the block, each link
 * names the next block down and carries a proof of the block before it — the masterchain block's proof
 * keeps the shard's top in McBlockExtra's ShardHashes, a shard block's its prev_ref.
 */
export const getShardBlockProof = defineHandler(
  'liteServer.getShardBlockProof',
  Codecs.liteServer_getShardBlockProof,
  (req, ctx) => {
    const block = requireBlock(ctx.chain, req.id);
    if (block.id.workchain === -1) {
      return encodeTl(ClientCodecs.liteServer_ShardBlockProof, {
        kind: 'liteServer.shardBlockProof',
        masterchainId: toTlBlockId(block.id),
        links: [],
      });
    }
    const mc = ctx.chain.masterchainBlock(block.mcSeqno);
    if (!mc) {
      throw new LiteServerError(
        LiteServerErrorCode.notready,
        'block is not committed to the masterchain yet',
      );
    }
    const links = proofLinks(ctx, mc, block);
    return encodeTl(ClientCodecs.liteServer_ShardBlockProof, {
      kind: 'liteServer.shardBlockProof',
      masterchainId: toTlBlockId(mc.id),
      links,
    });
  },
);
