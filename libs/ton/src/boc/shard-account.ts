import type { Cell } from '@ton/core';
import { hashmapPath } from './dict-path';

/** A ShardAccount found in a shard state, with the cells a Merkle proof of it must keep. */
export interface ShardAccountLookup {
  /** ShardStateUnsplit root, the ^ShardAccounts cell and the dictionary path (to the leaf, or to the
   *  point where the key diverges when the account is absent). */
  readonly path: Cell[];
  /** null when the state has no such account. */
  readonly account: {
    /** The Account cell (account_none$0 or account$1). */
    readonly cell: Cell;
    readonly lastTransHash: Buffer;
    readonly lastTransLt: bigint;
    /** The dictionary leaf holding the ShardAccount. */
    readonly leaf: Cell;
  } | null;
}

/**
 * Looks an account up in a ShardStateUnsplit (block.tlb):
 *
 *   shard_state#9023afe2 global_id:int32 shard_id:ShardIdent seq_no:uint32 vert_seq_no:#
 *     gen_utime:uint32 gen_lt:uint64 min_ref_mc_seqno:uint32 out_msg_queue_info:^OutMsgQueueInfo
 *     before_split:(## 1) accounts:^ShardAccounts ^[ ... ] custom:(Maybe ^McStateExtra) = ShardStateUnsplit;
 *   _ (HashmapAugE 256 ShardAccount DepthBalanceInfo) = ShardAccounts;
 *   depth_balance$_ split_depth:(#<= 30) balance:CurrencyCollection = DepthBalanceInfo;
 *   account_descr$_ account:^Account last_trans_hash:bits256 last_trans_lt:uint64 = ShardAccount;
 *
 * `accountId` is the 256-bit account address (without the workchain).
 */
export function findShardAccount(stateCell: Cell, accountId: Buffer): ShardAccountLookup {
  if (accountId.length !== 32) {
    throw new Error('account id must be 32 bytes');
  }
  const s = stateCell.beginParse();
  if (s.loadUint(32) !== 0x9023afe2) {
    throw new Error('not a ShardStateUnsplit (shard_state#9023afe2)');
  }
  const accounts = stateCell.refs[1];
  if (!accounts) {
    throw new Error('ShardStateUnsplit without accounts ref');
  }
  const path: Cell[] = [stateCell, accounts];
  const accountsSlice = accounts.beginParse();
  if (!accountsSlice.loadBit()) {
    return { path, account: null }; // ahme_empty$0
  }
  const root = accounts.refs[0];
  if (!root) {
    throw new Error('ShardAccounts ahme_root$1 without its root ref');
  }
  const found = hashmapPath(root, BigInt('0x' + accountId.toString('hex')), 256);
  path.push(...found.cells);
  if (!found.leaf || !found.value) {
    return { path, account: null };
  }
  const v = found.value;
  v.skip(5); // split_depth:(#<= 30)
  v.loadCoins(); // balance.grams
  v.loadMaybeRef(); // balance.other: ExtraCurrencyCollection (HashmapE 32)
  const cell = v.loadRef();
  const lastTransHash = v.loadBuffer(32);
  const lastTransLt = v.loadUintBig(64);
  return { path, account: { cell, lastTransHash, lastTransLt, leaf: found.leaf } };
}
