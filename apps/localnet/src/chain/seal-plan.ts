import { type AssembleArgs, ChainWork } from './block-assembler';
import type { StoredBlock } from './chain-reader';
import type { Pending } from './message-executor';
import type { BlockRecord, ShardChain } from './shard-chain';

/** What a seal fixes before its transactions run. */
export interface OpenBlock {
  readonly seqno: number;
  readonly genUtime: number;
  readonly randSeed: Buffer;
  /** The config changed since the last key block: this masterchain block carries it. */
  readonly keyBlock: boolean;
  readonly prevMc: BlockRecord;
  readonly prevKey: StoredBlock;
  /** The emulator's lt when the seal began: no block of this seal starts below it. */
  readonly ltBefore: bigint;
  /** What the transactions leave for each chain's block (block-assembler.ts). */
  readonly work: Map<ShardChain, ChainWork>;
}

export interface LtRange {
  readonly startLt: bigint;
  readonly endLt: bigint;
}

/** The header fields every block of one seal shares. */
export type SealHeader = Pick<
  AssembleArgs,
  | 'globalId'
  | 'seqno'
  | 'genUtime'
  | 'minRefMcSeqno'
  | 'masterRef'
  | 'randSeed'
  | 'createdBy'
  | 'validatorListHashShort'
  | 'genSoftware'
  | 'keyBlock'
  | 'prevKeyBlockSeqno'
  | 'mcSeqno'
>;

/** A basechain shard's block of this seal, before it is published. */
export interface ShardBlock {
  readonly chain: ShardChain;
  readonly stored: StoredBlock;
  readonly fees: bigint;
  readonly created: bigint;
  readonly record: BlockRecord;
}

export type QueuedMessage = Extract<Pending, { kind: 'queued' }>;
export type SubmittedMessage = Exclude<Pending, { kind: 'queued' }>;

/** Messages from the out queues first, by creation lt; then injected and external ones, in order. */
export function inBlockOrder(pending: readonly Pending[]): {
  queued: QueuedMessage[];
  submitted: SubmittedMessage[];
} {
  const queued = pending
    .filter((p): p is QueuedMessage => p.kind === 'queued')
    .sort((a, b) => (a.createdLt < b.createdLt ? -1 : a.createdLt > b.createdLt ? 1 : 0));
  const submitted = pending.filter((p): p is SubmittedMessage => p.kind !== 'queued');
  return { queued, submitted };
}

/**
 * Each chain's block starts where its previous block ended, or at the emulator's lt before the seal
 * if that is later, and ends after the last out message of its transactions. Records each end in
 * the chain's work (its dequeued messages' import lt).
 */
export function fixLtRanges(
  chains: readonly ShardChain[],
  block: OpenBlock,
): Map<ShardChain, LtRange> {
  const { ltBefore, work } = block;
  const ltRange = (chain: ShardChain, w: ChainWork): LtRange => {
    const startLt = chain.last().stored.endLt > ltBefore ? chain.last().stored.endLt : ltBefore;
    let endLt = startLt + 1n;
    for (const t of w.txs) {
      const last = t.tx.lt + BigInt(t.tx.outMessagesCount) + 1n;
      if (last > endLt) {
        endLt = last;
      }
    }
    return { startLt, endLt };
  };
  const ranges = new Map(
    chains.map((c) => [c, ltRange(c, work.get(c) ?? new ChainWork())] as const),
  );
  for (const [c, r] of ranges) {
    const w = work.get(c);
    if (w) {
      w.endLt = r.endLt;
    }
  }
  return ranges;
}
