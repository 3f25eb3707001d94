import { type Cell, type Slice, beginCell } from '@ton/core';

import { skipCurrency } from '../block/currency.reader';
import { walkHashmap, walkHashmapCell } from '../block/hashmap.reader';
import { type AugSpec, AugTrie } from './aug-trie';
import { storeGrams } from './block-refs';

/*
 * update_hashes#72 {X:Type} old_hash:bits256 new_hash:bits256 = HASH_UPDATE X;
 * acc_trans#5 account_addr:bits256 transactions:(HashmapAug 64 ^Transaction CurrencyCollection)
 *   state_update:^(HASH_UPDATE Account) = AccountBlock;
 * _ (HashmapAugE 256 AccountBlock CurrencyCollection) = ShardAccountBlocks;
 * (crypto/block/block.tlb) The CurrencyCollection extras are the transactions' total fees; the
 * transactions map is stored inline, so its root node shares the AccountBlock's cell.
 */
const ACC_TRANS = 0x5;
const UPDATE_HASHES = 0x72;

export interface BlockTransaction {
  readonly lt: bigint;
  readonly cell: Cell;
  readonly totalFees: bigint;
  readonly oldHash: Buffer;
  readonly newHash: Buffer;
}

export interface AccountBlock {
  readonly accountId: bigint;
  /** The account's transactions of the block, in lt order. */
  readonly transactions: readonly BlockTransaction[];
}

const txSpec: AugSpec<BlockTransaction, bigint> = {
  storeValue: (v, b) => {
    b.storeRef(v.cell);
  },
  leafExtra: (v) => v.totalFees,
  combine: (l, r) => l + r,
  storeExtra: (e, b) => {
    b.store(storeGrams(e));
  },
  empty: 0n,
};

export const accountBlockSpec: AugSpec<AccountBlock, bigint> = {
  storeValue: (v, b) => {
    const first = v.transactions[0];
    const last = v.transactions[v.transactions.length - 1];
    if (!first || !last) {
      throw new Error('an AccountBlock needs at least one transaction');
    }
    b.storeUint(ACC_TRANS, 4).storeUint(v.accountId, 256);
    AugTrie.from(
      64,
      txSpec,
      v.transactions.map((t): [bigint, BlockTransaction] => [t.lt, t]),
    ).storeInline(b);
    b.storeRef(
      beginCell().storeUint(UPDATE_HASHES, 8).storeBuffer(first.oldHash).storeBuffer(last.newHash),
    );
  },
  leafExtra: (v) => v.transactions.reduce((s, t) => s + t.totalFees, 0n),
  combine: (l, r) => l + r,
  storeExtra: (e, b) => {
    b.store(storeGrams(e));
  },
  empty: 0n,
};

export function buildShardAccountBlocks(
  blocks: Iterable<AccountBlock>,
): AugTrie<AccountBlock, bigint> {
  let t = AugTrie.empty<AccountBlock, bigint>(256, accountBlockSpec);
  for (const ab of blocks) {
    t = t.set(ab.accountId, ab);
  }
  return t;
}

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
export function loadShardAccountBlocks(cell: Cell): AccountBlockEntry[] {
  const s = cell.beginParse();
  const out: AccountBlockEntry[] = [];
  if (!s.loadBit()) {
    return out; // ahme_empty$0
  }
  walkHashmapCell(s.loadRef(), 256, {
    leaf: (key, v) => {
      skipCurrency(v); // extra
      out.push(loadAccountBlock(key, v));
    },
    forkExtra: skipCurrency,
    pruned: () => {
      throw new Error('ShardAccountBlocks: pruned branch in a full block');
    },
  });
  return out;
}

function loadAccountBlock(key: bigint, s: Slice): AccountBlockEntry {
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
