import { LiteserverTimeoutError } from './liteserver-errors';

/**
 * `promise`'s outcome, or a LiteserverTimeoutError once `timeoutMs` passed first. A rejection that
 * is not an Error is wrapped in one, so callers classify failures uniformly.
 */
export function withDeadline<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new LiteserverTimeoutError(timeoutMs));
    }, timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
