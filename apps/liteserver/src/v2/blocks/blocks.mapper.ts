import {
  type BlocksBlockLinkBack,
  type BlocksShardBlockLink,
  type TonBlockIdExt,
} from '@app/contracts';
import { type LiteApiSchema, loadShardHashes } from '@app/ton';
import { type Cell } from '@ton/core';
import { toTonBlockIdExt } from '../tonlib.mapper';

/**
 * The shard tops in liteServer.allShardsInfo `data` (a cell holding ShardHashes, the HashmapE bit
 * then its root ref), as tonlib lists them: workchains in ascending signed order (the hashmap's own
 * order is unsigned), each workchain's shards in ascending unsigned order, shard ids as signed int64
 * strings.
 */
export function toTonShardTops(data: Cell): TonBlockIdExt[] {
  return loadShardHashes(data.beginParse())
    .sort((a, b) => a.workchain - b.workchain)
    .map((top) => toTonBlockIdExt({ ...top, shard: BigInt.asIntN(64, top.shard).toString() }));
}

/** `blocks.shardBlockLink id proof` from `liteServer.shardBlockLink id proof` (proof bytes as is). */
export function toShardBlockLink(
  link: LiteApiSchema.liteServer_shardBlockLink,
): BlocksShardBlockLink {
  return {
    '@type': 'blocks.shardBlockLink',
    id: toTonBlockIdExt(link.id),
    proof: link.proof.toString('base64'),
  };
}

/** `blocks.blockLinkBack` from `liteServer.blockLinkBack` (tonlib keeps the proofs' bytes). */
export function toBlockLinkBack(link: LiteApiSchema.liteServer_blockLinkBack): BlocksBlockLinkBack {
  return {
    '@type': 'blocks.blockLinkBack',
    to_key_block: link.toKeyBlock,
    from: toTonBlockIdExt(link.from),
    to: toTonBlockIdExt(link.to),
    dest_proof: link.destProof.toString('base64'),
    proof: link.proof.toString('base64'),
    state_proof: link.stateProof.toString('base64'),
  };
}
