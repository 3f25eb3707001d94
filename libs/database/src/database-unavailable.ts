import { ErrorCode, TonApiError } from '@app/contracts';

/** Node socket errors: the server cannot be reached, or dropped the connection. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away or not accepting work (PostgreSQL appendix A): class 08
 * connection exceptions, 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (still
 * starting or recovering), 53300 too_many_connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres' own words when a connection dies or cannot be had in time. */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Connection is not established',
];

function codeOf(error: object): string | undefined {
  return 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/**
 * True when `error` (a pg error, or TypeORM's QueryFailedError around one, or anything with such a
 * `cause`) says PostgreSQL cannot be reached or is shutting down, rather than that the query was wrong.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) {
    return false;
  }
  const code = codeOf(error);
  if (code !== undefined) {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08')) {
      return true;
    }
  }
  const message = error instanceof Error ? error.message : '';
  if (PG_CONNECTION_MESSAGES.some((m) => message.startsWith(m))) {
    return true;
  }
  const inner: unknown =
    'driverError' in error ? error.driverError : 'cause' in error ? error.cause : undefined;
  return isDatabaseUnavailable(inner, depth + 1);
}

/**
 * An RPC error translator (libs/nats `RpcErrorTranslator`): PostgreSQL down is SERVICE_UNAVAILABLE
 * (retryable, HTTP 503) instead of an internal error ("v3 answers 503 while it is down").
 */
export function databaseUnavailableError(error: unknown): TonApiError | undefined {
  return isDatabaseUnavailable(error)
    ? new TonApiError(ErrorCode.SERVICE_UNAVAILABLE, 'database unavailable', { cause: error })
    : undefined;
}
