import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * Per-request context carried across async calls: the gateway opens it for each HTTP request, the
 * NATS server side reopens it from the `x-request-id` header, and the logger reads it (request id gateway → NATS header → logs).
 */
export interface RequestContext {
  readonly requestId: string;
}

/** The header that carries the request id over HTTP and NATS. */
export const REQUEST_ID_HEADER = 'x-request-id';

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with `requestId` as the current request id (for everything `fn` awaits or schedules). */
export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return storage.run({ requestId }, fn);
}

/** The request id of the current async context, if any. */
export function getRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

export function generateRequestId(): string {
  return randomUUID();
}

/**
 * Whether a client-supplied id may be reused as is: short and free of characters that could forge
 * log lines or headers. Anything else is replaced by a fresh id.
 */
export function isAcceptableRequestId(value: string): boolean {
  return /^[A-Za-z0-9._:-]{1,128}$/.test(value);
}

/** The client's id when acceptable, else a new one. */
export function requestIdFrom(value: string | undefined): string {
  return value !== undefined && isAcceptableRequestId(value) ? value : generateRequestId();
}
