import { AsyncLocalStorage } from 'node:async_hooks';
import { type RouteApi } from '../paths/request-route';
import { type EdgeProtectionOptions } from './protection.options';

const storage = new AsyncLocalStorage<{ readonly deadlineAt: number }>();

/** Runs `fn` with a deadline `ms` from now for everything it awaits or schedules. */
export function runWithDeadline<T>(ms: number, fn: () => T): T {
  return storage.run({ deadlineAt: performance.now() + ms }, fn);
}

/**
 * What is left of the current request's deadline, at least 1 ms, as the `timeoutMs` of a NATS request;
 * nothing outside a request (the services' own defaults apply).
 */
export function deadlineOptions(): { timeoutMs?: number } {
  const store = storage.getStore();
  if (store === undefined) {
    return {};
  }
  return { timeoutMs: Math.max(1, Math.floor(store.deadlineAt - performance.now())) };
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

/**
 * The deadline of a request by its API: v2 10 s (toncenter's tonlib timeout), v3 3 s (ton-indexer's
 * query timeout) lowered or raised by `X-Timeout` / `x_timeout` in ms up to the configured cap
 * (toncenter https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go); nothing for
 * the health and metrics routes and the Streaming API. `api` is the request's by its matched route
 * (edge/paths/request-route.ts).
 */
export function deadlineFor(
  api: RouteApi,
  url: string,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  options: EdgeProtectionOptions,
): number | undefined {
  if (api === 'v2') {
    return options.v2DeadlineMs;
  }
  if (api !== 'v3') {
    return undefined;
  }
  const query = url.includes('?') ? new URLSearchParams(url.slice(url.indexOf('?') + 1)) : null;
  const asked = header(headers['x-timeout']) ?? query?.get('x_timeout') ?? undefined;
  // toncenter ignores a value it cannot read; so does this.
  if (asked === undefined || !/^\d{1,9}$/.test(asked) || Number(asked) === 0) {
    return options.v3DeadlineMs;
  }
  return Math.min(Number(asked), options.v3MaxDeadlineMs);
}
