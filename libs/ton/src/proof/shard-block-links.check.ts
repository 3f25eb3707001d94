import { type Cell } from '@ton/core';

import { checkBlockInfoProof, type ProofBlockId, sameBlockId } from './block-header.check';
import { provenPrevBlocks } from './block-prev.reader';
import { checkMerkleProof } from './merkle-proof.check';
import { keptRef } from './mc-state.reader';
import { proofRoot } from './proof-boc';
import { ProofError, provenParse } from './proof-error';
import { provenShardDescr } from './shard-block.check';

/** liteServer.shardBlockLink id:tonNode.blockIdExt proof:bytes */
export interface ShardBlockLink {
  readonly id: ProofBlockId;
  readonly proof: Buffer;
}

/** Shard chains between two masterchain blocks are at most 8 blocks long (collator.cpp). */
export const MAX_SHARD_LINKS = 8;

const BLOCK_EXTRA_TAG = 0x4a33f6fd;
const MC_BLOCK_EXTRA_TAG = 0xcca5;

/**
 * The ShardHashes root of a proven masterchain block (not its state):
 *   block_extra#4a33f6fd in_msg_descr:^InMsgDescr out_msg_descr:^OutMsgDescr
 *     account_blocks:^ShardAccountBlocks rand_seed:bits256 created_by:bits256
 *     custom:(Maybe ^McBlockExtra) = BlockExtra;
 *   masterchain_block_extra#cca5 key_block:(## 1) shard_hashes:ShardHashes ... = McBlockExtra;
 */
function mcBlockShardHashes(block: Cell): Cell {
  return provenParse('shard_block', 'McBlockExtra', () => {
    const extra = keptRef(block, 3, 'shard_block', 'BlockExtra');
    const e = extra.beginParse();
    if (e.loadUint(32) !== BLOCK_EXTRA_TAG) {
      throw new ProofError('shard_block', 'not a BlockExtra');
    }
    e.skip(512);
    if (!e.loadBit()) {
      throw new ProofError('shard_block', 'masterchain block without McBlockExtra');
    }
    const mcExtra = keptRef(extra, 3, 'shard_block', 'McBlockExtra');
    const m = mcExtra.beginParse();
    if (m.loadUint(16) !== MC_BLOCK_EXTRA_TAG) {
      throw new ProofError('shard_block', 'not a McBlockExtra');
    }
    m.skip(1);
    if (!m.loadBit()) {
      throw new ProofError('shard_block', 'masterchain block commits no shards');
    }
    return keptRef(mcExtra, 0, 'shard_block', 'ShardHashes');
  });
}

/**
 * Checks a getShardBlockProof answer (links from masterchain block `mcBlock`, already proven, down to
 * shard block `target`) as tonlib's GetShardBlockProof does (tonlib/tonlib/TonlibClient.cpp of
 * https://github.com/ton-blockchain/ton): each link's proof is a Merkle proof of the block before it in
 * the chain (first the masterchain block); from the masterchain block it must show the link's block as
 * the top of its shard in McBlockExtra's ShardHashes, from a shard block it must name the link's block
 * among its previous blocks. The chain must end at `target`.
 */
export function checkShardBlockLinks(
  mcBlock: ProofBlockId,
  links: readonly ShardBlockLink[],
  target: ProofBlockId,
): void {
  if (mcBlock.workchain !== -1) {
    throw new ProofError('shard_block', 'the proof does not start at a masterchain block');
  }
  if (links.length > MAX_SHARD_LINKS) {
    throw new ProofError('shard_block', `${links.length} links, more than ${MAX_SHARD_LINKS}`);
  }
  let cur = mcBlock;
  for (const link of links) {
    const proof = proofRoot(link.proof, 'shard_block', 'shard block link');
    if (cur.workchain === -1) {
      const block = checkMerkleProof(proof, cur.rootHash, 'shard_block', 'masterchain link');
      const top = provenShardDescr(
        mcBlockShardHashes(block),
        link.id.workchain,
        link.id.shard,
        true,
      );
      if (!top || !sameBlockId(top, link.id)) {
        throw new ProofError(
          'shard_block',
          `block ${link.id.seqno} is not the top of its shard in masterchain block ${cur.seqno}`,
        );
      }
    } else {
      const header = checkBlockInfoProof(proof, cur, 'shard_block');
      const prev = provenPrevBlocks(header, 'shard_block');
      if (!prev.some((p) => sameBlockId(p, link.id))) {
        throw new ProofError(
          'shard_block',
          `block ${link.id.seqno} is not a previous block of ${cur.seqno}`,
        );
      }
    }
    cur = link.id;
  }
  if (!sameBlockId(cur, target)) {
    throw new ProofError(
      'shard_block',
      `the links end at (${cur.workchain},${cur.shard.toString(16)},${cur.seqno}), not at the block asked`,
    );
  }
}
