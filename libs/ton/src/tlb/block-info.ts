import { type Cell, beginCell } from '@ton/core';

import {
  type ExtBlkRef,
  loadExtBlkRef,
  loadShardIdent,
  storeExtBlkRef,
  storeShardIdent,
} from './block-refs';

/**
 * The header of a block (block.tlb):
 *
 *   block_info#9bc7a987 version:uint32 not_master:(## 1) after_merge:(## 1) before_split:(## 1)
 *     after_split:(## 1) want_split:Bool want_merge:Bool key_block:Bool vert_seqno_incr:(## 1)
 *     flags:(## 8) { flags <= 1 } seq_no:# vert_seq_no:# { vert_seq_no >= vert_seqno_incr }
 *     { prev_seq_no:# } { ~prev_seq_no + 1 = seq_no } shard:ShardIdent gen_utime:uint32
 *     start_lt:uint64 end_lt:uint64 gen_validator_list_hash_short:uint32 gen_catchain_seqno:uint32
 *     min_ref_mc_seqno:uint32 prev_key_block_seqno:uint32 gen_software:flags . 0?GlobalVersion
 *     master_ref:not_master?^BlkMasterInfo prev_ref:^(BlkPrevInfo after_merge)
 *     prev_vert_ref:vert_seqno_incr?^(BlkPrevInfo 0) = BlockInfo;
 *   prev_blk_info$_ prev:ExtBlkRef = BlkPrevInfo 0;
 *   prev_blks_info$_ prev1:^ExtBlkRef prev2:^ExtBlkRef = BlkPrevInfo 1;
 *   master_info$_ master:ExtBlkRef = BlkMasterInfo;
 *   capabilities#c4 version:uint32 capabilities:uint64 = GlobalVersion;
 *
 * Read: the inline fields only; the references (master_ref, prev_ref) stay unread so that a pruned
 * header (as in a liteserver's block proof) still parses.
 */
export interface BlockInfo {
  readonly version: number;
  readonly notMaster: boolean;
  readonly afterMerge: boolean;
  readonly beforeSplit: boolean;
  readonly afterSplit: boolean;
  readonly wantSplit: boolean;
  readonly wantMerge: boolean;
  readonly keyBlock: boolean;
  readonly vertSeqnoIncr: boolean;
  readonly flags: number;
  readonly seqno: number;
  readonly vertSeqno: number;
  readonly workchain: number;
  /** Unsigned 64-bit shard id: the prefix bits followed by a tag bit (0x8000000000000000 = unsplit). */
  readonly shard: bigint;
  readonly genUtime: number;
  readonly startLt: bigint;
  readonly endLt: bigint;
  readonly genValidatorListHashShort: number;
  readonly genCatchainSeqno: number;
  readonly minRefMcSeqno: number;
  readonly prevKeyBlockSeqno: number;
}

const BLOCK_INFO_TAG = 0x9bc7a987;
const BLOCK_TAG = 0x11ef55aa;

/** What a BlockInfo cell is built from: the header fields read back, most of the flags optional. */
export type BlockInfoSpec = Pick<
  BlockInfo,
  | 'version'
  | 'workchain'
  | 'shard'
  | 'seqno'
  | 'keyBlock'
  | 'genUtime'
  | 'startLt'
  | 'endLt'
  | 'genValidatorListHashShort'
  | 'genCatchainSeqno'
  | 'minRefMcSeqno'
  | 'prevKeyBlockSeqno'
> &
  Partial<
    Pick<
      BlockInfo,
      'vertSeqno' | 'afterMerge' | 'beforeSplit' | 'afterSplit' | 'wantSplit' | 'wantMerge'
    >
  > &
  BlockInfoLinks;

/** BlockInfo's fields after prev_key_block_seqno: gen_software and the references. */
export interface BlockInfoLinks {
  /** gen_software (flags bit 0). */
  readonly genSoftware?: { readonly version: number; readonly capabilities: bigint };
  /** Masterchain block of reference: shard blocks (absent too when a proof pruned it). */
  readonly masterRef?: ExtBlkRef;
  /** One previous block, or two after a merge. */
  readonly prev: readonly [ExtBlkRef] | readonly [ExtBlkRef, ExtBlkRef];
}

/** Bits of BlockInfo up to and including prev_key_block_seqno (what loadBlockInfo reads). */
const FIXED_BITS = 32 + 32 + 8 + 8 + 32 + 32 + 104 + 32 + 64 + 64 + 4 * 32;
const GLOBAL_VERSION_TAG = 0xc4;

export function loadBlockInfo(cell: Cell): BlockInfo {
  const s = cell.beginParse(true);
  if (s.loadUint(32) !== BLOCK_INFO_TAG) {
    throw new Error('BlockInfo: bad tag');
  }
  const version = s.loadUint(32);
  const notMaster = s.loadBit();
  const afterMerge = s.loadBit();
  const beforeSplit = s.loadBit();
  const afterSplit = s.loadBit();
  const wantSplit = s.loadBit();
  const wantMerge = s.loadBit();
  const keyBlock = s.loadBit();
  const vertSeqnoIncr = s.loadBit();
  const flags = s.loadUint(8);
  const seqno = s.loadUint(32);
  const vertSeqno = s.loadUint(32);
  const { workchain, shard } = loadShardIdent(s);
  const genUtime = s.loadUint(32);
  const startLt = s.loadUintBig(64);
  const endLt = s.loadUintBig(64);
  return {
    version,
    notMaster,
    afterMerge,
    beforeSplit,
    afterSplit,
    wantSplit,
    wantMerge,
    keyBlock,
    vertSeqnoIncr,
    flags,
    seqno,
    vertSeqno,
    workchain,
    shard,
    genUtime,
    startLt,
    endLt,
    genValidatorListHashShort: s.loadUint(32),
    genCatchainSeqno: s.loadUint(32),
    minRefMcSeqno: s.loadUint(32),
    prevKeyBlockSeqno: s.loadUint(32),
  };
}

/**
 * gen_software, master_ref and prev_ref of a BlockInfo cell whose inline fields `info` holds. Read
 * with exotic cells allowed: in a header proof master_ref may be pruned (then left out), prev_ref is
 * kept.
 */
export function loadBlockInfoLinks(
  cell: Cell,
  info: Pick<BlockInfo, 'flags' | 'notMaster' | 'afterMerge'>,
): BlockInfoLinks {
  const s = cell.beginParse(true);
  s.skip(FIXED_BITS);
  let genSoftware: BlockInfoLinks['genSoftware'];
  if ((info.flags & 1) === 1) {
    if (s.loadUint(8) !== GLOBAL_VERSION_TAG) {
      throw new Error('GlobalVersion: bad tag');
    }
    genSoftware = { version: s.loadUint(32), capabilities: s.loadUintBig(64) };
  }
  const master = info.notMaster ? s.loadRef() : undefined;
  const masterRef =
    master === undefined || master.isExotic ? undefined : loadExtBlkRef(master.beginParse());
  const prevCell = s.loadRef();
  if (prevCell.isExotic) {
    throw new Error('BlockInfo: prev_ref is pruned');
  }
  const p = prevCell.beginParse();
  const prev: BlockInfoLinks['prev'] = info.afterMerge
    ? [loadExtBlkRef(p.loadRef().beginParse()), loadExtBlkRef(p.loadRef().beginParse())]
    : [loadExtBlkRef(p)];
  return {
    ...(genSoftware === undefined ? {} : { genSoftware }),
    ...(masterRef === undefined ? {} : { masterRef }),
    prev,
  };
}

/**
 * The shards of the blocks prev_ref names, derived from this block's as tonlib derives them
 * (block::unpack_block_prev_blk_ext in crypto/block/block.cpp): after a merge the two children of
 * this shard (left, prefix bit 0, first), after a split its parent, otherwise the same shard.
 */
export function prevBlockShards(
  info: Pick<BlockInfo, 'shard' | 'afterMerge' | 'afterSplit'>,
): bigint[] {
  const low = info.shard & -info.shard;
  if (info.afterMerge) {
    return [info.shard - (low >> 1n), info.shard + (low >> 1n)];
  }
  return [info.afterSplit ? (info.shard - low) | (low << 1n) : info.shard];
}

/**
 * The BlockInfo of a Block cell: `block#11ef55aa global_id:int32 info:^BlockInfo value_flow:^ValueFlow
 * state_update:^(MERKLE_UPDATE ShardState) extra:^BlockExtra = Block;`
 */
export function loadBlockInfoOfBlock(block: Cell): BlockInfo {
  const s = block.beginParse(true);
  if (s.loadUint(32) !== BLOCK_TAG) {
    throw new Error('Block: bad tag');
  }
  return loadBlockInfo(s.loadRef());
}

export function blockInfoCell(i: BlockInfoSpec): Cell {
  const notMaster = i.workchain !== -1;
  const merged = i.prev.length === 2;
  const b = beginCell().storeUint(BLOCK_INFO_TAG, 32).storeUint(i.version, 32);
  b.storeBit(notMaster)
    .storeBit(merged)
    .storeBit(i.beforeSplit ?? false);
  b.storeBit(i.afterSplit ?? false)
    .storeBit(i.wantSplit ?? false)
    .storeBit(i.wantMerge ?? false);
  b.storeBit(i.keyBlock).storeBit(0); // vert_seqno_incr
  b.storeUint(i.genSoftware ? 1 : 0, 8)
    .storeUint(i.seqno, 32)
    .storeUint(i.vertSeqno ?? 0, 32);
  b.store(storeShardIdent(i.workchain, i.shard)).storeUint(i.genUtime, 32);
  b.storeUint(i.startLt, 64).storeUint(i.endLt, 64);
  b.storeUint(i.genValidatorListHashShort, 32).storeUint(i.genCatchainSeqno, 32);
  b.storeUint(i.minRefMcSeqno, 32).storeUint(i.prevKeyBlockSeqno, 32);
  if (i.genSoftware) {
    b.storeUint(GLOBAL_VERSION_TAG, 8).storeUint(i.genSoftware.version, 32);
    b.storeUint(i.genSoftware.capabilities, 64);
  }
  if (notMaster) {
    if (!i.masterRef) {
      throw new Error('a shard block needs master_ref');
    }
    b.storeRef(beginCell().store(storeExtBlkRef(i.masterRef)));
  }
  b.storeRef(prevRefCell(i.prev));
  return b.endCell();
}

function prevRefCell(prev: BlockInfoSpec['prev']): Cell {
  const [p1, p2] = prev;
  if (p2) {
    return beginCell()
      .storeRef(beginCell().store(storeExtBlkRef(p1)))
      .storeRef(beginCell().store(storeExtBlkRef(p2)))
      .endCell();
  }
  return beginCell().store(storeExtBlkRef(p1)).endCell();
}
