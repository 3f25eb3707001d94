import { type RouteApi } from '../paths/request-route';

/** Which API's error shape a refused request gets. */
export type ApiFlavour = 'v2' | 'v3';

/**
 * The v2 envelope for the v2 API; `{"error": …}` everywhere else: v3, the Streaming API (whose errors
 * have that shape, toncenter ton-streaming-go) and paths of no API, as the exception filter renders
 * them.
 */
export function apiFlavourOf(api: RouteApi): ApiFlavour {
  return api === 'v2' ? 'v2' : 'v3';
}

export interface EdgeReply {
  readonly status: number;
  readonly body: Readonly<Record<string, unknown>>;
}

/**
 * A refusal by the edge: v2 `{"ok":false,"error":…,"code":…}`, v3 `{"error":…}` (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go).
 * No `@extra`: these come from toncenter's gateway, not from the API behind it.
 */
export function edgeErrorReply(flavour: ApiFlavour, status: number, message: string): EdgeReply {
  return flavour === 'v2'
    ? { status, body: { ok: false, error: message, code: status } }
    : { status, body: { error: message } };
}

/**
 * 429 as toncenter.com sends it: on v2 the text is in `result`, not `error` (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml,
 * a quirk clients already handle); v3 gets its usual `{"error": …}`.
 */
export function rateLimitedReply(flavour: ApiFlavour): EdgeReply {
  return flavour === 'v2'
    ? { status: 429, body: { ok: false, result: 'Ratelimit exceed', code: 429 } }
    : { status: 429, body: { error: 'Ratelimit exceed' } };
}
