import type { tonNode_blockIdExt } from 'ton-lite-client/dist/schema';
import type { BlockIdExt, ChainReader, StoredBlock } from '../chain/chain-reader';
import { LiteServerError, LiteServerErrorCode } from './lite-server-error';

/** The unsplit shard prefix (block.tlb ShardIdent with shard_pfx_bits = 0). */
export const SHARD_FULL = 0x8000000000000000n;

/** TL `long` is a signed decimal string; shards are unsigned 64-bit on our side. */
export function shardFromTl(shard: string): bigint {
  return BigInt.asUintN(64, BigInt(shard));
}

export function shardToTl(shard: bigint): string {
  return BigInt.asIntN(64, shard).toString();
}

/** tonNode.blockIdExt workchain:int shard:long seqno:int root_hash:int256 file_hash:int256 */
export function toTlBlockId(id: BlockIdExt): tonNode_blockIdExt {
  return {
    kind: 'tonNode.blockIdExt',
    workchain: id.workchain,
    shard: shardToTl(id.shard),
    seqno: id.seqno,
    rootHash: id.rootHash,
    fileHash: id.fileHash,
  };
}

export function blockNotFound(what: string): LiteServerError {
  return new LiteServerError(LiteServerErrorCode.notready, `block not found: ${what}`);
}

/** Resolves a full block id; the root and file hashes must match, as a real node looks blocks up by
 *  their full id. */
export function requireBlock(chain: ChainReader, id: tonNode_blockIdExt): StoredBlock {
  const shard = shardFromTl(id.shard);
  const block = chain.block(id.workchain, shard, id.seqno);
  const label = `(${id.workchain},${shard.toString(16)},${id.seqno})`;
  if (!block) {
    throw blockNotFound(label);
  }
  if (!block.id.rootHash.equals(id.rootHash) || !block.id.fileHash.equals(id.fileHash)) {
    throw blockNotFound(`${label} with these hashes`);
  }
  return block;
}

export function requireMasterchainBlock(chain: ChainReader, id: tonNode_blockIdExt): StoredBlock {
  if (id.workchain !== -1) {
    throw new LiteServerError(LiteServerErrorCode.fatal, 'block must belong to the masterchain');
  }
  return requireBlock(chain, id);
}

/** Whether shard `outer` (prefix form: the lowest set bit ends the prefix) contains shard `inner`. */
export function shardContains(outer: bigint, inner: bigint): boolean {
  const outerLow = outer & -outer;
  const innerLow = inner & -inner;
  if (innerLow > outerLow) {
    return false;
  }
  const mask = ~(outerLow * 2n - 1n) & 0xffffffffffffffffn;
  return (outer & mask) === (inner & mask);
}
