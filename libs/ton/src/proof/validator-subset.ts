import { createHash } from 'node:crypto';

import { type ValidatorEntry, type ValidatorSet } from './validator-set.reader';

/** The masterchain's shard id (no prefix bits, the tag bit alone). */
const MC_SHARD = 0x8000000000000000n;

/**
 * The validators that sign masterchain blocks of catchain session `catchainSeqno`: the first `main` of
 * the set by index, or, when ConfigParam 28 sets shuffle_mc_validators, a pseudo-random pick of `main`
 * driven by the session (ValidatorSet::compute_validator_set in crypto/block/mc-config.cpp of
 * https://github.com/ton-blockchain/ton; the generator is the one of ValidatorSetPRNG there).
 */
export function masterchainValidators(
  set: ValidatorSet,
  shuffle: boolean,
  catchainSeqno: number,
): ValidatorEntry[] {
  const count = Math.min(set.main, set.list.length);
  if (!shuffle) {
    return set.list.slice(0, count);
  }
  const prng = new ValidatorSetPrng(-1, MC_SHARD, catchainSeqno);
  const idx = new Array<number>(count).fill(0);
  // Fisher–Yates "inside-out": idx becomes a uniform permutation of 0..count-1.
  for (let i = 0; i < count; i++) {
    const j = prng.nextRanged(i + 1);
    idx[i] = idx[j] ?? 0;
    idx[j] = i;
  }
  return idx.map((i) => {
    const v = set.list[i];
    if (!v) {
      throw new Error(`validator index ${i} outside the set`);
    }
    return v;
  });
}

/**
 * sha512(seed:32 bytes ‖ shard:uint64 BE ‖ workchain:int32 BE ‖ cc_seqno:uint32 BE) gives 8 uint64
 * (big-endian) per round; the 256-bit seed (zero for the masterchain) is incremented after each round.
 */
class ValidatorSetPrng {
  private readonly seed = Buffer.alloc(32);
  private readonly tail = Buffer.alloc(16);
  private block = Buffer.alloc(0);
  private pos = 0;

  constructor(workchain: number, shard: bigint, catchainSeqno: number) {
    this.tail.writeBigUInt64BE(shard, 0);
    this.tail.writeInt32BE(workchain, 8);
    this.tail.writeUInt32BE(catchainSeqno >>> 0, 12);
  }

  private nextUint64(): bigint {
    if (this.pos >= this.block.length) {
      this.block = createHash('sha512').update(this.seed).update(this.tail).digest();
      this.pos = 0;
      for (let i = 31; i >= 0; i--) {
        this.seed[i] = ((this.seed[i] ?? 0) + 1) & 0xff;
        if (this.seed[i] !== 0) {
          break;
        }
      }
    }
    const v = this.block.readBigUInt64BE(this.pos);
    this.pos += 8;
    return v;
  }

  /** A number in [0, range): the high 64 bits of range × next. */
  nextRanged(range: number): number {
    return Number((BigInt(range) * this.nextUint64()) >> 64n);
  }
}
