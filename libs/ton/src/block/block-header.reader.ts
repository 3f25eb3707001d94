import { type Cell, type Slice } from '@ton/core';

import { type BlockInfo, loadBlockInfo } from './block-info.reader';
import { type BlockIdFull, type ParsedBlockHeader } from './parsed-block';
import { hashBase64, signedShard } from './raw-format';

/*
 * block_info#9bc7a987 version:uint32 not_master:(## 1) after_merge:(## 1) before_split:(## 1)
 *   after_split:(## 1) want_split:Bool want_merge:Bool key_block:Bool vert_seqno_incr:(## 1)
 *   flags:(## 8) { flags <= 1 } seq_no:# vert_seq_no:# shard:ShardIdent gen_utime:uint32
 *   start_lt:uint64 end_lt:uint64 gen_validator_list_hash_short:uint32 gen_catchain_seqno:uint32
 *   min_ref_mc_seqno:uint32 prev_key_block_seqno:uint32 gen_software:flags . 0?GlobalVersion
 *   master_ref:not_master?^BlkMasterInfo prev_ref:^(BlkPrevInfo after_merge)
 *   prev_vert_ref:vert_seqno_incr?^(BlkPrevInfo 0) = BlockInfo;
 * capabilities#c4 version:uint32 capabilities:uint64 = GlobalVersion;
 * master_info$_ master:ExtBlkRef = BlkMasterInfo;
 * prev_blk_info$_ prev:ExtBlkRef = BlkPrevInfo 0;
 * prev_blks_info$_ prev1:^ExtBlkRef prev2:^ExtBlkRef = BlkPrevInfo 1;
 * ext_blk_ref$_ end_lt:uint64 seq_no:uint32 root_hash:bits256 file_hash:bits256 = ExtBlkRef;
 * (crypto/block/block.tlb)
 */

/** Bits of BlockInfo up to and including prev_key_block_seqno (what loadBlockInfo reads). */
const FIXED_BITS = 32 + 32 + 8 + 8 + 32 + 32 + 104 + 32 + 64 + 64 + 4 * 32;
const GLOBAL_VERSION_TAG = 0xc4;

/** BlockInfo's fields after the fixed part: gen_software and the references. */
export interface BlockInfoRefs {
  /** gen_software.version (the network's global version); 0 when the block does not say. */
  readonly globalVersion: number;
  /** master_ref's seqno (shard blocks). */
  readonly masterRefSeqno: number | null;
  /** prev_ref: one block, or two after a merge (workchain and shard derived from this block's). */
  readonly prevBlocks: readonly BlockIdFull[];
}

export function loadBlockInfoRefs(cell: Cell, info: BlockInfo): BlockInfoRefs {
  const s = cell.beginParse();
  s.skip(FIXED_BITS);
  let globalVersion = 0;
  if ((info.flags & 1) === 1) {
    if (s.loadUint(8) !== GLOBAL_VERSION_TAG) {
      throw new Error('GlobalVersion: bad tag');
    }
    globalVersion = s.loadUint(32);
  }
  const masterRefSeqno = info.notMaster ? readExtBlkRef(s.loadRef().beginParse()).seqno : null;
  const prev = s.loadRef().beginParse();
  let prevBlocks: BlockIdFull[];
  if (info.afterMerge) {
    // The two merged shards are this shard's children: left (prefix bit 0), then right.
    const step = lowestBit(info.shard) >> 1n;
    prevBlocks = [
      blockId(info.workchain, info.shard - step, readExtBlkRef(prev.loadRef().beginParse())),
      blockId(info.workchain, info.shard + step, readExtBlkRef(prev.loadRef().beginParse())),
    ];
  } else {
    // After a split the previous block is the parent shard's: drop the last prefix bit.
    const low = lowestBit(info.shard);
    const shard = info.afterSplit ? (info.shard - low) | (low << 1n) : info.shard;
    prevBlocks = [blockId(info.workchain, shard, readExtBlkRef(prev))];
  }
  return { globalVersion, masterRefSeqno, prevBlocks };
}

/** The BlockInfo of a Block cell, fixed part and references. */
export function loadFullBlockInfo(cell: Cell): BlockInfo & BlockInfoRefs {
  const info = loadBlockInfo(cell);
  return { ...info, ...loadBlockInfoRefs(cell, info) };
}

/** The header row, from BlockInfo and the block's other header fields. */
export function blockHeaderOf(
  info: BlockInfo & BlockInfoRefs,
  fields: {
    readonly globalId: number;
    readonly rootHash: Buffer;
    readonly fileHash: Buffer;
    readonly randSeed: Buffer;
    readonly createdBy: Buffer;
    readonly txCount: number;
  },
): ParsedBlockHeader {
  return {
    workchain: info.workchain,
    shard: signedShard(info.shard),
    seqno: info.seqno,
    rootHash: hashBase64(fields.rootHash),
    fileHash: hashBase64(fields.fileHash),
    globalId: fields.globalId,
    version: info.version,
    afterMerge: info.afterMerge,
    beforeSplit: info.beforeSplit,
    afterSplit: info.afterSplit,
    wantMerge: info.wantMerge,
    wantSplit: info.wantSplit,
    keyBlock: info.keyBlock,
    vertSeqnoIncr: info.vertSeqnoIncr,
    flags: info.flags,
    genUtime: info.genUtime,
    startLt: info.startLt,
    endLt: info.endLt,
    validatorListHashShort: info.genValidatorListHashShort,
    genCatchainSeqno: info.genCatchainSeqno,
    minRefMcSeqno: info.minRefMcSeqno,
    prevKeyBlockSeqno: info.prevKeyBlockSeqno,
    vertSeqno: info.vertSeqno,
    masterRefSeqno: info.masterRefSeqno,
    randSeed: hashBase64(fields.randSeed),
    createdBy: hashBase64(fields.createdBy),
    txCount: fields.txCount,
    prevBlocks: info.prevBlocks,
  };
}

interface ExtBlkRef {
  readonly endLt: bigint;
  readonly seqno: number;
  readonly rootHash: Buffer;
  readonly fileHash: Buffer;
}

function readExtBlkRef(s: Slice): ExtBlkRef {
  return {
    endLt: s.loadUintBig(64),
    seqno: s.loadUint(32),
    rootHash: s.loadBuffer(32),
    fileHash: s.loadBuffer(32),
  };
}

function blockId(workchain: number, shard: bigint, ref: ExtBlkRef): BlockIdFull {
  return {
    workchain,
    shard: signedShard(shard),
    seqno: ref.seqno,
    rootHash: hashBase64(ref.rootHash),
    fileHash: hashBase64(ref.fileHash),
  };
}

function lowestBit(shard: bigint): bigint {
  return shard & -shard;
}
