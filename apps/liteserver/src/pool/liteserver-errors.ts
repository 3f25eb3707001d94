import { ErrorCode, TonApiError } from '@app/contracts';

/**
 * Classifies what ton-lite-client throws. The engine turns a `liteServer.error` answer into a plain
 * Error carrying only the message (the code is dropped), and its own failures into 'Timeout' /
 * 'Engine is closed'. Transport failures are retried on another liteserver; an answer the liteserver
 * gave deliberately (block not found, cannot apply message…) is final and is reported as tonlib would.
 */
export function isTransportFailure(error: unknown): boolean {
  if (error instanceof LiteserverTimeoutError) {
    return true;
  }
  const message = error instanceof Error ? error.message : String(error);
  return /^(Timeout|Engine is closed)$|ECONNREFUSED|ECONNRESET|EPIPE|socket hang up|not ready/i.test(
    message,
  );
}

export class LiteserverTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`liteserver did not answer within ${timeoutMs} ms`);
  }
}

/**
 * The error a client sees for a liteserver's own answer: tonlib prefixes it with its kind
 * (`LITE_SERVER_UNKNOWN: cannot compute block with specified transaction: lt not in db`, toncenter v2
 * §12.2), and toncenter returns it with status 500.
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
