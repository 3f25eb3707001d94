import { type Cell, type Slice } from '@ton/core';

import { ProofError, provenParse } from './proof-error';

/** One validator of a set, as ConfigParam 32/34/36 list it. */
export interface ValidatorEntry {
  /** Index in the set's list (the HashmapE 16 key). */
  readonly index: number;
  readonly publicKey: Buffer;
  readonly weight: bigint;
  /** ADNL address; 32 zero bytes for a `validator#53` entry, which has none. */
  readonly adnlAddr: Buffer;
}

export interface ValidatorSet {
  readonly utimeSince: number;
  readonly utimeUntil: number;
  /** How many validators (the first `main` of the list, or a shuffled pick) validate the masterchain. */
  readonly main: number;
  /** Every validator of the list, by index. */
  readonly list: readonly ValidatorEntry[];
}

const ZERO_ADDR = Buffer.alloc(32);

/**
 * Reads a validator set (block.tlb):
 *   validators#11 utime_since:uint32 utime_until:uint32 total:(## 16) main:(## 16) { main <= total }
 *     { main >= 1 } list:(Hashmap 16 ValidatorDescr) = ValidatorSet;
 *   validators_ext#12 utime_since:uint32 utime_until:uint32 total:(## 16) main:(## 16)
 *     { main <= total } { main >= 1 } total_weight:uint64 list:(HashmapE 16 ValidatorDescr) = ValidatorSet;
 *   validator#53 public_key:SigPubKey weight:uint64 = ValidatorDescr;
 *   validator_addr#73 public_key:SigPubKey weight:uint64 adnl_addr:bits256 = ValidatorDescr;
 *   ed25519_pubkey#8e81278a pubkey:bits256 = SigPubKey;
 * The whole list must be in the proof (a config proof keeps the param's subtree whole), and
 * validators_ext's total_weight must equal the sum of the weights.
 */
export function readValidatorSet(cell: Cell): ValidatorSet {
  return provenParse('signatures', 'validator set', () => {
    const s = cell.beginParse();
    const tag = s.loadUint(8);
    if (tag !== 0x11 && tag !== 0x12) {
      throw new ProofError('signatures', `unknown ValidatorSet tag 0x${tag.toString(16)}`);
    }
    const utimeSince = s.loadUint(32);
    const utimeUntil = s.loadUint(32);
    const total = s.loadUint(16);
    const main = s.loadUint(16);
    if (main < 1 || main > total) {
      throw new ProofError('signatures', `validator set main ${main} outside 1..${total}`);
    }
    const totalWeight = tag === 0x12 ? s.loadUintBig(64) : null;
    const root = tag === 0x12 ? s.loadMaybeRef() : s.loadRef();
    const list: ValidatorEntry[] = [];
    if (root) {
      collectValidators(root, list);
    }
    list.sort((a, b) => a.index - b.index);
    if (list.length !== total) {
      throw new ProofError('signatures', `validator set lists ${list.length} of ${total}`);
    }
    if (totalWeight !== null && list.reduce((sum, v) => sum + v.weight, 0n) !== totalWeight) {
      throw new ProofError('signatures', 'validator weights do not sum to total_weight');
    }
    return { utimeSince, utimeUntil, main, list };
  });
}

/** Walks a Hashmap 16 ValidatorDescr (hm_edge / hmn_fork / hmn_leaf), with an explicit stack. */
function collectValidators(root: Cell, out: ValidatorEntry[]): void {
  const stack: { cell: Cell; bits: number; prefix: number }[] = [
    { cell: root, bits: 16, prefix: 0 },
  ];
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (item.cell.isExotic) {
      throw new ProofError('signatures', 'validator list is pruned from the proof');
    }
    const s = item.cell.beginParse();
    const { length, value } = readLabel(s, item.bits);
    const prefix = item.prefix * 2 ** length + value;
    const rest = item.bits - length;
    if (rest === 0) {
      out.push(readValidatorDescr(s, prefix));
      continue;
    }
    const [left, right] = item.cell.refs;
    if (!left || !right) {
      throw new ProofError('signatures', 'validator list fork without two branches');
    }
    stack.push({ cell: left, bits: rest - 1, prefix: prefix * 2 });
    stack.push({ cell: right, bits: rest - 1, prefix: prefix * 2 + 1 });
  }
}

/** HmLabel ~n m: hml_short$0 (unary length), hml_long$10, hml_same$11. Keys here are ≤ 16 bits. */
function readLabel(s: Slice, m: number): { length: number; value: number } {
  const lenBits = Math.ceil(Math.log2(m + 1));
  if (!s.loadBit()) {
    let length = 0;
    while (s.loadBit()) {
      length++;
    }
    return { length, value: length === 0 ? 0 : s.loadUint(length) };
  }
  if (!s.loadBit()) {
    const length = s.loadUint(lenBits);
    return { length, value: length === 0 ? 0 : s.loadUint(length) };
  }
  const bit = s.loadBit();
  const length = s.loadUint(lenBits);
  return { length, value: bit ? 2 ** length - 1 : 0 };
}

function readValidatorDescr(s: Slice, index: number): ValidatorEntry {
  const tag = s.loadUint(8);
  if (tag !== 0x53 && tag !== 0x73) {
    throw new ProofError('signatures', `unknown ValidatorDescr tag 0x${tag.toString(16)}`);
  }
  if (s.loadUint(32) !== 0x8e81278a) {
    throw new ProofError('signatures', 'validator key is not an ed25519_pubkey');
  }
  const publicKey = s.loadBuffer(32);
  const weight = s.loadUintBig(64);
  const adnlAddr = tag === 0x73 ? s.loadBuffer(32) : ZERO_ADDR;
  return { index, publicKey, weight, adnlAddr };
}

/**
 *   catchain_config#c1 mc_catchain_lifetime:uint32 shard_catchain_lifetime:uint32
 *     shard_validators_lifetime:uint32 shard_validators_num:uint32 = CatchainConfig;
 *   catchain_config_new#c2 flags:(## 7) { flags = 0 } shuffle_mc_validators:Bool
 *     mc_catchain_lifetime:uint32 ... = CatchainConfig;
 * (ConfigParam 28): whether the masterchain validators are a shuffled pick of the set.
 */
export function readShuffleMcValidators(catchainConfig: Cell): boolean {
  return provenParse('signatures', 'catchain config', () => {
    const s = catchainConfig.beginParse();
    const tag = s.loadUint(8);
    if (tag === 0xc1) {
      return false;
    }
    if (tag !== 0xc2) {
      throw new ProofError('signatures', `unknown CatchainConfig tag 0x${tag.toString(16)}`);
    }
    s.skip(7);
    return s.loadBit();
  });
}
