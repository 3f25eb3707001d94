import { ErrorCode, TonApiError } from '@app/contracts';

/**
 * Why a liteserver call failed, as far as the pool cares:
 *   timeout   – no answer within the deadline (ours, or the engine's own 'Timeout');
 *   transport – the connection is gone or refused (retried on another liteserver);
 *   notready  – the liteserver answered that it cannot serve yet (lite_api code 651 `notready`,
 *               C++ wording "node not synced"; tonutils-go also retries 651/652), or announced a
 *               head too far behind the consensus for a head read; retried elsewhere;
 *   unverified – the answer failed its proof check (trust/verifying-engine.ts): never served, retried
 *               on another liteserver;
 *   answer    – a deliberate answer (block not found, cannot apply message…): final, never retried.
 * ton-lite-client turns a `liteServer.error` into a plain Error carrying only the message (the code is
 * dropped), so the 651-like answers are recognised by their wording.
 */
export type FailureKind = 'timeout' | 'transport' | 'notready' | 'unverified' | 'answer';

export function classifyFailure(error: unknown): FailureKind {
  if (error instanceof LiteserverTimeoutError) {
    return 'timeout';
  }
  if (error instanceof LiteserverUnverifiedError) {
    return 'unverified';
  }
  if (error instanceof LiteserverLaggingError) {
    // Another liteserver is at the head; this one may catch up by the next probe.
    return 'notready';
  }
  const message = error instanceof Error ? error.message : String(error);
  if (message === 'Timeout') {
    return 'timeout';
  }
  if (/^Engine is closed$|ECONNREFUSED|ECONNRESET|EPIPE|socket hang up/i.test(message)) {
    return 'transport';
  }
  if (/not ready|node not synced/i.test(message)) {
    return 'notready';
  }
  return 'answer';
}

/**
 * True when the liteserver no longer has the state of the block asked about: a C++ node answers
 * `cannot load state for (…) : state already gc'd` once its state TTL has passed (the local network
 * words it the same). Final for that block on that liteserver: only an archive node still has it.
 */
export function isStateGone(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return message.includes("state already gc'd");
}

/**
 * True when a liteserver answered that it no longer has the block or state asked about: a pruned C++
 * node past its `--block-ttl` answers "... not in db" (also "lt not in db" for a transaction), past
 * its `--state-ttl` "state already gc'd". An archive node may still have it, so the pool asks one
 * before this answer becomes final.
 */
export function isGoneFromNode(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return isStateGone(error) || /not in db/i.test(message);
}

/** True for the failures another liteserver may not have (see FailureKind). */
export function isRetryable(kind: FailureKind): boolean {
  return kind !== 'answer';
}

/** Kept for callers that only ask "should this move to another liteserver?". */
export function isTransportFailure(error: unknown): boolean {
  return isRetryable(classifyFailure(error));
}

export class LiteserverTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`liteserver did not answer within ${timeoutMs} ms`);
  }
}

/** A liteserver announced a head too far behind the consensus for a head read (pool observeHead). */
export class LiteserverLaggingError extends Error {
  constructor(
    readonly seqno: number,
    readonly consensus: number,
  ) {
    super(`liteserver is at masterchain block ${seqno}, behind the consensus ${consensus}`);
  }
}

/** A liteserver answer that failed verification: retried on another liteserver, never served. */
export class LiteserverUnverifiedError extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(`liteserver answer not proven (${reason}): ${message}`);
    this.name = 'LiteserverUnverifiedError';
  }
}

/** What a client sees when no liteserver could prove the answer: a 5xx naming the failed check. */
export function noProvenAnswer(reason: string | undefined): TonApiError {
  return new TonApiError(
    ErrorCode.LITESERVER_UNAVAILABLE,
    `no liteserver proved its answer (${reason ?? 'unverified'}); nothing unproven is served`,
  );
}

/**
 * The error a client sees for a liteserver's own answer: tonlib prefixes it with its kind
 * (`LITE_SERVER_UNKNOWN: cannot compute block with specified transaction: lt not in db`, toncenter v2
 * https://github.com/ton-blockchain/ton/blob/HEAD/tonlib/tonlib/TonlibError.h), and toncenter
 * returns it with status 500.
 */
export function liteserverAnswerError(error: unknown): TonApiError {
  const message = error instanceof Error ? error.message : String(error);
  return new TonApiError(ErrorCode.LITESERVER_ERROR, `LITE_SERVER_UNKNOWN: ${message}`, {
    retryable: false,
  });
}

export function liteserverTimeout(): TonApiError {
  // docs.ton.org's example text for toncenter's 504.
  return new TonApiError(ErrorCode.LITESERVER_TIMEOUT, 'LITE_SERVER_NETWORK timeout');
}

export function noLiteservers(): TonApiError {
  // toncenter 2.1 (tonlib-multiclient) wording, status 542.
  return new TonApiError(ErrorCode.LITESERVER_UNAVAILABLE, 'no workers available');
}
