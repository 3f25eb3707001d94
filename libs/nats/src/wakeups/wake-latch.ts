/**
 * A wake-up that is never lost. A worker loop checks its source, and when there is nothing to do it
 * waits; a wake() that arrives while it is still checking (after it read the source, before it
 * started to wait) would be missed by a plain "resolve the current waiter" callback, and the loop
 * would sleep for its whole fallback interval. Here such a wake() is remembered and the next wait()
 * returns at once.
 */
export class WakeLatch {
  private pending = false;
  private release: (() => void) | undefined;

  /** Ends the current wait, or the next one at once if none is running. */
  wake(): void {
    this.pending = true;
    this.release?.();
  }

  /**
   * Resolves on wake() (or at once if one came since the last wait), after `ms` (the safety-net
   * poll), or when `signal` aborts. Answers true when it was woken.
   */
  wait(ms: number, signal?: AbortSignal): Promise<boolean> {
    if (this.pending || signal?.aborted === true) {
      const woken = this.pending;
      this.pending = false;
      return Promise.resolve(woken);
    }
    return new Promise<boolean>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        if (this.release === done) {
          this.release = undefined;
        }
        const woken = this.pending;
        this.pending = false;
        resolve(woken);
      };
      const timer = setTimeout(done, ms);
      this.release = done;
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}
