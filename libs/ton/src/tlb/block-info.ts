import {
  type Builder,
  type Cell,
  type CurrencyCollection,
  beginCell,
  storeCurrencyCollection,
} from '@ton/core';

import { type ExtBlkRef, storeExtBlkRef, storeShardIdent } from './block-refs';

/*
 * block_info#9bc7a987 version:uint32 not_master:(## 1) after_merge:(## 1) before_split:(## 1)
 *   after_split:(## 1) want_split:Bool want_merge:Bool key_block:Bool vert_seqno_incr:(## 1)
 *   flags:(## 8) { flags <= 1 } seq_no:# vert_seq_no:# { vert_seq_no >= vert_seqno_incr }
 *   { prev_seq_no:# } { ~prev_seq_no + 1 = seq_no } shard:ShardIdent gen_utime:uint32
 *   start_lt:uint64 end_lt:uint64 gen_validator_list_hash_short:uint32 gen_catchain_seqno:uint32
 *   min_ref_mc_seqno:uint32 prev_key_block_seqno:uint32 gen_software:flags . 0?GlobalVersion
 *   master_ref:not_master?^BlkMasterInfo prev_ref:^(BlkPrevInfo after_merge)
 *   prev_vert_ref:vert_seqno_incr?^(BlkPrevInfo 0) = BlockInfo;
 * prev_blk_info$_ prev:ExtBlkRef = BlkPrevInfo 0;
 * prev_blks_info$_ prev1:^ExtBlkRef prev2:^ExtBlkRef = BlkPrevInfo 1;
 * master_info$_ master:ExtBlkRef = BlkMasterInfo;
 * capabilities#c4 version:uint32 capabilities:uint64 = GlobalVersion;
 */
export interface BlockInfoSpec {
  readonly version: number;
  readonly workchain: number;
  readonly shard: bigint;
  readonly seqno: number;
  readonly vertSeqno?: number;
  readonly afterMerge?: boolean;
  readonly beforeSplit?: boolean;
  readonly afterSplit?: boolean;
  readonly wantSplit?: boolean;
  readonly wantMerge?: boolean;
  readonly keyBlock: boolean;
  readonly genUtime: number;
  readonly startLt: bigint;
  readonly endLt: bigint;
  readonly genValidatorListHashShort: number;
  readonly genCatchainSeqno: number;
  readonly minRefMcSeqno: number;
  readonly prevKeyBlockSeqno: number;
  /** gen_software (flags bit 0). */
  readonly genSoftware?: { readonly version: number; readonly capabilities: bigint };
  /** Masterchain block of reference; required for shard blocks. */
  readonly masterRef?: ExtBlkRef;
  /** One previous block, or two after a merge. */
  readonly prev: readonly [ExtBlkRef] | readonly [ExtBlkRef, ExtBlkRef];
}

export function blockInfoCell(i: BlockInfoSpec): Cell {
  const notMaster = i.workchain !== -1;
  const merged = i.prev.length === 2;
  const b = beginCell().storeUint(0x9bc7a987, 32).storeUint(i.version, 32);
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
    b.storeUint(0xc4, 8).storeUint(i.genSoftware.version, 32);
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

/*
 * value_flow#b8e48dfb ^[ from_prev_blk:CurrencyCollection to_next_blk:CurrencyCollection
 *   imported:CurrencyCollection exported:CurrencyCollection ] fees_collected:CurrencyCollection
 *   ^[ fees_imported:CurrencyCollection recovered:CurrencyCollection created:CurrencyCollection
 *   minted:CurrencyCollection ] = ValueFlow;
 * Invariant checked by validators: from_prev_blk + imported + fees_imported + recovered + created +
 * minted = to_next_blk + exported + fees_collected.
 */
/** An amount: nanotons alone, or a CurrencyCollection with extra currencies. */
export type Amount = bigint | CurrencyCollection;

export interface ValueFlow {
  readonly fromPrevBlk: Amount;
  readonly toNextBlk: Amount;
  readonly imported: Amount;
  readonly exported: Amount;
  readonly feesCollected: Amount;
  readonly feesImported: Amount;
  readonly recovered: Amount;
  readonly created: Amount;
  readonly minted: Amount;
}

const coinsOf = (a: Amount): bigint => (typeof a === 'bigint' ? a : a.coins);

/** Whether the nanoton sums of a ValueFlow balance (extra currencies are not checked). */
export function valueFlowBalanced(v: ValueFlow): boolean {
  const income = [v.fromPrevBlk, v.imported, v.feesImported, v.recovered, v.created, v.minted];
  const outcome = [v.toNextBlk, v.exported, v.feesCollected];
  const sum = (xs: Amount[]): bigint => xs.reduce<bigint>((s, x) => s + coinsOf(x), 0n);
  return sum(income) === sum(outcome);
}

const grams = (b: Builder, v: Amount): Builder =>
  b.store(storeCurrencyCollection(typeof v === 'bigint' ? { coins: v } : v));

export function valueFlowCell(v: ValueFlow): Cell {
  const r1 = beginCell();
  grams(grams(grams(grams(r1, v.fromPrevBlk), v.toNextBlk), v.imported), v.exported);
  const r2 = beginCell();
  grams(grams(grams(grams(r2, v.feesImported), v.recovered), v.created), v.minted);
  const b = beginCell().storeUint(0xb8e48dfb, 32).storeRef(r1);
  return grams(b, v.feesCollected).storeRef(r2).endCell();
}
