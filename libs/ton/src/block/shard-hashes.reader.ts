import { type Cell, type Slice } from '@ton/core';

import { walkHashmapCell } from './hashmap.reader';
import { type ParsedShardDescr } from './parsed-block';
import { hashBase64, signedShard } from './raw-format';

/*
 * masterchain_block_extra#cca5 key_block:(## 1) shard_hashes:ShardHashes shard_fees:ShardFees
 *   ^[ prev_blk_signatures:(HashmapE 16 CryptoSignaturePair) recover_create_msg:(Maybe ^InMsg)
 *      mint_msg:(Maybe ^InMsg) ] config:key_block?ConfigParams = McBlockExtra;
 * _ (HashmapE 32 ^(BinTree ShardDescr)) = ShardHashes;
 * bt_leaf$0 {X:Type} leaf:X = BinTree X;
 * bt_fork$1 {X:Type} left:^(BinTree X) right:^(BinTree X) = BinTree X;
 * shard_descr#b seq_no:uint32 reg_mc_seqno:uint32 start_lt:uint64 end_lt:uint64
 *   root_hash:bits256 file_hash:bits256 before_split:Bool before_merge:Bool
 *   want_split:Bool want_merge:Bool nx_cc_updated:Bool flags:(## 3) { flags = 0 }
 *   next_catchain_seqno:uint32 next_validator_shard:uint64 min_ref_mc_seqno:uint32 gen_utime:uint32
 *   split_merge_at:FutureSplitMerge fees_collected:CurrencyCollection
 *   funds_created:CurrencyCollection = ShardDescr;
 * shard_descr_new#a (the same fields up to split_merge_at)
 *   ^[ fees_collected:CurrencyCollection funds_created:CurrencyCollection ] = ShardDescr;
 * (crypto/block/block.tlb)
 */
const MC_BLOCK_EXTRA = 0xcca5;
const SHARD_DESCR = 0xb;
const SHARD_DESCR_NEW = 0xa;
/** The shard id of a whole workchain: no prefix bits, the tag bit alone. */
const SHARD_ROOT = 0x8000000000000000n;

/** The shard tops a masterchain block commits, from its McBlockExtra, by workchain then shard. */
export function readShardHashes(mcBlockExtra: Cell): ParsedShardDescr[] {
  const s = mcBlockExtra.beginParse();
  if (s.loadUint(16) !== MC_BLOCK_EXTRA) {
    throw new Error('McBlockExtra: bad tag');
  }
  s.skip(1); // key_block
  const out: ParsedShardDescr[] = [];
  const root = s.loadMaybeRef();
  if (!root) {
    return out;
  }
  walkHashmapCell(root, 32, {
    leaf: (key, v) => {
      walkBinTree(v.loadRef(), Number(BigInt.asIntN(32, key)), SHARD_ROOT, out);
    },
  });
  return out;
}

/** Depth-first, left (prefix bit 0) before right: each leaf's shard id follows from its path. */
function walkBinTree(cell: Cell, workchain: number, shard: bigint, out: ParsedShardDescr[]): void {
  const s = cell.beginParse();
  if (!s.loadBit()) {
    out.push(readShardDescr(s, workchain, shard));
    return;
  }
  // A child's tag bit is one position lower; its prefix adds 0 (left) or 1 (right).
  const step = (shard & -shard) >> 1n;
  walkBinTree(s.loadRef(), workchain, shard - step, out);
  walkBinTree(s.loadRef(), workchain, shard + step, out);
}

function readShardDescr(s: Slice, workchain: number, shard: bigint): ParsedShardDescr {
  const tag = s.loadUint(4);
  if (tag !== SHARD_DESCR && tag !== SHARD_DESCR_NEW) {
    throw new Error(`ShardDescr: unknown tag 0x${tag.toString(16)}`);
  }
  const seqno = s.loadUint(32);
  const regMcSeqno = s.loadUint(32);
  const startLt = s.loadUintBig(64);
  const endLt = s.loadUintBig(64);
  const rootHash = hashBase64(s.loadBuffer(32));
  const fileHash = hashBase64(s.loadBuffer(32));
  const beforeSplit = s.loadBit();
  const beforeMerge = s.loadBit();
  const wantSplit = s.loadBit();
  const wantMerge = s.loadBit();
  const nxCcUpdated = s.loadBit();
  s.skip(3 + 32 + 64 + 32); // flags, next_catchain_seqno, next_validator_shard, min_ref_mc_seqno
  const genUtime = s.loadUint(32);
  return {
    workchain,
    shard: signedShard(shard),
    seqno,
    rootHash,
    fileHash,
    startLt,
    endLt,
    genUtime,
    beforeSplit,
    beforeMerge,
    wantSplit,
    wantMerge,
    nxCcUpdated,
    regMcSeqno,
  };
}
