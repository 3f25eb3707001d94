import { type FastifyRequest } from 'fastify';
import { DOCS_ASSETS_PREFIX } from '../../openapi/swagger-ui.assets';
import { rawPathOf } from './canonical-path';

/** The API a request is for, which decides its error shape, deadline and metering. */
export type RouteApi = 'v2' | 'v3' | 'streaming' | 'other';

/** The Streaming API's OpenAPI document (apps/gateway/src/openapi/api-docs.routes.ts). */
export const STREAMING_DOCS_ROUTE = '/api/streaming/v2/openapi.json';

/**
 * Routes that pass the edge without a key check or a rate-limit unit: the service index (`/`),
 * probes, the scrape, and the API documentation (OpenAPI JSON, Swagger UI and its assets), which a browser fetches in bursts and
 * which reveals nothing a key protects. Everything else is metered, including every path no route
 * matches: probing must cost as much as calling.
 */
const UNMETERED_ROUTES: ReadonlySet<string> = new Set([
  '/',
  '/healthz',
  '/readyz',
  '/metrics',
  '/api/v2',
  '/api/v2/',
  '/api/v2/index.html',
  '/api/v2/openapi.json',
  '/api/v3',
  '/api/v3/',
  '/api/v3/index.html',
  '/api/v3/openapi.json',
  STREAMING_DOCS_ROUTE,
]);

/** The route template the router matched (the decoded path's route), undefined for a 404. */
export function routeTemplateOf(request: Pick<FastifyRequest, 'routeOptions'>): string | undefined {
  return request.routeOptions.url;
}

/**
 * Whether a request passes the edge (key check and rate limit), by the route the router chose —
 * never by the URL as sent, which can spell the same route in many ways.
 */
export function isMeteredRoute(template: string | undefined): boolean {
  if (template === undefined) {
    return true;
  }
  return !UNMETERED_ROUTES.has(template) && !template.startsWith(`${DOCS_ASSETS_PREFIX}/`);
}

/**
 * The API of a request: by its matched route; for a path no route matched, by the path read
 * leniently (escapes decoded, backslashes as slashes, `;` parameters, empty and dot segments
 * resolved, case ignored), only so that its 404 or 400 comes in the shape its client reads.
 */
export function apiOf(request: Pick<FastifyRequest, 'routeOptions' | 'url'>): RouteApi {
  return apiOfPath(routeTemplateOf(request) ?? lenientPath(rawPathOf(request.url)));
}

function apiOfPath(path: string): RouteApi {
  if (path === '/api/v2' || path.startsWith('/api/v2/')) {
    return 'v2';
  }
  if (path === '/api/v3' || path.startsWith('/api/v3/')) {
    return 'v3';
  }
  if (path === '/api/streaming' || path.startsWith('/api/streaming/')) {
    return 'streaming';
  }
  return 'other';
}

function lenientPath(path: string): string {
  let decoded = path;
  // Twice at most covers double encoding (%2532 → %32 → 2); a broken escape stops the decoding.
  for (let i = 0; i < 2 && decoded.includes('%'); i += 1) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      // Not decodable any further: what is decoded so far is the best reading.
      break;
    }
  }
  const segments: string[] = [];
  for (const raw of decoded.replaceAll('\\', '/').split('/')) {
    const segment = raw.split(';', 1)[0] ?? '';
    if (segment === '..') {
      segments.pop();
    } else if (segment !== '' && segment !== '.') {
      segments.push(segment.toLowerCase());
    }
  }
  return `/${segments.join('/')}`;
}
