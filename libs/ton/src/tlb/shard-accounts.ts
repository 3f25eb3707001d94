import {
  type Builder,
  type Cell,
  beginCell,
  type ShardAccount,
  storeShardAccount,
} from '@ton/core';

import { type AugSpec, AugTrie } from './aug-trie';
import { storeGrams } from './block-refs';

/*
 * account_descr$_ account:^Account last_trans_hash:bits256 last_trans_lt:uint64 = ShardAccount;
 * depth_balance$_ split_depth:(#<= 30) balance:CurrencyCollection = DepthBalanceInfo;
 * _ (HashmapAugE 256 ShardAccount DepthBalanceInfo) = ShardAccounts;
 */

/** One ShardAccounts leaf: the account cell as stored (its hash is the transactions' state hash). */
export interface ShardAccountEntry {
  readonly account: Cell;
  readonly balance: bigint;
  readonly lastTransHash: Buffer;
  readonly lastTransLt: bigint;
  /** The parsed ShardAccount this entry was made from (kept for get-methods and lookups). */
  readonly parsed: ShardAccount;
}

/**
 * One Cell object per distinct cell among the code and data of account versions. The emulator hands
 * every account back freshly parsed after each transaction, so a chain that keeps every version (a
 * local network answering historical queries) would otherwise hold a new copy of the same wallet code
 * — and of unchanged data — per transaction: most of its memory.
 */
export class CellInterner {
  private readonly cells = new Map<string, Cell>();

  intern(cell: Cell): Cell {
    const key = cell.hash().toString('base64');
    const known = this.cells.get(key);
    if (known !== undefined) {
      return known;
    }
    this.cells.set(key, cell);
    return cell;
  }
}

/**
 * Builds a ShardAccounts entry from a parsed ShardAccount (account_none is not stored in the map).
 * With an interner, an active account's code and data cells are replaced in `sa` by the interned
 * ones (same hashes, so the same account).
 */
export function shardAccountEntry(
  sa: ShardAccount,
  interner?: CellInterner,
): ShardAccountEntry | undefined {
  if (!sa.account) {
    return undefined;
  }
  const state = sa.account.storage.state;
  if (interner !== undefined && state.type === 'active') {
    if (state.state.code) {
      state.state.code = interner.intern(state.state.code);
    }
    if (state.state.data) {
      state.state.data = interner.intern(state.state.data);
    }
  }
  // The ^Account cell as @ton/core writes it inside a ShardAccount (with the account$1 tag bit).
  const account = beginCell().store(storeShardAccount(sa)).endCell().refs[0];
  if (!account) {
    throw new Error('ShardAccount without its account cell');
  }
  return {
    account,
    balance: sa.account.storage.balance.coins,
    lastTransHash: Buffer.from(sa.lastTransactionHash.toString(16).padStart(64, '0'), 'hex'),
    lastTransLt: sa.lastTransactionLt,
    parsed: sa,
  };
}

function storeDepthBalance(balance: bigint, b: Builder): void {
  // split_depth:(#<= 30) is 5 bits; accounts here are never split (depth 0).
  b.storeUint(0, 5).store(storeGrams(balance));
}

export const shardAccountsSpec: AugSpec<ShardAccountEntry, bigint> = {
  storeValue: (v, b) => {
    b.storeRef(v.account).storeBuffer(v.lastTransHash, 32).storeUint(v.lastTransLt, 64);
  },
  leafExtra: (v) => v.balance,
  combine: (l, r) => l + r,
  storeExtra: storeDepthBalance,
  empty: 0n,
};

/** ShardAccounts as an incremental trie keyed by the 256-bit account id. */
export type ShardAccountsTrie = AugTrie<ShardAccountEntry, bigint>;

export function emptyShardAccounts(): ShardAccountsTrie {
  return AugTrie.empty(256, shardAccountsSpec);
}

/** The `^ShardAccounts` cell (HashmapAugE 256 ShardAccount DepthBalanceInfo). */
export function shardAccountsCell(trie: ShardAccountsTrie): Cell {
  const b = beginCell();
  trie.storeE(b);
  return b.endCell();
}
