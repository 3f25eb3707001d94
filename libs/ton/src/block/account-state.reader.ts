import { type Cell, CellType, loadAccount, type Slice } from '@ton/core';

import { writeBoc } from './boc.writer';
import { extraCurrenciesOf, skipCurrency } from './currency.reader';
import { walkHashmapCell } from './hashmap.reader';
import { type AccountStatus, type ParsedAccountState } from './parsed-block';
import { hashBase64, rawAccount, uint256Base64 } from './raw-format';

/*
 * !merkle_update#04 {X:Type} old_hash:bits256 new_hash:bits256 old_depth:uint16 new_depth:uint16
 *   old:^X new:^X = MERKLE_UPDATE X;      (the block's state_update: ^(MERKLE_UPDATE ShardState))
 * split_state#5f327da5 left:^ShardStateUnsplit right:^ShardStateUnsplit = ShardState;
 * shard_state#9023afe2 global_id:int32 shard_id:ShardIdent seq_no:uint32 vert_seq_no:#
 *   gen_utime:uint32 gen_lt:uint64 min_ref_mc_seqno:uint32 out_msg_queue_info:^OutMsgQueueInfo
 *   before_split:(## 1) accounts:^ShardAccounts ^[ … ] custom:(Maybe ^McStateExtra) = ShardStateUnsplit;
 * _ (HashmapAugE 256 ShardAccount DepthBalanceInfo) = ShardAccounts;
 * depth_balance$_ split_depth:(#<= 30) balance:CurrencyCollection = DepthBalanceInfo;
 * account_descr$_ account:^Account last_trans_hash:bits256 last_trans_lt:uint64 = ShardAccount;
 * account_none$0 = Account;
 * account$1 addr:MsgAddressInt storage_stat:StorageInfo storage:AccountStorage = Account;
 * (crypto/block/block.tlb)
 *
 * Each side of the update is the state with every subtree the collator did not use replaced by a
 * pruned branch. The new side holds every touched account's ShardAccount leaf and Account cell (they
 * changed). The old side holds only what the collator's usage tree kept: on the fixture blocks most
 * touched accounts are pruned there (and new ones absent), so before-states come only when present.
 * Inside an Account, code and data may be pruned, but a pruned branch keeps the original hash
 * (`hash(0)`), so their hashes are always known.
 */
const SHARD_STATE = 0x9023afe2;
const SPLIT_STATE = 0x5f327da5;
/** split_depth:(#<= 30) is 5 bits wide. */
const SPLIT_DEPTH_BITS = 5;

/** The account states on each side of a block's state update, by account id. */
export interface AccountStateSides {
  /** Before the block (the update's old side). */
  readonly before: ReadonlyMap<bigint, ParsedAccountState>;
  /** After the block (the update's new side). */
  readonly after: ReadonlyMap<bigint, ParsedAccountState>;
}

/** An Account read from one side, before its code and data are serialised. */
interface RawState {
  readonly accountId: bigint;
  readonly state: Omit<ParsedAccountState, 'codeBoc' | 'dataBoc'>;
  readonly code: Cell | null;
  readonly data: Cell | null;
}

/**
 * Reads the states of the accounts in `touched` (256-bit ids) from both sides of `stateUpdate`.
 * Code and data BoCs are given when the cell is complete (no pruned branch below it) on either side:
 * an unchanged code is pruned on the new side, but the old side may hold it whole.
 */
export function readAccountStateSides(
  stateUpdate: Cell,
  workchain: number,
  touched: ReadonlySet<bigint>,
): AccountStateSides {
  if (stateUpdate.type !== CellType.MerkleUpdate) {
    throw new Error('state_update is not a MERKLE_UPDATE cell');
  }
  const [oldSide, newSide] = stateUpdate.refs;
  if (!oldSide || !newSide) {
    throw new Error('MERKLE_UPDATE without its two sides');
  }
  const before = readSide(oldSide, workchain, touched);
  const after = readSide(newSide, workchain, touched);
  const boc = new BocCache([...before, ...after]);
  return { before: boc.complete(before), after: boc.complete(after) };
}

/**
 * The account states before and after the block of every touched account, deduplicated by hash, by
 * account id and then before → after.
 */
export function readAccountStates(
  stateUpdate: Cell,
  workchain: number,
  touched: ReadonlySet<bigint>,
): ParsedAccountState[] {
  const { before, after } = readAccountStateSides(stateUpdate, workchain, touched);
  const seen = new Set<string>();
  const out: ParsedAccountState[] = [];
  for (const id of touched) {
    for (const state of [before.get(id), after.get(id)]) {
      if (state && !seen.has(state.hash)) {
        seen.add(state.hash);
        out.push(state);
      }
    }
  }
  return out;
}

function readSide(root: Cell, workchain: number, touched: ReadonlySet<bigint>): RawState[] {
  const out: RawState[] = [];
  for (const state of unsplitStates(root)) {
    const accounts = state.refs[1];
    if (!accounts || accounts.isExotic) {
      continue;
    }
    const s = accounts.beginParse();
    if (!s.loadBit()) {
      continue; // ahme_empty$0
    }
    walkHashmapCell(s.loadRef(), 256, {
      leaf: (key, v) => {
        skipDepthBalance(v);
        if (touched.has(key)) {
          const raw = readShardAccount(key, v, workchain);
          if (raw) {
            out.push(raw);
          }
        }
      },
      forkExtra: skipDepthBalance,
      // Untouched parts of the map: nothing to read.
      pruned: () => undefined,
    });
  }
  return out;
}

function unsplitStates(cell: Cell): Cell[] {
  if (cell.isExotic) {
    return [];
  }
  const tag = cell.beginParse().loadUint(32);
  if (tag === SHARD_STATE) {
    return [cell];
  }
  if (tag === SPLIT_STATE) {
    return cell.refs.flatMap(unsplitStates);
  }
  throw new Error(`ShardState: unknown tag 0x${tag.toString(16)}`);
}

function skipDepthBalance(s: Slice): void {
  s.skip(SPLIT_DEPTH_BITS);
  skipCurrency(s);
}

function readShardAccount(accountId: bigint, s: Slice, workchain: number): RawState | null {
  const cell = s.loadRef();
  if (cell.isExotic) {
    return null; // a neighbour's leaf kept for its label only
  }
  const a = cell.beginParse();
  if (!a.loadBit()) {
    return null; // account_none$0 is never stored in ShardAccounts
  }
  const account = loadAccount(a);
  const storage = account.storage;
  const st = storage.state;
  const code = st.type === 'active' ? (st.state.code ?? null) : null;
  const data = st.type === 'active' ? (st.state.data ?? null) : null;
  return {
    accountId,
    code,
    data,
    state: {
      hash: hashBase64(cell.hash(0)),
      account: rawAccount(workchain, accountId),
      balance: storage.balance.coins,
      balanceExtraCurrencies: extraCurrenciesOf(storage.balance),
      status: statusOf(st.type),
      frozenHash: st.type === 'frozen' ? uint256Base64(st.stateHash) : null,
      codeHash: code ? hashBase64(code.hash(0)) : null,
      dataHash: data ? hashBase64(data.hash(0)) : null,
      lastTransLt: storage.lastTransLt,
    },
  };
}

function statusOf(type: 'active' | 'frozen' | 'uninit'): AccountStatus {
  return type;
}

/** BoCs (no CRC, as the account_states rows keep them) of the complete code/data cells, by hash. */
class BocCache {
  private readonly complete_ = new Map<string, Cell>();
  private readonly bocs = new Map<string, string>();

  constructor(states: readonly RawState[]) {
    for (const { code, data } of states) {
      for (const c of [code, data]) {
        // Level 0 inside a Merkle update: no pruned branch anywhere below.
        if (c?.level() === 0) {
          this.complete_.set(c.hash(0).toString('hex'), c);
        }
      }
    }
  }

  complete(states: readonly RawState[]): Map<bigint, ParsedAccountState> {
    const out = new Map<bigint, ParsedAccountState>();
    for (const s of states) {
      out.set(s.accountId, {
        ...s.state,
        codeBoc: this.bocOf(s.code),
        dataBoc: this.bocOf(s.data),
      });
    }
    return out;
  }

  private bocOf(cell: Cell | null): string | null {
    if (!cell) {
      return null;
    }
    const key = cell.hash(0).toString('hex');
    const done = this.bocs.get(key);
    if (done !== undefined) {
      return done;
    }
    const full = this.complete_.get(key);
    if (!full) {
      return null;
    }
    const boc = writeBoc(full, false).toString('base64');
    this.bocs.set(key, boc);
    return boc;
  }
}
