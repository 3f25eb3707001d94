import { type Builder, type Cell, beginCell, Dictionary } from '@ton/core';

import { type AugSpec, AugTrie } from './aug-trie';
import { type ExtBlkRef, storeExtBlkRef, storeGrams, storeShardIdent } from './block-refs';

/*
 * shard_state#9023afe2 global_id:int32 shard_id:ShardIdent seq_no:uint32 vert_seq_no:#
 *   gen_utime:uint32 gen_lt:uint64 min_ref_mc_seqno:uint32 out_msg_queue_info:^OutMsgQueueInfo
 *   before_split:(## 1) accounts:^ShardAccounts
 *   ^[ overload_history:uint64 underload_history:uint64 total_balance:CurrencyCollection
 *      total_validator_fees:CurrencyCollection libraries:(HashmapE 256 LibDescr)
 *      master_ref:(Maybe BlkMasterInfo) ]
 *   custom:(Maybe ^McStateExtra) = ShardStateUnsplit;
 * shared_lib_descr$00 lib:^Cell publishers:(Hashmap 256 True) = LibDescr;
 */
export interface ShardStateUnsplit {
  readonly globalId: number;
  readonly workchain: number;
  readonly shard: bigint;
  readonly seqno: number;
  readonly genUtime: number;
  readonly genLt: bigint;
  readonly minRefMcSeqno: number;
  readonly outMsgQueueInfo: Cell;
  /** The ^ShardAccounts cell. */
  readonly accounts: Cell;
  readonly totalBalance: bigint;
  readonly totalValidatorFees: bigint;
  /** Libraries (masterchain): the HashmapE 256 LibDescr root (see librariesRoot), absent if empty. */
  readonly libraries?: Cell;
  readonly masterRef?: ExtBlkRef;
  readonly custom?: Cell;
}

export function shardStateCell(s: ShardStateUnsplit): Cell {
  const misc = beginCell().storeUint(0, 64).storeUint(0, 64);
  misc.store(storeGrams(s.totalBalance)).store(storeGrams(s.totalValidatorFees));
  misc.storeMaybeRef(s.libraries);
  if (s.masterRef) {
    misc.storeBit(1).store(storeExtBlkRef(s.masterRef));
  } else {
    misc.storeBit(0);
  }
  const b = beginCell().storeUint(0x9023afe2, 32).storeInt(s.globalId, 32);
  b.store(storeShardIdent(s.workchain, s.shard)).storeUint(s.seqno, 32).storeUint(0, 32);
  b.storeUint(s.genUtime, 32).storeUint(s.genLt, 64).storeUint(s.minRefMcSeqno, 32);
  b.storeRef(s.outMsgQueueInfo).storeBit(0).storeRef(s.accounts).storeRef(misc);
  if (s.custom) {
    b.storeBit(1).storeRef(s.custom);
  } else {
    b.storeBit(0);
  }
  return b.endCell();
}

/** The root of `libraries:(HashmapE 256 LibDescr)` for libraries (hash → root cell, publishers). */
export function librariesRoot(
  libs: ReadonlyMap<bigint, { lib: Cell; publishers: readonly bigint[] }>,
): Cell | undefined {
  const dict = Dictionary.empty(Dictionary.Keys.BigUint(256), Dictionary.Values.Cell());
  for (const [hash, { lib, publishers }] of libs) {
    if (publishers.length === 0) {
      throw new Error('a LibDescr needs at least one publisher (Hashmap 256 True)');
    }
    const pubs = Dictionary.empty(Dictionary.Keys.BigUint(256), {
      serialize: () => undefined,
      parse: () => true,
    });
    for (const p of publishers) {
      pubs.set(p, true);
    }
    const descr = beginCell().storeUint(0, 2).storeRef(lib);
    pubs.storeDirect(descr);
    dict.set(hash, descr.endCell());
  }
  if (dict.size === 0) {
    return undefined;
  }
  const b = beginCell();
  b.storeDictDirect(dict, Dictionary.Keys.BigUint(256), {
    serialize: (v: Cell, vb: Builder) => vb.storeSlice(v.beginParse()),
    parse: (sl) => sl.asCell(),
  });
  return b.endCell();
}

/*
 * _ key:Bool max_end_lt:uint64 = KeyMaxLt;
 * _ key:Bool blk_ref:ExtBlkRef = KeyExtBlkRef;
 * _ (HashmapAugE 32 KeyExtBlkRef KeyMaxLt) = OldMcBlocksInfo;
 */
export interface KeyExtBlkRef {
  readonly key: boolean;
  readonly ref: ExtBlkRef;
}
export interface KeyMaxLt {
  readonly key: boolean;
  readonly maxEndLt: bigint;
}

export const oldMcBlocksSpec: AugSpec<KeyExtBlkRef, KeyMaxLt> = {
  storeValue: (v, b) => {
    b.storeBit(v.key).store(storeExtBlkRef(v.ref));
  },
  leafExtra: (v) => ({ key: v.key, maxEndLt: v.ref.endLt }),
  combine: (l, r) => ({
    key: l.key || r.key,
    maxEndLt: l.maxEndLt > r.maxEndLt ? l.maxEndLt : r.maxEndLt,
  }),
  storeExtra: (e, b) => {
    b.storeBit(e.key).storeUint(e.maxEndLt, 64);
  },
  empty: { key: false, maxEndLt: 0n },
};

export type OldMcBlocksTrie = AugTrie<KeyExtBlkRef, KeyMaxLt>;

export function emptyOldMcBlocks(): OldMcBlocksTrie {
  return AugTrie.empty(32, oldMcBlocksSpec);
}

/*
 * validator_info$_ validator_list_hash_short:uint32 catchain_seqno:uint32 nx_cc_updated:Bool
 *   = ValidatorInfo;
 * masterchain_state_extra#cc26 shard_hashes:ShardHashes config:ConfigParams
 *   ^[ flags:(## 16) { flags <= 1 } validator_info:ValidatorInfo prev_blocks:OldMcBlocksInfo
 *      after_key_block:Bool last_key_block:(Maybe ExtBlkRef)
 *      block_create_stats:(flags . 0)?BlockCreateStats ]
 *   global_balance:CurrencyCollection = McStateExtra;
 * _ config_addr:bits256 config:^(Hashmap 32 ^Cell) = ConfigParams;
 *
 * global_balance must lie in [2^56, 2^62) nanotons for @ton/core's loadMasterchainStateExtra, which reads
 * the config with a Maybe bit the TL-B does not have: that bit is the first bit of the grams length, so
 * the length must be 8 bytes (>= 2^56, https://github.com/ton-core/ton-lite-client); it then reads
 * the grams misaligned, and the bit it takes for `other`'s Maybe is the value's second bit, which
 * must be 0 (< 2^62), or it parses the next reference as a dictionary and throws.
 */
export interface McStateExtra {
  readonly storeShardHashes: (b: Builder) => void;
  readonly configAddress: Buffer;
  /** The config dictionary root (Hashmap 32 ^Cell). */
  readonly config: Cell;
  readonly validatorListHashShort: number;
  readonly catchainSeqno: number;
  readonly prevBlocks: OldMcBlocksTrie;
  readonly afterKeyBlock: boolean;
  readonly lastKeyBlock?: ExtBlkRef;
  readonly globalBalance: bigint;
}

export const MIN_GLOBAL_BALANCE = 1n << 56n;
export const MAX_GLOBAL_BALANCE = (1n << 62n) - 1n;

export function mcStateExtraCell(e: McStateExtra): Cell {
  if (e.globalBalance < MIN_GLOBAL_BALANCE || e.globalBalance > MAX_GLOBAL_BALANCE) {
    throw new Error(
      'global_balance must be in [2^56, 2^62) nanotons (@ton/core McStateExtra quirk)',
    );
  }
  const misc = beginCell().storeUint(0, 16);
  misc.storeUint(e.validatorListHashShort, 32).storeUint(e.catchainSeqno, 32).storeBit(0);
  e.prevBlocks.storeE(misc);
  misc.storeBit(e.afterKeyBlock);
  if (e.lastKeyBlock) {
    misc.storeBit(1).store(storeExtBlkRef(e.lastKeyBlock));
  } else {
    misc.storeBit(0);
  }
  const b = beginCell().storeUint(0xcc26, 16).store(e.storeShardHashes);
  b.storeBuffer(e.configAddress, 32).storeRef(e.config).storeRef(misc);
  return b.store(storeGrams(e.globalBalance)).endCell();
}
