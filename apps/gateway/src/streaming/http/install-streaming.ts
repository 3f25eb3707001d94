import fastifyWebsocket from '@fastify/websocket';
import { STREAM_LOG, type StreamLog } from '@app/nats';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type FastifyInstance } from 'fastify';
import { type Logger } from 'pino';
import { Registry } from 'prom-client';
import { type EdgeAccess } from '../../edge/auth/install-edge-access';
import { StreamHub } from '../hub/stream-hub';
import { type ConnectionLimiter } from '../limits/connection-limiter';
import { MemoryConnectionLimiter } from '../limits/memory-connection-limiter';
import { RedisConnectionLimiter } from '../limits/redis-connection-limiter';
import { StreamingMetrics } from '../streaming.metrics';
import { type StreamingOptions } from '../streaming.options';
import { handleSse } from './sse.route';
import { type StreamingContext } from './streaming-context';
import { handleWs } from './ws.route';

export const SSE_PATH = '/api/streaming/v2/sse';
export const WS_PATH = '/api/streaming/v2/ws';

/** Largest subscription (body or WebSocket frame): 10,000 addresses fit with room to spare. */
const MAX_SUBSCRIPTION_BYTES = 1024 * 1024;

export interface StreamingInstallOptions {
  readonly streaming: StreamingOptions;
  readonly edge: EdgeAccess;
  /** The deployment's network: connection counts in Redis are per network, like the rate limits. */
  readonly network: string;
  readonly maxJsonDepth: number;
}

function resolveLog(app: NestFastifyApplication): StreamLog | undefined {
  try {
    return app.get<StreamLog>(STREAM_LOG, { strict: false });
  } catch {
    // No stream log registered in this app (app.get throws for a missing provider): streaming runs without one.
    return undefined;
  }
}

/**
 * The Streaming API v2 on the gateway's Fastify instance: `POST /api/streaming/v2/sse`
 * and `GET /api/streaming/v2/ws`, behind the edge (keys, a connection costs one request of the rate
 * limit). A scope of their own reads the SSE body as text whatever its type, so that the exact
 * toncenter errors can be given (`invalid subscription request: …`).
 */
export function installStreaming(
  app: NestFastifyApplication,
  logger: Logger,
  options: StreamingInstallOptions,
): void {
  const fastify: FastifyInstance = app.getHttpAdapter().getInstance();
  const log = resolveLog(app);
  if (log === undefined) {
    logger.warn('no stream log in this process: the Streaming API answers 503');
  }
  const metrics = new StreamingMetrics(app.get(Registry));
  const limiter: ConnectionLimiter =
    options.edge.redis === null
      ? new MemoryConnectionLimiter()
      : new RedisConnectionLimiter(options.edge.redis, logger, {
          keyPrefix: `${options.streaming.limitKeyPrefix ?? 'tonapi:stream'}:${options.network}`,
        });
  const context: StreamingContext | undefined =
    log === undefined
      ? undefined
      : {
          log,
          hub: new StreamHub(log, metrics, logger),
          limiter,
          metrics,
          options: options.streaming,
          logger,
          connections: new Map(),
          clientIp: (request) => options.edge.clientIp(request),
        };
  limiter.onEvicted((connId) => {
    const client = context?.connections.get(connId);
    if (client !== undefined) {
      metrics.refusals.inc({ reason: 'evicted' });
      client.close('replaced by a newer connection');
    }
  });

  void fastify.register(fastifyWebsocket, { options: { maxPayload: MAX_SUBSCRIPTION_BYTES } });
  void fastify.register((scope, _opts, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: MAX_SUBSCRIPTION_BYTES },
      (_request, body, parsed) => {
        parsed(null, body);
      },
    );
    scope.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
      const status = error.statusCode ?? 500;
      void reply.status(status).send({ error: status >= 500 ? 'internal error' : error.message });
    });
    scope.post(SSE_PATH, async (request, reply) => {
      if (context === undefined) {
        return reply.status(503).send({ error: 'streaming is not available' });
      }
      await handleSse(request, reply, context, options.maxJsonDepth);
      return reply;
    });
    // Fiber answers a GET where only POST is routed with 405 (https://docs.ton.org/api/streaming/overview).
    scope.get(SSE_PATH, (_request, reply) =>
      reply.status(405).header('allow', 'POST').type('text/plain').send('Method Not Allowed'),
    );
    scope.route({
      method: 'GET',
      url: WS_PATH,
      // A plain GET: fiber's ErrUpgradeRequired (https://docs.ton.org/api/streaming/overview).
      handler: (_request, reply) =>
        reply.status(426).type('text/plain; charset=utf-8').send('Upgrade Required'),
      wsHandler: (socket, request) => {
        if (context === undefined) {
          socket.send(JSON.stringify({ error: 'streaming is not available' }), () => {
            socket.terminate();
          });
          return;
        }
        handleWs(socket, request, context);
      },
    });
    done();
  });

  if (options.streaming.followAtBoot && context !== undefined) {
    fastify.addHook('onReady', async () => {
      await context.hub.start().catch((error: unknown) => {
        logger.error(
          { err: error },
          'stream log not followed at boot (retried with the first client)',
        );
      });
    });
  }
  fastify.addHook('preClose', async () => {
    // Streams never end by themselves: end them before the server waits for its connections.
    await context?.hub.stop();
    await limiter.close();
  });
}
