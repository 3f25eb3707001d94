import { counter, METRIC_PREFIX } from '@app/observability';
import { type Counter, type Registry } from 'prom-client';
import { invalid, parseBoolParam } from './v3-params';

/*
 * Keys an /api/v3 endpoint does not take. toncenter's decoder ignores them
 * (`fiber.SetParserDecoder(fiber.ParserConfig{IgnoreUnknownKeys: true, …})` in
 * https://github.com/toncenter/ton-indexer/blob/master/ton-index-go/main.go), so they are ignored
 * here too, and reported without breaking the caller: the `X-Ignored-Params` response header, a debug
 * log line and a counter by route. A developer who wants a misspelled filter refused asks for strict
 * mode (`?strict=true` or `X-Strict-Params: true`) and gets a 422 naming the key.
 */

export const IGNORED_PARAMS_HEADER = 'x-ignored-params';
export const STRICT_PARAMS_HEADER = 'x-strict-params';
/** The query alias of X-Strict-Params: a setting, never an endpoint parameter. */
export const STRICT_PARAMS_KEY = 'strict';

/** Past this many characters the header's list is cut, with the count of the names left out. */
export const IGNORED_PARAMS_MAX_CHARS = 256;

/** Strict mode: the header, else the query alias, in the boolean forms the parameters take. */
export function strictParams(header: string | undefined, queryAlias: unknown): boolean {
  const value = header ?? (typeof queryAlias === 'string' ? queryAlias : undefined);
  return value !== undefined && parseBoolParam(value) === true;
}

/** The 422 of strict mode, naming the first key the endpoint does not take. */
export function refuseUnknown(keys: readonly string[]): void {
  const key = keys[0];
  if (key !== undefined) {
    throw invalid(key, `unknown query parameter "${key}"`);
  }
}

/**
 * A key as header text: its UTF-8 bytes percent-encoded except unreserved ASCII (RFC 3986), so any
 * key (control characters, emoji, a lone surrogate read as U+FFFD) makes a valid header value.
 */
function headerSafe(key: string): string {
  let out = '';
  for (const byte of Buffer.from(key, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9._~-]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * The X-Ignored-Params value: the keys percent-encoded, comma-separated, at most
 * IGNORED_PARAMS_MAX_CHARS characters; when some do not fit, the list ends with `(+N more)`.
 */
export function ignoredParamsHeader(keys: readonly string[]): string {
  const shown: string[] = [];
  let length = 0;
  for (const key of keys) {
    const text = headerSafe(key);
    const added = (shown.length === 0 ? 0 : 1) + text.length;
    // Room is kept for the longest possible `,(+N more)` tail.
    if (length + added > IGNORED_PARAMS_MAX_CHARS - 16) {
      break;
    }
    shown.push(text);
    length += added;
  }
  const left = keys.length - shown.length;
  return left === 0 ? shown.join(',') : [...shown, `(+${String(left)} more)`].join(',');
}

/** Requests that carried keys their endpoint ignored, by endpoint (a bounded label: the registry's names). */
export class IgnoredParamsMetrics {
  readonly requests: Counter<'route'>;

  constructor(registry: Registry) {
    this.requests = counter(registry, {
      name: `${METRIC_PREFIX}v3_ignored_params_requests_total`,
      help: '/api/v3 requests that carried query or body keys their endpoint does not take (ignored and listed in X-Ignored-Params), by endpoint.',
      labelNames: ['route'],
    });
  }
}
