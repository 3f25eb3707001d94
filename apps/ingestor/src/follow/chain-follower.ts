import {
  ChainMismatchError,
  type IndexerCursorRepository,
  type IngestLeaderLease,
} from '@app/database';
import { ABORTED, unlessAborted } from '@app/nats';
import { type Logger } from 'pino';
import { type EventOutbox } from '../events/event-outbox';
import { type IngestMetrics } from '../metrics/ingest.metrics';
import { retryUntilDone, sleep } from '../retry';
import { StuckWatch } from './stuck-watch';

/** Seconds on one block before the follower logs it as stuck (the alert fires at 120 s). */
const STUCK_LOG_S = 60;
import { loadBatches } from '../source/batch-pipeline';
import { type BlockSource, type ChainHead } from '../source/block-source';
import { type McBatchLoader, type ShardTops, shardTopsOf } from '../source/mc-batch.loader';
import { type BatchCommitter } from './batch-committer';

export interface ChainFollowerOptions {
  /** Cursor (indexer_cursor.name) of the live follower, e.g. `masterchain`. */
  readonly cursorName: string;
  /** Where to start when the cursor is empty (default: the head). */
  readonly startSeqno?: number;
  /** Masterchain blocks loaded ahead of the writer. */
  readonly window: number;
  /** At most this many masterchain blocks per catch-up round (the lease is renewed between rounds). */
  readonly roundSize: number;
  /**
   * When caught up, how long one head read waits at the liteserver for the next masterchain block
   * (BlockSource.nextHead); also the pause before a failed round is retried (five of them).
   */
  readonly headWaitMs: number;
  /**
   * Told each masterchain seqno once it has committed (the in-process wake-up of the decoder); it must
   * return at once and never throw.
   */
  readonly onCommitted?: (mcSeqno: number) => void;
  /** Lease renewal period; the lease lasts three of them. */
  readonly leaseRenewMs: number;
}

/**
 * The live follower: holds the leader lease, then repeatedly catches up from its cursor to the head
 * through the batch pipeline, committing each masterchain block (with its shard blocks and the cursor)
 * in one transaction and waking the event outbox (and, in one process, the decoder). Caught up, it
 * asks the liteserver for the next block and is answered when it is made (a long poll, not a
 * periodic one), so a block is committed one liteserver round trip after it exists. A replica without
 * the lease stands by. The chain the
 * liteservers serve must be the one the index holds (zero state, head, each block's prev_ref): on a
 * mismatch the follower writes nothing, logs one line naming both hashes, sets
 * tonapi_ingest_chain_mismatch and stops; readiness fails with that line.
 */
export class ChainFollower {
  private readonly abort = new AbortController();
  private running: Promise<void> | undefined;
  private head = { seqno: 0, utime: 0 };
  private tops: { seqno: number; tops: ShardTops } | undefined;
  private indexedSeqno: number | null = null;
  /** Zero state root hash already checked against the index (the check is a write on first use). */
  private verifiedZeroState: string | undefined;
  private mismatch: ChainMismatchError | undefined;
  private readonly stuck = new StuckWatch();
  private stuckTimer: NodeJS.Timeout | undefined;
  /** The stuck time (s) of the last escalated log line: one line per doubling, from STUCK_LOG_S. */
  private stuckLoggedAt = 0;
  /** When the lease was last taken or renewed (0: not held). */
  private leaseHeldAt = 0;

  constructor(
    private readonly source: BlockSource,
    private readonly loader: McBatchLoader,
    private readonly committer: BatchCommitter,
    private readonly cursors: IndexerCursorRepository,
    private readonly lease: IngestLeaderLease,
    private readonly outbox: EventOutbox,
    private readonly metrics: IngestMetrics,
    private readonly logger: Logger,
    private readonly options: ChainFollowerOptions,
  ) {}

  start(): void {
    this.stuckTimer ??= setInterval(() => {
      this.checkStuck();
    }, 1000);
    this.stuckTimer.unref();
    this.running ??= this.loop().catch((error: unknown) => {
      if (error instanceof ChainMismatchError) {
        this.refuse(error);
      } else if (!this.abort.signal.aborted) {
        this.logger.error({ err: String(error) }, 'chain follower stopped');
      }
    });
    this.outbox.start();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
    await this.outbox.stop();
    clearInterval(this.stuckTimer);
    this.stuckTimer = undefined;
    await this.lease.release().catch(() => undefined);
  }

  /** Why the follower stopped for good: the liteservers serve another chain than the index holds. */
  chainMismatch(): string | undefined {
    return this.mismatch?.message;
  }

  /** Masterchain blocks between the head and the last commit (null before the first one). */
  lagBlocks(): number | null {
    return this.indexedSeqno === null ? null : Math.max(0, this.head.seqno - this.indexedSeqno);
  }

  private async loop(): Promise<void> {
    const { signal } = this.abort;
    const retry = {
      signal,
      isFatal: (error: unknown) => error instanceof ChainMismatchError,
      onError: (error: unknown) => {
        this.logger.warn({ err: String(error) }, 'follower step failed; retrying');
      },
    };
    while (!signal.aborted) {
      const leading = await retryUntilDone(() => this.holdLease(), retry);
      if (!leading) {
        await sleep(this.options.leaseRenewMs, signal);
        continue;
      }
      // Caught up at `waitFrom - 1`: the next head read waits for the block after it.
      const waitFrom = this.indexedSeqno === null ? undefined : this.indexedSeqno + 1;
      const asked = Date.now();
      const head = await retryUntilDone(
        () =>
          waitFrom === undefined || this.head.seqno >= waitFrom
            ? this.source.headSeqno()
            : this.waitForHead(waitFrom),
        retry,
      );
      this.head = head;
      this.metrics.observeHead(head.seqno);
      const cursor = await retryUntilDone(() => this.startCursor(), retry);
      this.stuck.progressed(cursor);
      await retryUntilDone(() => this.verifyChain(head, cursor), retry);
      if (cursor >= this.head.seqno) {
        this.indexedSeqno = cursor;
        // A liteserver that answered at once without the block it was asked to wait for (one that
        // ignores the wait prefix) must not turn the long poll into a busy loop.
        if (Date.now() - asked < this.options.headWaitMs / 2) {
          await sleep(this.options.headWaitMs / 4, signal);
        }
        continue;
      }
      try {
        await this.catchUp(cursor + 1, Math.min(this.head.seqno, cursor + this.options.roundSize));
      } catch (error) {
        if (error instanceof ChainMismatchError) {
          throw error;
        }
        // A broken shard walk or an unexpected failure: log, wait, and go again from the cursor.
        this.logger.error({ err: String(error), from: cursor + 1 }, 'catch-up round failed');
        await sleep(this.options.headWaitMs * 5, signal);
      }
    }
  }

  /**
   * Takes or renews the lease when a renewal is due; a lease renewed less than one period ago (it
   * lasts three) is still held, and a caught-up follower does not pay a write per block for it.
   */
  private async holdLease(): Promise<boolean> {
    if (this.leaseHeldAt !== 0 && Date.now() - this.leaseHeldAt < this.options.leaseRenewMs) {
      return true;
    }
    const leading = await this.lease.acquire();
    this.leaseHeldAt = leading ? Date.now() : 0;
    this.metrics.leader.set(leading ? 1 : 0);
    return leading;
  }

  /** The next head (BlockSource.nextHead); stop() does not wait for the liteserver to answer. */
  private async waitForHead(seqno: number): Promise<ChainHead> {
    const head = await unlessAborted(
      this.source.nextHead(seqno, this.options.headWaitMs),
      this.abort.signal,
    );
    if (head === ABORTED) {
      throw new Error('follower stopped');
    }
    return head;
  }

  /**
   * Publishes how long the follower has waited on one block while the head is ahead, and escalates
   * the wait to an error log line once it passes STUCK_LOG_S (then at every doubling), naming the
   * block: retries stay, but they are no longer silent.
   */
  private checkStuck(): void {
    const seconds = this.stuck.stuckSeconds(this.head.seqno);
    const seqno = this.stuck.waitingOn();
    this.metrics.stuckSeconds.set(seconds);
    this.metrics.stuckSeqno.set(seconds > 0 && seqno !== null ? seqno : 0);
    if (seconds < STUCK_LOG_S) {
      this.stuckLoggedAt = 0;
      return;
    }
    if (seconds >= Math.max(STUCK_LOG_S, this.stuckLoggedAt * 2)) {
      this.stuckLoggedAt = seconds;
      this.logger.error(
        { event: 'ingest-stuck', seqno, stuckSeconds: Math.round(seconds), head: this.head.seqno },
        `ingestor stuck on masterchain block ${String(seqno)} for ${String(Math.round(seconds))} s`,
      );
    }
  }

  /**
   * Throws ChainMismatchError when the pool's chain is not the index's: another zero state, or a
   * head block the index holds with other hashes (a chain restarted behind the cursor).
   */
  private async verifyChain(head: ChainHead, cursor: number): Promise<void> {
    if (this.verifiedZeroState !== head.zeroState.rootHash) {
      await this.committer.verifyChain(head);
      this.verifiedZeroState = head.zeroState.rootHash;
    } else if (head.seqno <= cursor) {
      await this.committer.verifyHead(head);
    }
  }

  private refuse(error: ChainMismatchError): void {
    this.mismatch = error;
    this.metrics.chainMismatch.set(1);
    this.logger.error({ event: 'chain-mismatch' }, error.message);
  }

  /** The cursor, or on a fresh database the block before the start (and the events cursor with it). */
  private async startCursor(): Promise<number> {
    const cursor = await this.cursors.get(this.options.cursorName);
    if (cursor !== null) {
      return cursor;
    }
    const start = this.options.startSeqno ?? this.head.seqno;
    const before = Math.max(0, start - 1);
    await this.cursors.advance(`${this.options.cursorName}.events`, before);
    return before;
  }

  private async catchUp(from: number, to: number): Promise<void> {
    const { signal } = this.abort;
    const initialTops = this.tops?.seqno === from - 1 ? this.tops.tops : undefined;
    const renew = setInterval(() => {
      void this.lease.acquire().then(
        (leading) => {
          this.leaseHeldAt = leading ? Date.now() : 0;
        },
        () => undefined,
      );
    }, this.options.leaseRenewMs);
    try {
      for await (const item of loadBatches(
        this.loader,
        from,
        to,
        this.options.window,
        initialTops,
      )) {
        if (signal.aborted) {
          return;
        }
        const result = await this.committer.commit(item, this.options.cursorName, signal);
        if (item.kind === 'batch') {
          this.tops = { seqno: item.mcSeqno, tops: shardTopsOf(item.loaded.batch.masterchain) };
        }
        this.indexedSeqno = result.mcSeqno;
        this.stuck.progressed(result.mcSeqno);
        this.metrics.observeIndexed(
          result.mcSeqno,
          this.head.seqno,
          this.head.utime,
          result.genUtime ?? this.head.utime,
        );
        this.outbox.notify();
        this.options.onCommitted?.(result.mcSeqno);
      }
    } finally {
      clearInterval(renew);
    }
  }
}
