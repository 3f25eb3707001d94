import { type Cell } from '@ton/core';

import { hashmapPath, int32Key } from '../boc/dict-path';
import { ProofError, type ProofFailure, provenParse } from './proof-error';

const SHARD_STATE_TAG = 0x9023afe2;
const MC_STATE_EXTRA_TAG = 0xcc26;

/** A cell the proof must keep: a pruned branch there means the liteserver withheld what was asked. */
export function keptRef(cell: Cell, index: number, reason: ProofFailure, what: string): Cell {
  const ref = cell.refs[index];
  if (!ref) {
    throw new ProofError(reason, `${what} is missing`);
  }
  if (ref.isExotic) {
    throw new ProofError(reason, `${what} is pruned from the proof`);
  }
  return ref;
}

/** The parts of a proven masterchain state's McStateExtra that answers are checked against. */
export interface McStateParts {
  /** Root of ShardHashes (HashmapE 32 ^(BinTree ShardDescr)), null when the dictionary is empty. */
  readonly shardHashes: Cell | null;
  /** Root of the config dictionary (Hashmap 32 ^Cell); a pruned branch when the proof is not of config. */
  readonly config: Cell;
}

/**
 *   shard_state#9023afe2 global_id:int32 shard_id:ShardIdent seq_no:uint32 vert_seq_no:#
 *     gen_utime:uint32 gen_lt:uint64 min_ref_mc_seqno:uint32 out_msg_queue_info:^OutMsgQueueInfo
 *     before_split:(## 1) accounts:^ShardAccounts ^[ ... ] custom:(Maybe ^McStateExtra) = ShardStateUnsplit;
 *   masterchain_state_extra#cc26 shard_hashes:ShardHashes config:ConfigParams ^[ ... ]
 *     block_create_stats:(Maybe BlockCreateStats) global_balance:CurrencyCollection = McStateExtra;
 *   _ config_addr:bits256 config:^(Hashmap 32 ^Cell) = ConfigParams;
 * `reason` names what the caller checks (a config answer, a shard list, a block link).
 */
export function readMcStateParts(state: Cell, reason: ProofFailure): McStateParts {
  return provenParse(reason, 'masterchain state', () => {
    const s = state.beginParse();
    if (s.loadUint(32) !== SHARD_STATE_TAG) {
      throw new ProofError(reason, 'state proof root is not a ShardStateUnsplit');
    }
    s.skip(32 + 104 + 32 + 32 + 32 + 64 + 32 + 1);
    if (!s.loadBit()) {
      throw new ProofError(reason, 'state has no McStateExtra: not a masterchain state');
    }
    const extra = keptRef(state, 3, reason, 'McStateExtra');
    const e = extra.beginParse();
    if (e.loadUint(16) !== MC_STATE_EXTRA_TAG) {
      throw new ProofError(reason, 'not a McStateExtra');
    }
    const hasShards = e.loadBit();
    const config = extra.refs[hasShards ? 1 : 0];
    if (!config) {
      throw new ProofError(reason, 'McStateExtra without its config ref');
    }
    return { shardHashes: hasShards ? (extra.refs[0] ?? null) : null, config };
  });
}

/**
 * One config param's value cell from a proven config dictionary, or null when the proof shows it absent.
 * The dictionary path must be kept in the proof: a pruned branch on the way refuses the answer, since
 * neither presence nor absence is then proven.
 */
export function provenConfigParam(config: Cell, param: number): Cell | null {
  return provenParse('config', `config param ${param}`, () => {
    const path = hashmapPath(config, int32Key(param), 32);
    if (!path.value) {
      return null;
    }
    const value = path.value.loadRef();
    if (value.isExotic) {
      throw new ProofError('config', `config param ${param} is pruned from the proof`);
    }
    return value;
  });
}
