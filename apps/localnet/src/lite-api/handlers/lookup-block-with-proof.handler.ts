import type { Cell } from '@ton/core';
import { buildMerkleProof, CellSet } from '@app/ton';
import type { StoredBlock } from '../../chain/chain-reader';
import {
  blockNotFound,
  requireMasterchainBlock,
  shardContains,
  shardFromTl,
  toTlBlockId,
} from '../block-id';
import { defineHandler, type LiteApiContext } from '../lite-api-handler';
import { Codecs, type liteServer_shardBlockLink } from '../lite-api-schema';
import { lookupSelector } from './block.handlers';
import { LiteServerError, LiteServerErrorCode } from '../lite-server-error';
import { blockHeaderProof, boc, prevBlocksStateProof } from '../proofs';
import { findShardDescr } from '../shard-descr';
import { encodeTl } from '../tl-encode';

/** Shard block chains between masterchain blocks are at most 8 long (collator.cpp), as the C++ checks. */
const MAX_LINKS = 8;

/** Proof of a block keeping its header: root, BlockInfo and BlockInfo's prev / master refs
 *  (unpack_block_prev_blk_try touches exactly these). */
function prevRefsProof(block: Cell): Cell {
  const info = block.refs[0];
  if (!info) {
    throw new LiteServerError(LiteServerErrorCode.error, 'block without BlockInfo');
  }
  return buildMerkleProof(block, CellSet.of(block, info).addAll(info.refs));
}

function blockCell(b: StoredBlock): Cell {
  if (!b.block) {
    throw new LiteServerError(LiteServerErrorCode.fatal, 'a zero state has no block header');
  }
  return b.block;
}

/**
 * Proof of a masterchain block keeping the path to a shard's descriptor in its McBlockExtra:
 *   block_extra ... custom:(Maybe ^McBlockExtra) = BlockExtra;
 *   masterchain_block_extra#cca5 key_block:(## 1) shard_hashes:ShardHashes ... = McBlockExtra;
 */
function mcShardLinkProof(mc: StoredBlock, target: StoredBlock): Cell {
  const root = blockCell(mc);
  const extra = root.refs[3];
  const custom = extra?.refs[3];
  const shardHashes = custom
    ?.beginParse()
    .skip(16 + 1)
    .loadBit()
    ? custom.refs[0]
    : undefined;
  if (!extra || !custom || !shardHashes) {
    throw new LiteServerError(
      LiteServerErrorCode.fatal,
      `cannot unpack header of block ${mc.id.seqno}`,
    );
  }
  const found = findShardDescr(shardHashes, target.id.workchain, target.id.shard, false);
  if (!found) {
    throw new LiteServerError(LiteServerErrorCode.fatal, 'shard not found');
  }
  return buildMerkleProof(root, CellSet.of(root, extra, custom).addAll(found.path));
}

/** The links from the masterchain block committing `target` down to it (continue_lookupBlockWithProof_
 *  buildProofLinks): each link names the next block down and carries the proof that names it. */
export function proofLinks(
  ctx: LiteApiContext,
  mc: StoredBlock,
  target: StoredBlock,
): liteServer_shardBlockLink[] {
  const top = ctx.chain
    .shardTopsAt(mc.id.seqno)
    .find(
      (b) => b.id.workchain === target.id.workchain && shardContains(b.id.shard, target.id.shard),
    );
  if (!top) {
    throw new LiteServerError(LiteServerErrorCode.fatal, 'shard not found');
  }
  const links: liteServer_shardBlockLink[] = [
    {
      kind: 'liteServer.shardBlockLink',
      id: toTlBlockId(top.id),
      proof: boc(mcShardLinkProof(mc, target)),
    },
  ];
  let cur = top;
  while (cur.id.seqno !== target.id.seqno) {
    if (links.length === MAX_LINKS) {
      throw new LiteServerError(LiteServerErrorCode.fatal, 'proof chain is too long');
    }
    const prevId = cur.prev.find(
      (p) => shardContains(p.shard, target.id.shard) || shardContains(target.id.shard, p.shard),
    );
    const prev = prevId ? ctx.chain.block(prevId.workchain, prevId.shard, prevId.seqno) : undefined;
    if (!prev) {
      throw new LiteServerError(LiteServerErrorCode.fatal, 'failed to find block chain');
    }
    links.push({
      kind: 'liteServer.shardBlockLink',
      id: toTlBlockId(prev.id),
      proof: boc(prevRefsProof(blockCell(cur))),
    });
    cur = prev;
  }
  return links;
}

/**
 * liteServer.lookupBlockWithProof mode:# id:tonNode.blockId mc_block_id:tonNode.blockIdExt lt:mode.1?long
 *   utime:mode.2?int = liteServer.LookupBlockResult;
 * liteServer.lookupBlockResult id mode mc_block_id client_mc_state_proof:bytes mc_block_proof:bytes
 *   shard_links:(vector liteServer.shardBlockLink) header:bytes prev_header:bytes
 * As perform_lookupBlockWithProof: the found block's header proof, the previous block's header for lt /
 * utime lookups, links from the masterchain block committing it, and, when that is not the client's
 * masterchain block, the client block's header proof and a proof of its state's prev_blocks.
 * (ton-lite-client lacks these constructors; the generated codec encodes them.)
 */
export const lookupBlockWithProof = defineHandler(
  'liteServer.lookupBlockWithProof',
  Codecs.liteServer_lookupBlockWithProof,
  (req, ctx) => {
    const selector = lookupSelector(req);
    if (req.mcBlockId.workchain !== -1) {
      throw new LiteServerError(
        LiteServerErrorCode.fatal,
        'masterchain block id must be specified',
      );
    }
    const client = requireMasterchainBlock(ctx.chain, req.mcBlockId);
    const shard = shardFromTl(req.id.shard);
    const found = ctx.chain.lookup(req.id.workchain, shard, selector);
    if (!found) {
      throw blockNotFound(`(${req.id.workchain},${shard.toString(16)})`);
    }
    const header = boc(prevRefsProof(blockCell(found)));
    let prevHeader: Buffer = Buffer.alloc(0);
    if ((req.mode & 6) !== 0) {
      const prevId = found.prev.find(
        (p) => shardContains(p.shard, shard) || shardContains(shard, p.shard),
      );
      const prev = prevId
        ? ctx.chain.block(prevId.workchain, prevId.shard, prevId.seqno)
        : undefined;
      if (prev?.block) {
        prevHeader = boc(prevRefsProof(prev.block));
      }
    }
    let mc = found;
    let links: liteServer_shardBlockLink[] = [];
    if (found.id.workchain !== -1) {
      const committing = ctx.chain.masterchainBlock(found.mcSeqno);
      if (!committing) {
        throw blockNotFound(`masterchain ${found.mcSeqno}`);
      }
      mc = committing;
      links = proofLinks(ctx, mc, found);
    }
    let clientMcStateProof: Buffer = Buffer.alloc(0);
    let mcBlockProof: Buffer = Buffer.alloc(0);
    if (mc.id.seqno !== client.id.seqno) {
      if (mc.id.seqno > client.id.seqno) {
        throw new LiteServerError(
          LiteServerErrorCode.untyped,
          'client mc blkid is not in prev_blocks',
        );
      }
      clientMcStateProof = boc(blockHeaderProof(client));
      mcBlockProof = boc(prevBlocksStateProof(client.state, mc.id.seqno));
    }
    return encodeTl(Codecs.liteServer_LookupBlockResult, {
      kind: 'liteServer.lookupBlockResult',
      id: toTlBlockId(found.id),
      mode: req.mode,
      mcBlockId: toTlBlockId(mc.id),
      clientMcStateProof,
      mcBlockProof,
      shardLinks: links,
      header,
      prevHeader,
    });
  },
);
