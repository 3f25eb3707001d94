import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { STREAMING_DOCS_ROUTE } from '../edge/paths/request-route';
import { SSE_PATH, WS_PATH } from '../streaming/http/install-streaming';

/** One place a person (or a client) may want to go from the service's root. */
export interface ServiceLink {
  readonly id: string;
  readonly title: string;
  readonly path: string;
  /** Reached over WebSocket (ws:// beside http://). */
  readonly websocket?: true;
}

/**
 * What the gateway serves, in the order a newcomer wants it: the index page (`/`) and the start line
 * of `npm start` list these. The Swagger UIs live at the APIs' bases, as toncenter has them
 * (apps/gateway/src/openapi/api-docs.routes.ts).
 */
export const SERVICE_LINKS: readonly ServiceLink[] = [
  { id: 'v2', title: 'API v2 (toncenter-compatible): Swagger UI', path: '/api/v2/' },
  { id: 'v2OpenApi', title: 'API v2 OpenAPI document', path: '/api/v2/openapi.json' },
  { id: 'v3', title: 'API v3 (indexed history): Swagger UI', path: '/api/v3/' },
  { id: 'v3OpenApi', title: 'API v3 OpenAPI document', path: '/api/v3/openapi.json' },
  { id: 'streamingSse', title: 'Streaming API v2 over Server-Sent Events', path: SSE_PATH },
  {
    id: 'streamingWs',
    title: 'Streaming API v2 over WebSocket',
    path: WS_PATH,
    websocket: true,
  },
  {
    id: 'streamingOpenApi',
    title: 'Streaming API v2 OpenAPI document',
    path: STREAMING_DOCS_ROUTE,
  },
  { id: 'metrics', title: 'Prometheus metrics', path: '/metrics' },
  { id: 'healthz', title: 'Liveness', path: '/healthz' },
  { id: 'readyz', title: 'Readiness', path: '/readyz' },
];

/**
 * The origin a person on this machine opens for a listener on `host`:`port` (a wildcard address is
 * reached over loopback; an IPv6 address goes in brackets).
 */
export function localOrigin(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/** Every link as an absolute URL on `origin`, by id (the start line's fields). */
export function serviceUrls(origin: string): Record<string, string> {
  return Object.fromEntries(SERVICE_LINKS.map((link) => [link.id, linkUrl(origin, link)]));
}

/** `link` on the gateway at `origin` (`http://host:port`): ws:// for the WebSocket endpoint. */
export function linkUrl(origin: string, link: ServiceLink): string {
  return `${link.websocket === true ? origin.replace(/^http/, 'ws') : origin}${link.path}`;
}

/** The start line's message: where to open the service and its APIs, streams and metrics. */
export function readyMessage(origin: string): string {
  const url = (id: string): string => {
    const link = SERVICE_LINKS.find((l) => l.id === id);
    return link === undefined ? '' : linkUrl(origin, link);
  };
  return (
    `ready: open ${origin}/ — API v2 ${url('v2')} and v3 ${url('v3')} (Swagger UI), ` +
    `streaming ${url('streamingSse')} and ${url('streamingWs')}, metrics ${url('metrics')}`
  );
}

/** The index as JSON: every link by id, as a path on this origin. */
export function serviceIndexJson(): { service: string; links: Record<string, string> } {
  return {
    service: 'ton-access',
    links: Object.fromEntries(SERVICE_LINKS.map((link) => [link.id, link.path])),
  };
}

/** The index as a small HTML page; links are relative, so it works behind any proxy or host name. */
export function serviceIndexHtml(): string {
  const items = SERVICE_LINKS.map((link) =>
    link.websocket === true
      ? `<li>${link.title}: <code>${link.path}</code> (ws:// or wss:// on this host)</li>`
      : `<li><a href="${link.path}">${link.title}</a> <code>${link.path}</code></li>`,
  );
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>ton-access</title>',
    '<style>body{font-family:system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;line-height:1.5}code{color:#555}</style>',
    '</head>',
    '<body>',
    '<h1>ton-access</h1>',
    '<p>TON blockchain access: toncenter-compatible API v2 and v3 and the Streaming API.</p>',
    '<ul>',
    ...items,
    '</ul>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** The page loads nothing and runs nothing; only its own inline style applies. */
const INDEX_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

function answerIndex(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  void reply.header('vary', 'Accept');
  // A browser asks for text/html; curl (*/*) and API clients get JSON, which reads well in a terminal.
  if ((request.headers.accept ?? '').includes('text/html')) {
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', INDEX_CSP)
      .send(serviceIndexHtml());
  }
  return reply.header('content-type', 'application/json; charset=utf-8').send(serviceIndexJson());
}

/** `/`: the index of what this gateway serves (not metered: see isMeteredRequest). */
export function installServiceIndex(fastify: FastifyInstance): void {
  fastify.get('/', answerIndex);
}
