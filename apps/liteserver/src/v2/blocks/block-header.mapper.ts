import { type BlocksHeader, type TonBlockIdExt } from '@app/contracts';
import { type BlockInfo, loadBlockInfo, loadBlockInfoLinks, prevBlockShards } from '@app/ton';
import { type Cell } from '@ton/core';
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

/**
 * The previous block(s) named by the header, with the shards tonlib derives for them: the header
 * proof keeps prev_ref (master_ref may be pruned).
 */
function prevBlocks(info: Cell, header: BlockInfo): PrevBlockId[] {
  const shards = prevBlockShards(header);
  return loadBlockInfoLinks(info, header).prev.map((ref, i) => ({
    workchain: header.workchain,
    shard: shards[i] ?? header.shard,
    seqno: ref.seqno,
    rootHash: ref.rootHash,
    fileHash: ref.fileHash,
  }));
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
