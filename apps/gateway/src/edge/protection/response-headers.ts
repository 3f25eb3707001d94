import { type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Headers every answer carries (what @fastify/helmet would set for a JSON API): no MIME sniffing, no
 * framing, no referrer, nothing loadable by a page; the docs page sets its own policy.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'x-dns-prefetch-control': 'off',
};

/** What a browser may send and read across origins (API key, deadline, request id, rate limits). */
const CORS_ALLOW_HEADERS =
  'Content-Type, X-API-Key, X-Timeout, X-Request-Id, X-No-Address-Book, X-No-Metadata, X-Actions-Version';
const CORS_EXPOSE_HEADERS =
  'X-Request-Id, X-API-Version, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After';

export function setSecurityHeaders(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    void reply.header(name, value);
  }
}

/** The CORS headers of an answer to a request from `origin`, and whether it is a preflight. */
export function corsHeaders(
  method: string,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  origins: readonly string[],
): { readonly headers: Readonly<Record<string, string>>; readonly preflight: boolean } {
  if (origins.length === 0) {
    return { headers: {}, preflight: false };
  }
  const origin = headers.origin;
  const anyOrigin = origins.includes('*');
  const vary: Record<string, string> = anyOrigin ? {} : { vary: 'Origin' };
  if (!anyOrigin && (typeof origin !== 'string' || !origins.includes(origin))) {
    return { headers: vary, preflight: false };
  }
  const allowed = {
    ...vary,
    'access-control-allow-origin': anyOrigin ? '*' : String(origin),
    'access-control-expose-headers': CORS_EXPOSE_HEADERS,
  };
  if (method !== 'OPTIONS' || headers['access-control-request-method'] === undefined) {
    return { headers: allowed, preflight: false };
  }
  return {
    headers: {
      ...allowed,
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': CORS_ALLOW_HEADERS,
      'access-control-max-age': '86400',
    },
    preflight: true,
  };
}

/**
 * CORS as toncenter answers it (`Access-Control-Allow-Origin: *`) or for a configured list of origins.
 * Returns true when the request was a preflight, answered here with 204.
 */
export function applyCors(
  request: FastifyRequest,
  reply: FastifyReply,
  origins: readonly string[],
): boolean {
  const cors = corsHeaders(request.method, request.headers, origins);
  void reply.headers(cors.headers);
  if (cors.preflight) {
    void reply.status(204).send();
  }
  return cors.preflight;
}
