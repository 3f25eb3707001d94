import { type Cell, type Slice } from '@ton/core';

import { skipCurrency } from './currency.reader';
import { walkHashmap, walkHashmapCell } from './hashmap.reader';

/*
 * _ (HashmapAugE 256 AccountBlock CurrencyCollection) = ShardAccountBlocks;
 * acc_trans#5 account_addr:bits256 transactions:(HashmapAug 64 ^Transaction CurrencyCollection)
 *   state_update:^(HASH_UPDATE Account) = AccountBlock;
 * update_hashes#72 {X:Type} old_hash:bits256 new_hash:bits256 = HASH_UPDATE X;
 * (crypto/block/block.tlb) The CurrencyCollection extras are the transactions' total fees; the
 * transactions map is stored inline, so its root node shares the AccountBlock's cell.
 */
const ACC_TRANS = 0x5;
const UPDATE_HASHES = 0x72;

/** One account's part of a block. */
export interface AccountBlockEntry {
  /** The 256-bit account id (the address without its workchain). */
  readonly accountId: bigint;
  /** The ^Transaction cells, in lt order. */
  readonly transactions: readonly Cell[];
  /** Account cell hashes before the first and after the last transaction. */
  readonly oldHash: Buffer;
  readonly newHash: Buffer;
}

/** The account blocks of a `^ShardAccountBlocks` cell, in account id order. */
export function readShardAccountBlocks(cell: Cell): AccountBlockEntry[] {
  const s = cell.beginParse();
  const out: AccountBlockEntry[] = [];
  if (!s.loadBit()) {
    return out; // ahme_empty$0
  }
  walkHashmapCell(s.loadRef(), 256, {
    leaf: (key, v) => {
      skipCurrency(v); // extra
      out.push(readAccountBlock(key, v));
    },
    forkExtra: skipCurrency,
    pruned: () => {
      throw new Error('ShardAccountBlocks: pruned branch in a full block');
    },
  });
  return out;
}

function readAccountBlock(key: bigint, s: Slice): AccountBlockEntry {
  if (s.loadUint(4) !== ACC_TRANS) {
    throw new Error('AccountBlock: bad tag');
  }
  const accountId = s.loadUintBig(256);
  if (accountId !== key) {
    throw new Error('AccountBlock: account_addr differs from its key');
  }
  const transactions: Cell[] = [];
  walkHashmap(s, 64, {
    leaf: (_lt, v) => {
      skipCurrency(v); // extra
      transactions.push(v.loadRef());
    },
    forkExtra: skipCurrency,
    pruned: () => {
      throw new Error('AccountBlock: pruned transaction branch in a full block');
    },
  });
  const update = s.loadRef().beginParse();
  if (update.loadUint(8) !== UPDATE_HASHES) {
    throw new Error('HASH_UPDATE: bad tag');
  }
  return {
    accountId,
    transactions,
    oldHash: update.loadBuffer(32),
    newHash: update.loadBuffer(32),
  };
}
