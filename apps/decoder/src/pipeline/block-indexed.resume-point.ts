/**
 * Where a `block.indexed` consumer created again after it was lost starts, so that it neither repeats
 * nor skips events. A durable deleted from under the decoder loses its position with it: created
 * again "from the start" it would deliver (and the decoder acknowledge) every event of the stream a
 * second time, "from now" it would skip the ones published while it was gone. The position it had is
 * the lowest stream sequence this listener was given and has not seen acknowledged, else the one after
 * the last it acknowledged.
 */
export class BlockIndexedResumePoint {
  private streamCreated: string | undefined;
  private lastAcked = 0;
  /** Delivered and not (yet) acknowledged: naked, or cut off when the consumer was lost. */
  private readonly unacked = new Set<number>();

  /**
   * The stream as ensured before each consumer: another creation time means a new stream (a server
   * restarted without its store), whose sequences begin again at 1, so what was known is void.
   */
  stream(created: string): void {
    if (this.streamCreated !== undefined && created !== this.streamCreated) {
      this.lastAcked = 0;
      this.unacked.clear();
    }
    this.streamCreated = created;
  }

  delivered(seq: number): void {
    this.unacked.add(seq);
  }

  acked(seq: number): void {
    this.unacked.delete(seq);
    this.lastAcked = Math.max(this.lastAcked, seq);
  }

  /** The first sequence a new durable delivers; undefined (nothing seen) means the stream's first. */
  startSeq(): number | undefined {
    if (this.lastAcked === 0 && this.unacked.size === 0) {
      return undefined;
    }
    return Math.min(this.lastAcked + 1, ...this.unacked);
  }
}
