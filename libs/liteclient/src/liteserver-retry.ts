import { type LiteClient } from 'ton-lite-client';
import {
  type FailureKind,
  LiteserverUnverifiedError,
  classifyFailure,
  isGoneFromNode,
  isRetryable,
  liteserverAnswerError,
  liteserverTimeout,
  noLiteservers,
  noProvenAnswer,
} from './liteserver-errors';
import { type LiteserverSelection } from './liteserver-selection';
import { type PoolEntry } from './pool-entry';
import {
  type ExecuteOptions,
  type LiteserverPoolObserver,
  type PooledResult,
} from './liteserver-pool.types';

/** What the retry loop needs of its pool. */
export interface RetryContext {
  readonly selection: LiteserverSelection;
  /** How many different liteservers one request may try on retryable failures. */
  readonly attempts: number;
  readonly observer: LiteserverPoolObserver | undefined;
  /**
   * One call on `entry` with the pool's deadline and metrics; a retryable failure marks the entry
   * suspect before it is rethrown.
   */
  attempt<T>(entry: PoolEntry, method: string, run: () => Promise<T>): Promise<T>;
}

/**
 * Runs `operation` on one liteserver after another until one answers: a retryable failure (timeout,
 * transport, not ready) spends an attempt, an unproven answer does not (another liteserver may prove
 * it, and `tried` bounds the loop), a non-archival liteserver's "gone" moves the call to an archival
 * one, and any other answer of the liteserver is final.
 */
export async function runWithRetries<T>(
  context: RetryContext,
  method: string,
  operation: (client: LiteClient) => Promise<T>,
  options: ExecuteOptions<T>,
): Promise<PooledResult<T>> {
  const { selection, observer } = context;
  const tried = new Set<number>();
  let lastKind: FailureKind | undefined;
  let lastReason: string | undefined;
  /** A non-archival liteserver's "not in db" / "state already gc'd": final only if no archival one has it. */
  let gone: unknown;
  let attempts = 0;
  while (attempts < context.attempts) {
    const entry =
      gone === undefined ? selection.pick(tried, options) : selection.pickArchival(tried);
    if (!entry) {
      break;
    }
    if (gone !== undefined) {
      observer?.retried?.(method, 'gone');
    } else if (lastKind !== undefined) {
      observer?.retried?.(method, lastKind);
    }
    tried.add(entry.index);
    try {
      const value = await context.attempt(entry, method, () =>
        operation(
          // A read pinned to a seqno may use a liteserver behind the head; a head read may not.
          options.seqno === undefined ? entry.client : entry.rawClient,
        ),
      );
      return { value, server: entry.index };
    } catch (error) {
      const kind = classifyFailure(error);
      if (!isRetryable(kind)) {
        if (isGoneFromNode(error) && !entry.archival && selection.pickArchival(tried)) {
          gone = error;
          continue;
        }
        throw liteserverAnswerError(error);
      }
      // The attempt marked it suspect: later requests use it only as a last resort until a probe.
      lastKind = kind;
      if (error instanceof LiteserverUnverifiedError) {
        lastReason = error.reason;
      } else {
        attempts++;
      }
    }
  }
  if (gone !== undefined) {
    throw liteserverAnswerError(gone);
  }
  if (lastKind === 'unverified') {
    throw noProvenAnswer(lastReason);
  }
  throw lastKind === 'timeout' ? liteserverTimeout() : noLiteservers();
}
