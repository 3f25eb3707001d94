import { z } from 'zod';

/**
 * The error codes services throw and send across NATS. The gateway maps each
 * code to an HTTP status once per API version with an exhaustive switch.
 */
export const ErrorCode = {
  /** A parameter is missing or malformed (v2 422). */
  INVALID_ARGUMENT: 'INVALID_ARGUMENT',
  /** An address cannot be parsed (v2 2.0 416 "Incorrect address", 2.1 422). */
  INVALID_ADDRESS: 'INVALID_ADDRESS',
  /** The block, transaction or entity does not exist (v2 tryLocate* 404, v3 404). */
  NOT_FOUND: 'NOT_FOUND',
  /** getTokenData on a contract that is neither a Jetton nor an NFT (v2 409). */
  NOT_JETTON_OR_NFT: 'NOT_JETTON_OR_NFT',
  /** v3 walletInformation on an account that is neither a wallet nor uninit (toncenter v3 409). */
  NOT_A_WALLET: 'NOT_A_WALLET',
  /** The liteserver did not answer in time (v2 504 "Liteserver timeout"). */
  LITESERVER_TIMEOUT: 'LITESERVER_TIMEOUT',
  /** No live liteserver can serve the request (v2 2.1 542 "no workers available"). */
  LITESERVER_UNAVAILABLE: 'LITESERVER_UNAVAILABLE',
  /**
   * A get-method stack entry of a type toncenter does not take, e.g. `tvm.Builder` (v2 2.1 542
   * `Unsupported stack entry type: <type>`). Its own code so that the 542 is not counted as a
   * liteserver outage, which shares the status.
   */
  UNSUPPORTED_STACK_ENTRY: 'UNSUPPORTED_STACK_ENTRY',
  /** The liteserver answered with an error (tonlib `LITE_SERVER_*`, v2 500). */
  LITESERVER_ERROR: 'LITESERVER_ERROR',
  /** A get-method or emulation failed inside the TVM. */
  TVM_ERROR: 'TVM_ERROR',
  /** The liteserver rejected an external message. */
  MESSAGE_REJECTED: 'MESSAGE_REJECTED',
  /** The caller exceeded its plan (v2 429). */
  RATE_LIMITED: 'RATE_LIMITED',
  /** A NATS request to another service timed out. */
  UPSTREAM_TIMEOUT: 'UPSTREAM_TIMEOUT',
  /** No service instance answers the subject (NATS "no responders"). */
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** Anything unexpected; the message is censored before it leaves the service. */
  INTERNAL: 'INTERNAL',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ErrorCodeSchema = z.enum(ErrorCode);

/** Codes a caller may retry (on another replica or later) without changing the request. */
export const RETRYABLE_BY_DEFAULT: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  ErrorCode.LITESERVER_TIMEOUT,
  ErrorCode.LITESERVER_UNAVAILABLE,
  ErrorCode.RATE_LIMITED,
  ErrorCode.UPSTREAM_TIMEOUT,
  ErrorCode.SERVICE_UNAVAILABLE,
]);

/** JSON-safe extra data about an error (parameter name, tonlib code…); never internal hosts. */
export const ErrorDetails = z.record(z.string(), z.unknown());
export type ErrorDetails = z.infer<typeof ErrorDetails>;

/** The error body that crosses NATS: `{code, message, details?, retryable}`. */
export const RpcErrorPayload = z
  .object({
    code: ErrorCodeSchema,
    message: z.string(),
    details: ErrorDetails.optional(),
    retryable: z.boolean(),
  })
  .strict();
export type RpcErrorPayload = z.infer<typeof RpcErrorPayload>;

export interface TonApiErrorOptions {
  details?: ErrorDetails;
  /** Defaults to whether the code is in RETRYABLE_BY_DEFAULT. */
  retryable?: boolean;
  cause?: unknown;
}

/**
 * A coded domain error. Services throw it; the RPC filter serialises it with `toPayload()`; the
 * caller revives it with `TonApiError.fromPayload()` (Twenty CustomException, opentonapi
 * ErrorWithExtendedCode).
 */
export class TonApiError extends Error {
  override readonly name = 'TonApiError';
  readonly code: ErrorCode;
  readonly details: ErrorDetails | undefined;
  readonly retryable: boolean;

  constructor(code: ErrorCode, message: string, options: TonApiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options.details;
    this.retryable = options.retryable ?? RETRYABLE_BY_DEFAULT.has(code);
  }

  toPayload(): RpcErrorPayload {
    return {
      code: this.code,
      message: this.message,
      ...(this.details === undefined ? {} : { details: this.details }),
      retryable: this.retryable,
    };
  }

  static fromPayload(payload: RpcErrorPayload): TonApiError {
    return new TonApiError(payload.code, payload.message, {
      ...(payload.details === undefined ? {} : { details: payload.details }),
      retryable: payload.retryable,
    });
  }
}

export function isTonApiError(value: unknown): value is TonApiError {
  return value instanceof TonApiError;
}
