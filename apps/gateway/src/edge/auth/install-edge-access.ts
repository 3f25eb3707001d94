import { once } from 'node:events';
import { type ApiKeyStore, openApiKeyStore } from '@app/database';
import { connectNats, natsServers } from '@app/nats';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { type Logger } from 'pino';
import { Registry } from 'prom-client';
import { routeLabel } from '../../http/http-hooks';
import { ClientIpResolver } from '../rate-limit/client-ip';
import { ANONYMOUS_PLAN, EdgeMetrics } from '../rate-limit/edge.metrics';
import { EdgeRateLimiter } from '../rate-limit/edge-rate-limiter';
import {
  apiFlavourOf,
  edgeErrorReply,
  type EdgeReply,
  rateLimitedReply,
} from '../rate-limit/edge-replies';
import { isMeteredRequest } from '../rate-limit/metered-route';
import { rateLimitHeaders } from '../rate-limit/rate-limit-headers';
import { requestCost } from '../rate-limit/request-cost';
import { accessLogger } from './access-log';
import { ApiKeyCache } from './api-key.cache';
import { subscribeApiKeysChanged } from './api-keys-changed';
import { authenticate, type EdgeCaller } from './edge-auth';
import { type EdgeAccessOptions } from './edge-access.options';
import { presentedKey } from './presented-key';

const JSON_RPC_ROUTE = '/api/v2/jsonRPC';
/** Routes whose requests are not access-logged (probes and scrapes every few seconds). */
const QUIET_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);
const KEY_CACHE_MAX_ENTRIES = 10_000;
const REDIS_READY_WAIT_MS = 2000;

/** What the edge learnt about a request, for the access log and metrics. */
const callers = new WeakMap<FastifyRequest, EdgeCaller>();

/** The caller the edge admitted for `request` (anonymous when the request was not metered). */
export function edgeCallerOf(request: FastifyRequest): EdgeCaller | undefined {
  return callers.get(request);
}

/** What other parts of the gateway use of the edge (the Streaming API's connection limits). */
export interface EdgeAccess {
  /** The shared store of the rate limits (REDIS_URL), null without one. */
  readonly redis: Redis | null;
  /** The client's address as the rate limiter sees it (X-Forwarded-For from trusted proxies). */
  clientIp(request: FastifyRequest): string;
}

/**
 * The public edge: API keys (401/403 as toncenter), shared rate limits (429 with
 * RateLimit-* headers), per-plan metrics and an access log line per request. Without options only
 * the access log and metrics are installed (every caller anonymous, nothing limited), which is what
 * tests and the single-process default get.
 */
export async function installEdgeAccess(
  app: NestFastifyApplication,
  logger: Logger,
  options?: EdgeAccessOptions,
): Promise<EdgeAccess> {
  const fastify = app.getHttpAdapter().getInstance();
  const metrics = new EdgeMetrics(app.get(Registry));
  const closers: (() => Promise<void>)[] = [];
  let store: ApiKeyStore | null = null;
  let cache: ApiKeyCache | null = null;
  let limiter: EdgeRateLimiter | null = null;
  let sharedRedis: Redis | null = null;
  const clientIps = new ClientIpResolver(options?.trustedProxies ?? []);

  if (options?.databaseUrl !== undefined) {
    const opened = await openApiKeyStore(options.databaseUrl, 'ton-access-gateway');
    store = opened;
    closers.push(() => opened.close());
    const keyCache = new ApiKeyCache((hash) => opened.keys.findActiveByHash(hash), {
      ttlMs: options.keyCacheTtlMs,
      maxEntries: KEY_CACHE_MAX_ENTRIES,
    });
    cache = keyCache;
    if (options.natsUrl !== undefined) {
      const nc = await connectNats({
        servers: natsServers(options.natsUrl),
        name: 'tonapi-gateway-edge',
        maxReconnectAttempts: -1,
      });
      const subscription = subscribeApiKeysChanged(nc, options.subjectPrefix ?? '', (reason) => {
        keyCache.invalidateAll();
        logger.debug({ reason }, 'api key cache cleared');
      });
      closers.push(async () => {
        subscription.close();
        await nc.close();
      });
    }
  }
  if (options?.redisUrl !== undefined) {
    const redis = connectRedis(options.redisUrl, logger);
    sharedRedis = redis;
    try {
      // Start deciding with the store when it is there; otherwise the failure mode applies.
      await once(redis, 'ready', { signal: AbortSignal.timeout(REDIS_READY_WAIT_MS) });
    } catch {
      logger.warn({ storeFailure: options.storeFailure }, 'rate-limit store not ready at start');
    }
    closers.push(async () => {
      redis.disconnect();
      await Promise.resolve();
    });
    limiter = new EdgeRateLimiter(redis, {
      network: options.network,
      anonymousRps: options.anonymousRps,
      keyPrefix: options.rateLimitKeyPrefix,
    });
  }
  logger.info(
    {
      apiKeys: store !== null,
      rateLimits: limiter !== null,
      network: options?.network,
      storeFailure: options?.storeFailure,
    },
    'edge access configured',
  );

  const refuse = (reply: FastifyReply, refusal: EdgeReply): FastifyReply =>
    reply.status(refusal.status).send(refusal.body);
  let storeWarnedAt = 0;

  /** Applies the caller's limit for `cost` calls; a reply when the request must stop here. */
  const limit = async (
    request: FastifyRequest,
    reply: FastifyReply,
    caller: EdgeCaller,
    cost: number,
  ): Promise<FastifyReply | undefined> => {
    if (limiter === null) {
      return undefined;
    }
    const verdict =
      caller.kind === 'key'
        ? await limiter.consumePlan(caller.plan, cost)
        : await limiter.consumeAnonymous(
            clientIps.resolve(request.socket.remoteAddress, request.headers['x-forwarded-for']),
            cost,
          );
    const flavour = apiFlavourOf(request.url);
    switch (verdict.kind) {
      case 'allowed':
        void reply.headers(rateLimitHeaders(verdict.state, false));
        return undefined;
      case 'refused':
        metrics.rateLimited.inc({ plan: planOf(caller) });
        void reply.headers(rateLimitHeaders(verdict.state, true));
        return refuse(reply, rateLimitedReply(flavour));
      case 'store-unavailable': {
        const open = options?.storeFailure !== 'closed';
        metrics.storeFailures.inc({ outcome: open ? 'allowed' : 'refused' });
        if (Date.now() - storeWarnedAt >= 1000) {
          // At most one line a second: an outage must not turn into a log flood.
          storeWarnedAt = Date.now();
          logger.warn(
            { err: verdict.error, outcome: open ? 'allowed' : 'refused' },
            'rate-limit store unavailable',
          );
        }
        if (open) {
          return undefined;
        }
        void reply.header('Retry-After', '1');
        return refuse(reply, edgeErrorReply(flavour, 503, 'Rate limiter unavailable'));
      }
    }
  };

  fastify.addHook('onRequest', async (request, reply) => {
    if (request.method === 'OPTIONS' || !isMeteredRequest(request.url, request.routeOptions.url)) {
      return undefined;
    }
    const lookup = cache === null ? null : cache.get.bind(cache);
    let outcome;
    try {
      outcome = await authenticate(
        presentedKey(request.headers, request.query),
        lookup,
        options?.network ?? '',
      );
    } catch (error: unknown) {
      logger.error({ err: error }, 'api key lookup failed');
      void reply.header('Retry-After', '1');
      return refuse(
        reply,
        edgeErrorReply(apiFlavourOf(request.url), 503, 'API key store unavailable'),
      );
    }
    if (!outcome.ok) {
      metrics.authFailures.inc({ reason: outcome.failure.reason });
      return refuse(
        reply,
        edgeErrorReply(apiFlavourOf(request.url), outcome.failure.status, outcome.failure.message),
      );
    }
    callers.set(request, outcome.caller);
    // JSON-RPC is limited once its body says how many calls it carries (preHandler).
    if (request.method === 'POST' && request.routeOptions.url === JSON_RPC_ROUTE) {
      return undefined;
    }
    return limit(request, reply, outcome.caller, 1);
  });

  fastify.addHook('preHandler', async (request, reply) => {
    const caller = callers.get(request);
    if (
      caller === undefined ||
      request.method !== 'POST' ||
      request.routeOptions.url !== JSON_RPC_ROUTE
    ) {
      return undefined;
    }
    return limit(request, reply, caller, requestCost(request.body));
  });

  const logAccess = accessLogger(logger);
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request);
    const caller = callers.get(request);
    const plan = caller === undefined ? ANONYMOUS_PLAN : planOf(caller);
    if (isMeteredRequest(request.url, request.routeOptions.url)) {
      metrics.requests.inc({ route, status: String(reply.statusCode), plan });
    }
    if (!QUIET_ROUTES.has(route)) {
      // Never the URL as sent: its query string may carry api_key.
      logAccess({
        requestId: request.id,
        method: request.method,
        route,
        status: reply.statusCode,
        latencyMs: Math.round(reply.elapsedTime * 1000) / 1000,
        plan,
        ...(caller?.kind === 'key' ? { keyId: caller.keyId } : {}),
      });
    }
    done();
  });

  fastify.addHook('onClose', async () => {
    for (const close of closers.reverse()) {
      await close();
    }
  });
  return {
    redis: sharedRedis,
    clientIp: (request) =>
      clientIps.resolve(request.socket.remoteAddress, request.headers['x-forwarded-for']),
  };
}

function planOf(caller: EdgeCaller): string {
  return caller.kind === 'key' ? caller.plan.name : ANONYMOUS_PLAN;
}

/**
 * A Redis client that never makes a request wait for Redis: no offline queue (commands fail at once
 * while disconnected), one short timeout per command, background reconnects. Connection trouble is
 * logged once per outage, not once per request.
 */
function connectRedis(url: string, logger: Logger): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 250,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let healthy = true;
  redis.on('ready', () => {
    if (!healthy) {
      logger.info('rate-limit store reconnected');
    }
    healthy = true;
  });
  redis.on('error', (error: unknown) => {
    if (healthy) {
      logger.warn({ err: error }, 'rate-limit store connection failed');
    }
    healthy = false;
  });
  return redis;
}
