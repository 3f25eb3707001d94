/** Exponential backoff with a ceiling: 100 ms, 200 ms, 400 ms … up to maxMs. */
export function backoffMs(attempt: number, baseMs = 100, maxMs = 5_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 16));
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted === true) {
      resolve();
      return;
    }
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * Runs `operation` until it succeeds or `signal` aborts, waiting with backoff between failures and
 * reporting each one. For steps that must eventually happen (a liteserver outage, a PostgreSQL
 * restart): the follower waits them out instead of skipping a block.
 */
export interface RetryOptions {
  readonly signal?: AbortSignal;
  readonly onError?: (error: unknown, attempt: number) => void;
  /** Errors that waiting cannot fix: rethrown at once instead of retried. */
  readonly isFatal?: (error: unknown) => boolean;
}

export async function retryUntilDone<T>(
  operation: () => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await operation();
    } catch (error) {
      if (options.signal?.aborted === true || options.isFatal?.(error) === true) {
        throw error;
      }
      options.onError?.(error, attempt);
      await sleep(backoffMs(attempt), options.signal);
    }
  }
}
