import { type FastifyInstance, type FastifyReply } from 'fastify';
import { V2_METHODS } from '../v2/v2-methods.registry';
import { V3_ENDPOINTS } from '../v3/v3-endpoints.registry';
import { STREAMING_DOCS_ROUTE } from '../edge/paths/request-route';
import { buildStreamingOpenApi } from './streaming-openapi.document';
import { buildV2OpenApi } from './v2-openapi.document';
import { buildV3OpenApi } from './v3-openapi.document';
import { DOCS_ASSETS_PREFIX, loadSwaggerUiAssets, swaggerUiPage } from './swagger-ui.assets';

/**
 * The docs page loads its own scripts and styles only; Swagger UI sets inline styles and uses data:
 * images, and "Try it out" calls this origin.
 */
const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'";

function sendPage(reply: FastifyReply, html: string): FastifyReply {
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', DOCS_CSP)
    .send(html);
}

/**
 * OpenAPI documents and Swagger UI where toncenter has them: `/api/v2/openapi.json` and the UI at
 * `/api/v2/` (2.1 serves `index.html` and `openapi.json` under /api/v2/, toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml); the same
 * under /api/v3 (ton-indexer serves its Swagger UI under /api/v3/, toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). The documents
 * are built once, at start, from the method and endpoint registries.
 */
export function installApiDocs(fastify: FastifyInstance): void {
  const documents = {
    v2: JSON.stringify(buildV2OpenApi([...V2_METHODS.values()])),
    v3: JSON.stringify(buildV3OpenApi([...V3_ENDPOINTS.values()])),
  };
  for (const version of ['v2', 'v3'] as const) {
    const base = `/api/${version}`;
    const page = swaggerUiPage(`TON API ${version} — Swagger UI`, `${base}/openapi.json`);
    fastify.get(`${base}/openapi.json`, (_request, reply) =>
      reply.header('content-type', 'application/json; charset=utf-8').send(documents[version]),
    );
    fastify.get(`${base}/`, (_request, reply) => sendPage(reply, page));
    fastify.get(`${base}/index.html`, (_request, reply) => sendPage(reply, page));
    fastify.get(base, (_request, reply) => reply.redirect(`${base}/`, 301));
  }
  // The Streaming API's document (no UI: Swagger cannot drive an event stream).
  const streaming = JSON.stringify(buildStreamingOpenApi());
  fastify.get(STREAMING_DOCS_ROUTE, (_request, reply) =>
    reply.header('content-type', 'application/json; charset=utf-8').send(streaming),
  );
  const assets = loadSwaggerUiAssets();
  for (const [name, asset] of assets) {
    fastify.get(`${DOCS_ASSETS_PREFIX}/${name}`, (_request, reply) =>
      reply
        .header('content-type', asset.contentType)
        .header('cache-control', 'public, max-age=86400')
        .send(asset.body),
    );
  }
}
