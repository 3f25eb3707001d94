import { type Cell } from '@ton/core';

import { type BlockInfo } from '../tlb/block-info';
import { checkBlockInfoProof, type ProofBlockId } from './block-header.check';
import { type PrevBlockRef, provenPrevBlocks } from './block-prev.reader';
import { ProofError } from './proof-error';

/** liteServer.lookupBlock mode:# id:tonNode.blockId lt:mode.1?long utime:mode.2?int */
export interface BlockLookup {
  readonly mode: number;
  readonly workchain: number;
  /** Unsigned 64-bit shard id (an account prefix: the found block's shard must contain it). */
  readonly shard: bigint;
  readonly seqno: number;
  readonly lt: bigint | null;
  readonly utime: number | null;
}

/** Whether the shard `shard` holds the account prefix `point` (ton::shard_contains). */
export function shardHoldsPrefix(shard: bigint, point: bigint): boolean {
  const tag = shard & -shard;
  const mask = ~((tag << 1n) - 1n) & 0xffffffffffffffffn;
  return (shard & mask) === (point & mask);
}

/** What a lookup by utime still needs: the found block's previous block (its gen_utime bounds). */
export interface LookupOutcome {
  readonly info: BlockInfo;
  /** The previous block in the asked shard (for a by-utime lookup, whose gen_utime must be <= utime). */
  readonly prev: PrevBlockRef | null;
}

/**
 * Checks a lookupBlock answer's header proof (a block proof keeping BlockInfo and its prev_ref, as
 * continue_getHeader builds it) against what was asked, with tonlib's bounds
 * (check_lookup_block_proof in tonlib/tonlib/TonlibClient.cpp of https://github.com/ton-blockchain/ton):
 * the workchain is the asked one and the block's shard holds the asked shard prefix; by seqno the seqno
 * is the asked one; by lt the previous block ends at or before lt and this one at or after it; by utime
 * this block is generated at or after utime (the previous block's gen_utime, which its header carries,
 * is checked by the caller with `checkPrevUtime`).
 */
export function checkBlockLookup(proof: Cell, id: ProofBlockId, asked: BlockLookup): LookupOutcome {
  const proven = checkBlockInfoProof(proof, id, 'block_lookup');
  const { info } = proven;
  if (id.workchain !== asked.workchain || !shardHoldsPrefix(id.shard, asked.shard)) {
    throw new ProofError('block_lookup', 'the block found is of another workchain or shard');
  }
  const by = asked.mode & 7;
  if (by === 1) {
    if (info.seqno !== asked.seqno) {
      throw new ProofError('block_lookup', `block ${info.seqno} found for seqno ${asked.seqno}`);
    }
    return { info, prev: null };
  }
  const prevs = info.seqno === 0 ? [] : provenPrevBlocks(proven, 'block_lookup');
  const prev =
    prevs.length === 1
      ? (prevs[0] ?? null)
      : (prevs.find((p) => shardHoldsPrefix(p.shard, asked.shard)) ?? null);
  if (by === 2 && asked.lt !== null) {
    if (info.endLt < asked.lt || (prev && prev.endLt > asked.lt)) {
      throw new ProofError(
        'block_lookup',
        `block ${info.seqno} (end_lt ${info.endLt}) does not hold lt ${asked.lt}`,
      );
    }
  } else if (by === 4 && asked.utime !== null) {
    if (info.genUtime < asked.utime) {
      throw new ProofError(
        'block_lookup',
        `block ${info.seqno} generated at ${info.genUtime}, before ${asked.utime}`,
      );
    }
  } else {
    throw new ProofError('block_lookup', 'the lookup names neither seqno, lt nor utime');
  }
  return { info, prev };
}

/** By utime: the previous block's proven header must be generated at or before `utime`. */
export function checkPrevUtime(proof: Cell, prev: ProofBlockId, utime: number): void {
  const { info } = checkBlockInfoProof(proof, prev, 'block_lookup');
  if (info.genUtime > utime) {
    throw new ProofError(
      'block_lookup',
      `the previous block ${info.seqno} was generated at ${info.genUtime}, after ${utime}`,
    );
  }
}
