import { type StreamSubject } from '@app/contracts';

/**
 * The finalities a masterchain block's data is published at, in this order. Our ingestor follows the
 * masterchain, so a block is seen only once the masterchain has committed it: `confirmed` (toncenter:
 * in a shard block not yet committed) and `finalized` (committed) become known at the same moment and
 * both are appended, confirmed first, so that clients subscribed at either level see the same stages as
 * on toncenter. A shard-following ingestor could emit `confirmed` a few hundred ms earlier.
 */
export const BLOCK_FINALITIES = ['confirmed', 'finalized'] as const;
export type BlockFinality = (typeof BLOCK_FINALITIES)[number];

/** One StreamLog append: a contract payload under its subject, with a deterministic dedupe id. */
export interface StreamEntry {
  readonly subject: StreamSubject;
  readonly payload: unknown;
  /**
   * `Nats-Msg-Id`: the same data rendered again (a crash between append and cursor advance, or a
   * second publisher during a lease hand-over) gets the same id and is stored once.
   */
  readonly msgId: string;
}

/** Dedupe ids of the entries (stable across re-renders of the same block). */
export const StreamMsgId = {
  trace: (norm: string, finality: BlockFinality, mcSeqno: number): string =>
    `trace:${norm}:${finality}:${String(mcSeqno)}`,
  accountState: (account: string, lt: string, finality: BlockFinality): string =>
    `state:${account}:${lt}:${finality}`,
  jettons: (wallet: string, lt: string, finality: BlockFinality): string =>
    `jetton:${wallet}:${lt}:${finality}`,
} as const;
