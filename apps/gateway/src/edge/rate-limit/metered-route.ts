/** The Streaming API's OpenAPI document (apps/gateway/src/openapi/api-docs.routes.ts). */
export const STREAMING_DOCS_ROUTE = '/api/streaming/v2/openapi.json';

/**
 * Which requests pass the edge (key check and rate limit): the API under /api/v2 and /api/v3,
 * unknown paths there included (probing must cost as much as calling), and the Streaming API under
 * /api/streaming (a connection counts as one request; what flows over it is not counted). Not
 * metered: /healthz, /readyz, /metrics and the API documentation (OpenAPI JSON, Swagger UI and its
 * assets), which a browser fetches in bursts and which reveals nothing a key protects.
 */
export function isMeteredRequest(url: string, routeTemplate: string | undefined): boolean {
  const path = url.split('?', 1)[0] ?? '';
  if (/^\/api\/streaming(\/|$)/.test(path)) {
    return routeTemplate !== STREAMING_DOCS_ROUTE;
  }
  if (!/^\/api\/v[23](\/|$)/.test(path)) {
    return false;
  }
  return !isDocumentation(routeTemplate ?? path);
}

function isDocumentation(route: string): boolean {
  // apps/gateway/src/openapi/api-docs.routes.ts; the Swagger UI assets live under /api/docs.
  return /^\/api\/v[23](\/|\/index\.html|\/openapi\.json)?$/.test(route);
}
