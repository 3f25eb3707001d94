import { type Cell, type Slice } from '@ton/core';

/**
 * The header fields of a block (block.tlb):
 *
 *   block_info#9bc7a987 version:uint32
 *     not_master:(## 1) after_merge:(## 1) before_split:(## 1) after_split:(## 1)
 *     want_split:Bool want_merge:Bool key_block:Bool vert_seqno_incr:(## 1)
 *     flags:(## 8) { flags <= 1 }
 *     seq_no:# vert_seq_no:# { vert_seq_no >= vert_seqno_incr }
 *     shard:ShardIdent gen_utime:uint32
 *     start_lt:uint64 end_lt:uint64
 *     gen_validator_list_hash_short:uint32 gen_catchain_seqno:uint32
 *     min_ref_mc_seqno:uint32 prev_key_block_seqno:uint32
 *     gen_software:flags . 0?GlobalVersion
 *     master_ref:not_master?^BlkMasterInfo
 *     prev_ref:^(BlkPrevInfo after_merge)
 *     prev_vert_ref:vert_seqno_incr?^(BlkPrevInfo 0) = BlockInfo;
 *   shard_ident$00 shard_pfx_bits:(#<= 60) workchain_id:int32 shard_prefix:uint64 = ShardIdent;
 *
 * Only the inline fields are read; the references (master_ref, prev_ref) stay unread so that a pruned
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

function loadShardIdent(s: Slice): { workchain: number; shard: bigint } {
  if (s.loadUint(2) !== 0) {
    throw new Error('ShardIdent: bad tag');
  }
  const prefixBits = s.loadUint(6);
  const workchain = s.loadInt(32);
  const prefix = s.loadUintBig(64);
  // shard_prefix holds the prefix in its top bits; the shard id adds the tag bit right after them.
  const tag = 1n << BigInt(63 - prefixBits);
  const mask = ~((tag << 1n) - 1n) & 0xffffffffffffffffn;
  return { workchain, shard: (prefix & mask) | tag };
}

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
