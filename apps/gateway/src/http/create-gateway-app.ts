import { PinoNestLogger } from '@app/observability';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type Logger } from 'pino';
import { type EdgeAccessOptions } from '../edge/auth/edge-access.options';
import {
  installEdgeProtection,
  protectionServerOptions,
} from '../edge/protection/install-edge-protection';
import {
  DEFAULT_PROTECTION,
  type EdgeProtectionOptions,
} from '../edge/protection/protection.options';
import { SheddingState } from '../edge/protection/shedding-state';
import { installApiDocs } from '../openapi/api-docs.routes';
import { installServiceIndex } from './service-index';
import { installEdgeAccess } from '../edge/auth/install-edge-access';
import { installStreaming } from '../streaming/http/install-streaming';
import { DEFAULT_STREAMING, type StreamingOptions } from '../streaming/streaming.options';
import { GatewayExceptionFilter } from './gateway-exception.filter';
import { gatewayFastifyOptions, installHttpHooks } from './http-hooks';
import { installLeanV2Route } from './lean-v2-route';

/**
 * The gateway's HTTP application on Fastify for a root module that includes GatewayModule (the mesh
 * gateway's or the single-process launcher's).
 */
export async function createGatewayApp(
  rootModule: object,
  logger: Logger,
  options: {
    shutdownHooks?: boolean;
    edge?: EdgeAccessOptions | undefined;
    /** Body, query and time limits, CORS, shedding (default: DEFAULT_PROTECTION). */
    protection?: EdgeProtectionOptions | undefined;
    /** Streaming API buffers and anonymous limits (default: DEFAULT_STREAMING). */
    streaming?: StreamingOptions | undefined;
    /** The lean v2 route ahead of Fastify (default on; off, every request takes the Fastify route). */
    leanV2Route?: boolean | undefined;
  } = {},
): Promise<NestFastifyApplication> {
  const protection = options.protection ?? DEFAULT_PROTECTION;
  const app = await NestFactory.create<NestFastifyApplication>(
    rootModule,
    new FastifyAdapter({ ...gatewayFastifyOptions(), ...protectionServerOptions(protection) }),
    { logger: new PinoNestLogger(logger) },
  );
  installHttpHooks(app);
  // Limits, deadlines, CORS, security headers and shedding, before keys and rate limits:
  // an overloaded replica sheds without a round trip to Redis.
  const shedder = installEdgeProtection(app, protection);
  app.get(SheddingState).watch(shedder);
  // /api/v2/openapi.json, /api/v3/openapi.json and Swagger UI at /api/v2/ and /api/v3/.
  installApiDocs(app.getHttpAdapter().getInstance());
  // `/`: an index of the above, the Streaming API and the ops endpoints.
  installServiceIndex(app.getHttpAdapter().getInstance());
  // API keys, rate limits, per-plan metrics and the access log.
  const edge = await installEdgeAccess(app, logger, options.edge);
  // The Streaming API v2 over SSE and WebSocket, behind the edge.
  installStreaming(app, logger, {
    streaming: options.streaming ?? DEFAULT_STREAMING,
    edge,
    network: options.edge?.network ?? 'local',
    maxJsonDepth: protection.maxJsonDepth,
  });
  app.useGlobalFilters(new GatewayExceptionFilter());
  if (options.leanV2Route ?? true) {
    // Kept v2 answers (an account at a seqno, the head) without Fastify and Nest, behind the same edge.
    installLeanV2Route(app, { edge, protection, shedder, logger });
  }
  // The single-process launcher stops the localnet and PostgreSQL after the app, so it handles
  // signals itself; everywhere else Nest's hooks close the app on SIGTERM.
  if (options.shutdownHooks ?? true) {
    app.enableShutdownHooks();
  }
  return app;
}
