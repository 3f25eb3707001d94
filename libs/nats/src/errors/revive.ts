import { ErrorCode, RpcErrorPayload, TonApiError } from '@app/contracts';
import {
  ClosedConnectionError,
  ConnectionError,
  DrainingConnectionError,
} from '@nats-io/transport-node';

/** ClientNats' EmptyResponseException text: NATS answered "no responders" (status 503). */
export const NO_RESPONDERS_PREFIX = 'Empty response. There are no subscribers';
/** What a Nest server replies when it has no handler for the subject (NO_MESSAGE_HANDLER). */
const NO_HANDLER_TEXT = 'There is no matching message handler';
/** ClientNats rejects with this string while reconnecting, and this Error when closed. */
const CONNECTION_LOST_TEXT = 'Error: Connection lost';
const CONNECTION_CLOSED_TEXT = 'Connection closed';

/** The NATS connection is down (refused, closed, draining, reconnecting). */
function isConnectionFailure(err: unknown, text: string): boolean {
  return (
    err instanceof ConnectionError ||
    err instanceof ClosedConnectionError ||
    err instanceof DrainingConnectionError ||
    text.startsWith(CONNECTION_LOST_TEXT) ||
    text === CONNECTION_CLOSED_TEXT
  );
}

/**
 * Turns whatever a ClientProxy observable errored with into a TonApiError:
 * a `{code,message,details?,retryable}` payload is revived with its code; "no responders", "no
 * handler" and a NATS connection that is down are SERVICE_UNAVAILABLE (retryable); anything else is
 * INTERNAL, so plain objects never travel further (nestjs/nest#5694).
 */
export function reviveRpcError(err: unknown, subject: string): TonApiError {
  if (err instanceof TonApiError) {
    return err;
  }
  const parsed = RpcErrorPayload.safeParse(err);
  if (parsed.success) {
    return TonApiError.fromPayload(parsed.data);
  }
  const text = err instanceof Error ? err.message : typeof err === 'string' ? err : '';
  if (isConnectionFailure(err, text)) {
    return new TonApiError(ErrorCode.SERVICE_UNAVAILABLE, `transport unavailable for ${subject}`, {
      cause: err,
    });
  }
  if (text.startsWith(NO_RESPONDERS_PREFIX) || text.startsWith(NO_HANDLER_TEXT)) {
    return new TonApiError(ErrorCode.SERVICE_UNAVAILABLE, `no service answers ${subject}`, {
      cause: err,
    });
  }
  return new TonApiError(ErrorCode.INTERNAL, `unexpected error from ${subject}`, { cause: err });
}
