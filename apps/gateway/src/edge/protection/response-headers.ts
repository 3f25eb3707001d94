import { type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Headers every answer carries (what @fastify/helmet would set for a JSON API): no MIME sniffing, no
 * framing, no referrer, nothing loadable by a page; the docs page sets its own policy.
 */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
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

/**
 * CORS as toncenter answers it (`Access-Control-Allow-Origin: *`) or for a configured list of origins.
 * Returns true when the request was a preflight, answered here with 204.
 */
export function applyCors(
  request: FastifyRequest,
  reply: FastifyReply,
  origins: readonly string[],
): boolean {
  if (origins.length === 0) {
    return false;
  }
  const origin = request.headers.origin;
  const anyOrigin = origins.includes('*');
  if (!anyOrigin) {
    void reply.header('vary', 'Origin');
    if (origin === undefined || !origins.includes(origin)) {
      return false;
    }
  }
  void reply
    .header('access-control-allow-origin', anyOrigin ? '*' : origin)
    .header('access-control-expose-headers', CORS_EXPOSE_HEADERS);
  const preflight =
    request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
  if (preflight) {
    void reply
      .header('access-control-allow-methods', 'GET, POST, OPTIONS')
      .header('access-control-allow-headers', CORS_ALLOW_HEADERS)
      .header('access-control-max-age', '86400')
      .status(204)
      .send();
  }
  return preflight;
}
