import {
  type BlocksBlockLinkBack,
  type BlocksShardBlockLink,
  type TonBlockIdExt,
} from '@app/contracts';
import { type LiteApiSchema } from '@app/ton';
import { toTonBlockIdExt } from '../tonlib.mapper';
import { type ShardTop } from './shard-hashes.reader';

/** A shard top with its unsigned shard id rendered as tonlib's signed int64 string. */
export function toTonShardTop(top: ShardTop): TonBlockIdExt {
  return toTonBlockIdExt({ ...top, shard: BigInt.asIntN(64, top.shard).toString() });
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
