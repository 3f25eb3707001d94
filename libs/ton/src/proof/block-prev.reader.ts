import { type Cell } from '@ton/core';

import { type BlockInfo } from '../tlb/block-info';
import { type ProofBlockId } from './block-header.check';
import { keptRef } from './mc-state.reader';
import { ProofError, type ProofFailure, provenParse } from './proof-error';

/** A previous block as a header names it (ExtBlkRef), with its end_lt. */
export interface PrevBlockRef extends ProofBlockId {
  readonly endLt: bigint;
}

const U64 = 0xffffffffffffffffn;

/** The shard `shard` came from when it was split off: drop its last prefix bit. */
export function shardParent(shard: bigint): bigint {
  const tag = shard & -shard;
  return (shard & ~((tag << 2n) - 1n) & U64) | (tag << 1n);
}

/** The two halves of `shard` (left: next prefix bit 0, right: 1). */
export function shardChildren(shard: bigint): [bigint, bigint] {
  const half = (shard & -shard) >> 1n;
  return [shard - half, shard + half];
}

/**
 * The blocks a proven header names as its previous ones (what tonlib's block::unpack_block_prev_blk_try
 * reads), from BlockInfo's references:
 *   master_ref:not_master?^BlkMasterInfo  prev_ref:^(BlkPrevInfo after_merge)  ...
 *   prev_blk_info$_ prev:ExtBlkRef = BlkPrevInfo 0;
 *   prev_blks_info$_ prev1:^ExtBlkRef prev2:^ExtBlkRef = BlkPrevInfo 1;
 *   ext_blk_ref$_ end_lt:uint64 seq_no:uint32 root_hash:bits256 file_hash:bits256 = ExtBlkRef;
 * Their shards follow from the block's: the two halves after a merge, the parent after a split, else
 * the same shard.
 */
export function provenPrevBlocks(
  header: { readonly info: BlockInfo; readonly block: Cell },
  reason: ProofFailure,
): PrevBlockRef[] {
  return provenParse(reason, 'prev_ref', () => {
    const infoCell = keptRef(header.block, 0, reason, 'BlockInfo');
    const { info } = header;
    const prevRef = keptRef(infoCell, info.notMaster ? 1 : 0, reason, 'prev_ref');
    const read = (cell: Cell, shard: bigint): PrevBlockRef => {
      const s = cell.beginParse();
      const endLt = s.loadUintBig(64);
      const seqno = s.loadUint(32);
      return {
        workchain: info.workchain,
        shard,
        seqno,
        rootHash: s.loadBuffer(32),
        fileHash: s.loadBuffer(32),
        endLt,
      };
    };
    if (info.afterMerge) {
      const [left, right] = shardChildren(info.shard);
      return [
        read(keptRef(prevRef, 0, reason, 'prev1'), left),
        read(keptRef(prevRef, 1, reason, 'prev2'), right),
      ];
    }
    if (info.seqno === 0) {
      throw new ProofError(reason, 'a block of seqno 0 has no previous block');
    }
    return [read(prevRef, info.afterSplit ? shardParent(info.shard) : info.shard)];
  });
}
