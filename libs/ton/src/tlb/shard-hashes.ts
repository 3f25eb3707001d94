import { type Builder, type Cell, type Slice, beginCell, Dictionary } from '@ton/core';

import { walkHashmapCell } from '../block/hashmap.reader';
import { type AugSpec, AugTrie } from './aug-trie';
import { shardPrefixLength, storeGrams } from './block-refs';

/*
 * fsm_none$0 = FutureSplitMerge;
 * shard_descr#b seq_no:uint32 reg_mc_seqno:uint32 start_lt:uint64 end_lt:uint64
 *   root_hash:bits256 file_hash:bits256 before_split:Bool before_merge:Bool want_split:Bool
 *   want_merge:Bool nx_cc_updated:Bool flags:(## 3) { flags = 0 } next_catchain_seqno:uint32
 *   next_validator_shard:uint64 min_ref_mc_seqno:uint32 gen_utime:uint32
 *   split_merge_at:FutureSplitMerge fees_collected:CurrencyCollection
 *   funds_created:CurrencyCollection = ShardDescr;
 * shard_descr_new#a seq_no:uint32 reg_mc_seqno:uint32 start_lt:uint64 end_lt:uint64
 *   root_hash:bits256 file_hash:bits256 before_split:Bool before_merge:Bool want_split:Bool
 *   want_merge:Bool nx_cc_updated:Bool flags:(## 3) { flags = 0 } next_catchain_seqno:uint32
 *   next_validator_shard:uint64 min_ref_mc_seqno:uint32 gen_utime:uint32
 *   split_merge_at:FutureSplitMerge
 *   ^[ fees_collected:CurrencyCollection funds_created:CurrencyCollection ] = ShardDescr;
 * (crypto/block/block.tlb) Stored as shard_descr_new; loaded from either constructor.
 */
export interface ShardDescr {
  readonly shard: bigint;
  readonly seqno: number;
  readonly regMcSeqno: number;
  readonly startLt: bigint;
  readonly endLt: bigint;
  readonly rootHash: Buffer;
  readonly fileHash: Buffer;
  readonly beforeSplit?: boolean;
  readonly beforeMerge?: boolean;
  readonly wantSplit?: boolean;
  readonly wantMerge?: boolean;
  readonly nxCcUpdated?: boolean;
  readonly nextCatchainSeqno: number;
  readonly minRefMcSeqno: number;
  readonly genUtime: number;
  readonly feesCollected: bigint;
  readonly fundsCreated: bigint;
}

const SHARD_DESCR = 0xb;
const SHARD_DESCR_NEW = 0xa;
/** The shard id of a whole workchain: no prefix bits, the tag bit alone. */
const SHARD_ROOT = 0x8000000000000000n;

/**
 * A ShardDescr as loaded: its workchain and shard from its place in ShardHashes, its fields up to
 * gen_utime. split_merge_at and the fees are left unread (shard_descr_new keeps the fees behind a
 * reference, which no reader needs).
 */
export interface LoadedShardDescr extends Required<
  Omit<ShardDescr, 'feesCollected' | 'fundsCreated'>
> {
  readonly workchain: number;
  readonly nextValidatorShard: bigint;
}

/** The fields of a ShardDescr up to gen_utime, from `s` positioned at its tag. */
export function loadShardDescr(s: Slice, workchain: number, shard: bigint): LoadedShardDescr {
  const tag = s.loadUint(4);
  if (tag !== SHARD_DESCR && tag !== SHARD_DESCR_NEW) {
    throw new Error(`ShardDescr: unknown tag 0x${tag.toString(16)}`);
  }
  const seqno = s.loadUint(32);
  const regMcSeqno = s.loadUint(32);
  const startLt = s.loadUintBig(64);
  const endLt = s.loadUintBig(64);
  const rootHash = s.loadBuffer(32);
  const fileHash = s.loadBuffer(32);
  const beforeSplit = s.loadBit();
  const beforeMerge = s.loadBit();
  const wantSplit = s.loadBit();
  const wantMerge = s.loadBit();
  const nxCcUpdated = s.loadBit();
  s.skip(3); // flags
  return {
    workchain,
    shard,
    seqno,
    regMcSeqno,
    startLt,
    endLt,
    rootHash,
    fileHash,
    beforeSplit,
    beforeMerge,
    wantSplit,
    wantMerge,
    nxCcUpdated,
    nextCatchainSeqno: s.loadUint(32),
    nextValidatorShard: s.loadUintBig(64),
    minRefMcSeqno: s.loadUint(32),
    genUtime: s.loadUint(32),
  };
}

export function storeShardDescr(d: ShardDescr): (b: Builder) => void {
  return (b) => {
    b.storeUint(0xa, 4).storeUint(d.seqno, 32).storeUint(d.regMcSeqno, 32);
    b.storeUint(d.startLt, 64).storeUint(d.endLt, 64);
    b.storeBuffer(d.rootHash, 32).storeBuffer(d.fileHash, 32);
    b.storeBit(d.beforeSplit ?? false).storeBit(d.beforeMerge ?? false);
    b.storeBit(d.wantSplit ?? false).storeBit(d.wantMerge ?? false);
    b.storeBit(d.nxCcUpdated ?? false).storeUint(0, 3);
    b.storeUint(d.nextCatchainSeqno, 32).storeUint(d.shard, 64);
    b.storeUint(d.minRefMcSeqno, 32).storeUint(d.genUtime, 32);
    b.storeBit(0); // fsm_none$0
    b.storeRef(
      beginCell().store(storeGrams(d.feesCollected)).store(storeGrams(d.fundsCreated)).endCell(),
    );
  };
}

/*
 * bt_leaf$0 {X:Type} leaf:X = BinTree X;
 * bt_fork$1 {X:Type} left:^(BinTree X) right:^(BinTree X) = BinTree X;
 * The tree of one workchain's shards: a fork splits on the next prefix bit (left = 0).
 */
function binTreeCell(descrs: readonly ShardDescr[], depth: number): Cell {
  const [only] = descrs;
  if (descrs.length === 1 && only && shardPrefixLength(only.shard) === depth) {
    return beginCell().storeBit(0).store(storeShardDescr(only)).endCell();
  }
  const bit = 1n << BigInt(63 - depth);
  const left = descrs.filter((d) => (d.shard & bit) === 0n);
  const right = descrs.filter((d) => (d.shard & bit) !== 0n);
  if (left.length === 0 || right.length === 0) {
    throw new Error('shard descriptors do not cover the workchain');
  }
  return beginCell()
    .storeBit(1)
    .storeRef(binTreeCell(left, depth + 1))
    .storeRef(binTreeCell(right, depth + 1))
    .endCell();
}

/**
 * Depth-first, left (prefix bit 0) before right, so a workchain's shards come out in ascending
 * unsigned order: each leaf's shard id follows from its path.
 */
function loadBinTree(cell: Cell, workchain: number, shard: bigint, out: LoadedShardDescr[]): void {
  const s = cell.beginParse();
  if (!s.loadBit()) {
    out.push(loadShardDescr(s, workchain, shard));
    return;
  }
  // A child's tag bit is one position lower; its prefix adds 0 (left) or 1 (right).
  const step = (shard & -shard) >> 1n;
  if (step === 0n) {
    throw new Error('BinTree ShardDescr: shard deeper than 60 bits');
  }
  loadBinTree(s.loadRef(), workchain, shard - step, out);
  loadBinTree(s.loadRef(), workchain, shard + step, out);
}

/**
 * `_ (HashmapE 32 ^(BinTree ShardDescr)) = ShardHashes;` from `s` positioned at the HashmapE (bit +
 * ref): every shard, workchains in the hashmap's key order (unsigned, so a negative workchain comes
 * last).
 */
export function loadShardHashes(s: Slice): LoadedShardDescr[] {
  const out: LoadedShardDescr[] = [];
  const root = s.loadMaybeRef();
  if (!root) {
    return out;
  }
  walkHashmapCell(root, 32, {
    leaf: (key, v) => {
      loadBinTree(v.loadRef(), Number(BigInt.asIntN(32, key)), SHARD_ROOT, out);
    },
  });
  return out;
}

/** _ (HashmapE 32 ^(BinTree ShardDescr)) = ShardHashes; written as the HashmapE (bit + ref). */
export function storeShardHashes(
  byWorkchain: ReadonlyMap<number, readonly ShardDescr[]>,
): (b: Builder) => void {
  const dict = Dictionary.empty(Dictionary.Keys.Int(32), Dictionary.Values.Cell());
  for (const [wc, descrs] of byWorkchain) {
    dict.set(wc, binTreeCell(descrs, 0));
  }
  return (b) => {
    b.storeDict(dict, Dictionary.Keys.Int(32), {
      serialize: (v: Cell, vb: Builder) => vb.storeRef(v),
      parse: (s) => s.loadRef(),
    });
  };
}

/*
 * _ fees:CurrencyCollection create:CurrencyCollection = ShardFeeCreated;
 * _ (HashmapAugE 96 ShardFeeCreated ShardFeeCreated) = ShardFees;   // key: workchain:int32 shard:uint64
 */
export interface ShardFeeCreated {
  readonly fees: bigint;
  readonly create: bigint;
}

const storeFeeCreated = (v: ShardFeeCreated, b: Builder): void => {
  b.store(storeGrams(v.fees)).store(storeGrams(v.create));
};

export const shardFeesSpec: AugSpec<ShardFeeCreated, ShardFeeCreated> = {
  storeValue: storeFeeCreated,
  leafExtra: (v) => v,
  combine: (l, r) => ({ fees: l.fees + r.fees, create: l.create + r.create }),
  storeExtra: storeFeeCreated,
  empty: { fees: 0n, create: 0n },
};

export function shardFeesKey(workchain: number, shard: bigint): bigint {
  return (BigInt.asUintN(32, BigInt(workchain)) << 64n) | shard;
}

export function buildShardFees(
  entries: Iterable<[bigint, ShardFeeCreated]>,
): AugTrie<ShardFeeCreated, ShardFeeCreated> {
  return AugTrie.from(96, shardFeesSpec, entries);
}
