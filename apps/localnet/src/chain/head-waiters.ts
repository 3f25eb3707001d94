/**
 * Callers waiting for the masterchain to reach a seqno (lite_api waitMasterchainSeqno): each is
 * answered true once a block at or past it is sealed, false at its timeout or when the chain closes.
 */
export class HeadWaiters {
  private readonly waiters = new Set<{ seqno: number; resolve: (ok: boolean) => void }>();

  wait(seqno: number, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const waiter = {
        seqno,
        resolve: (ok: boolean): void => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(ok);
        },
      };
      const timer = setTimeout(() => {
        waiter.resolve(false);
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  /** Masterchain block `seqno` was sealed. */
  sealed(seqno: number): void {
    for (const w of [...this.waiters]) {
      if (w.seqno <= seqno) {
        w.resolve(true);
      }
    }
  }

  close(): void {
    for (const w of this.waiters) {
      w.resolve(false);
    }
    this.waiters.clear();
  }
}
