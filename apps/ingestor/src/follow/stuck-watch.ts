/**
 * Tells how long the follower has been failing to commit the next block while the head is ahead of
 * it. Every retry loop of the follower (a liteserver that keeps failing on one block, a PostgreSQL
 * write retried, a catch-up round that fails at the same cursor) waits without skipping a block; this
 * is what turns such a wait from silent into a metric and an alert.
 */
export class StuckWatch {
  private indexed: number | null = null;
  private since: number;

  constructor(private readonly now: () => number = Date.now) {
    this.since = now();
  }

  /** A block was committed (or the cursor read): progress, whatever came before. */
  progressed(indexedSeqno: number): void {
    if (this.indexed === null || indexedSeqno > this.indexed) {
      this.indexed = indexedSeqno;
      this.since = this.now();
    }
  }

  /** The block the follower waits on: the one after the last committed (null before the first). */
  waitingOn(): number | null {
    return this.indexed === null ? null : this.indexed + 1;
  }

  /** Seconds without progress while the head is ahead (0 when caught up or nothing is known). */
  stuckSeconds(headSeqno: number): number {
    if (this.indexed === null || headSeqno <= this.indexed) {
      this.since = this.now();
      return 0;
    }
    return Math.max(0, (this.now() - this.since) / 1000);
  }
}
