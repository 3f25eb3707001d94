import { type BlocksHeader, type TonBlockIdExt } from '@app/contracts';
import { type BlockInfo, loadBlockInfo } from '@app/ton';
import { type Cell, type Slice } from '@ton/core';
import { type tonNode_blockIdExt } from 'ton-lite-client/dist/schema';
import { toTonBlockIdExt } from '../tonlib.mapper';

const BLOCK_TAG = 0x11ef55aa;

/** A block id as tonlib's blocks.header carries it (unsigned shard kept as a bigint until rendering). */
interface PrevBlockId {
  readonly workchain: number;
  readonly shard: bigint;
  readonly seqno: number;
  readonly rootHash: Buffer;
  readonly fileHash: Buffer;
}

/*
 * ext_blk_ref$_ end_lt:uint64 seq_no:uint32 root_hash:bits256 file_hash:bits256 = ExtBlkRef;
 */
function loadExtBlkRef(s: Slice): { seqno: number; rootHash: Buffer; fileHash: Buffer } {
  s.skip(64);
  const seqno = s.loadUint(32);
  return { seqno, rootHash: s.loadBuffer(32), fileHash: s.loadBuffer(32) };
}

/** The lowest set bit of a shard id: its tag bit (block::shard lower_bit64). */
function lowerBit(shard: bigint): bigint {
  return shard & -shard;
}

/** ton::shard_child: the left (prefix bit 0) or right child of a shard. */
function shardChild(shard: bigint, left: boolean): bigint {
  const half = lowerBit(shard) >> 1n;
  return left ? shard - half : shard + half;
}

/** ton::shard_parent: the shard one prefix bit shorter. */
function shardParent(shard: bigint): bigint {
  const bit = lowerBit(shard);
  return (shard - bit) | (bit << 1n);
}

/**
 * The previous block(s) named by the header, with the shards tonlib derives for them
 * (block::unpack_block_prev_blk_ext):
 *   prev_blk_info$_ prev:ExtBlkRef = BlkPrevInfo 0;
 *   prev_blks_info$_ prev1:^ExtBlkRef prev2:^ExtBlkRef = BlkPrevInfo 1;
 * after a merge the two predecessors are the children of this shard; after a split the predecessor
 * is the parent shard; otherwise the same shard. The ref order in BlockInfo is master_ref (only when
 * not_master), prev_ref, prev_vert_ref.
 */
function prevBlocks(info: Cell, header: BlockInfo): PrevBlockId[] {
  const prevRef = info.refs[header.notMaster ? 1 : 0];
  if (!prevRef) {
    throw new Error('BlockInfo: prev_ref is missing from the header proof');
  }
  const s = prevRef.beginParse(true);
  const at = (shard: bigint, ref: ReturnType<typeof loadExtBlkRef>): PrevBlockId => ({
    workchain: header.workchain,
    shard,
    ...ref,
  });
  if (header.afterMerge) {
    return [
      at(shardChild(header.shard, true), loadExtBlkRef(s.loadRef().beginParse(true))),
      at(shardChild(header.shard, false), loadExtBlkRef(s.loadRef().beginParse(true))),
    ];
  }
  const shard = header.afterSplit ? shardParent(header.shard) : header.shard;
  return [at(shard, loadExtBlkRef(s))];
}

function renderId(id: PrevBlockId): TonBlockIdExt {
  return toTonBlockIdExt({ ...id, shard: BigInt.asIntN(64, id.shard).toString() });
}

/**
 * `blocks.header` from a liteServer.blockHeader answer (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml), as tonlib
 * builds it from the header proof: the proof's root is a Merkle proof whose only ref is the Block with its
 * BlockInfo kept (`block#11ef55aa global_id:int32 info:^BlockInfo …`). The proven cell must hash to
 * the requested root hash, so a liteserver cannot substitute another block's header.
 * int32 fields are rendered signed, as tonlib's JSON does for `int32`.
 */
export function toBlocksHeader(id: tonNode_blockIdExt, proofRoot: Cell): BlocksHeader {
  const block = proofRoot.refs[0];
  if (!proofRoot.isExotic || !block) {
    throw new Error('the block header proof is not a Merkle proof');
  }
  if (!block.hash(0).equals(id.rootHash)) {
    throw new Error('the block header proof does not prove the requested block');
  }
  const s = block.beginParse(true);
  if (s.loadUint(32) !== BLOCK_TAG) {
    throw new Error('Block: bad tag');
  }
  const globalId = s.loadInt(32);
  const infoCell = s.loadRef();
  const info = loadBlockInfo(infoCell);
  return {
    '@type': 'blocks.header',
    id: toTonBlockIdExt(id),
    global_id: globalId,
    version: info.version | 0,
    flags: info.flags,
    after_merge: info.afterMerge,
    after_split: info.afterSplit,
    before_split: info.beforeSplit,
    want_merge: info.wantMerge,
    want_split: info.wantSplit,
    validator_list_hash_short: info.genValidatorListHashShort | 0,
    catchain_seqno: info.genCatchainSeqno | 0,
    min_ref_mc_seqno: info.minRefMcSeqno | 0,
    is_key_block: info.keyBlock,
    prev_key_block_seqno: info.prevKeyBlockSeqno | 0,
    start_lt: info.startLt.toString(),
    end_lt: info.endLt.toString(),
    gen_utime: info.genUtime,
    vert_seqno: info.vertSeqno | 0,
    prev_blocks: prevBlocks(infoCell, info).map(renderId),
  };
}
