import { once } from 'node:events';
import { type ApiKeyStore, openApiKeyStore } from '@app/database';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type Redis } from 'ioredis';
import { type Logger } from 'pino';
import { Registry } from 'prom-client';
import { routeLabel } from '../../http/http-hooks';
import { pathProblem } from '../paths/canonical-path';
import { apiOf, isMeteredRoute, routeTemplateOf } from '../paths/request-route';
import { ClientIpResolver } from '../rate-limit/client-ip';
import { ANONYMOUS_PLAN, EdgeMetrics } from '../rate-limit/edge.metrics';
import { EdgeRateLimiter } from '../rate-limit/edge-rate-limiter';
import { apiFlavourOf, edgeErrorReply, type EdgeReply } from '../rate-limit/edge-replies';
import { connectRedis } from '../rate-limit/rate-limit-redis';
import { requestCost } from '../rate-limit/request-cost';
import { accessLogger } from './access-log';
import { ApiKeyCache } from './api-key.cache';
import { subscribeApiKeysChanged } from './api-keys-changed';
import { type EdgeCaller } from './edge-auth';
import { type EdgeAccessOptions } from './edge-access.options';
import { KeyChangesConnection } from './key-changes.connection';
import { KeyPresence } from './key-presence';
import { EdgeGate, type EdgeRequestView, type EdgeVerdict, planOf } from './edge-gate';

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
  /** The key check and rate limit, for a route that answers without Fastify (http/lean-v2-route.ts). */
  readonly gate: EdgeGate;
  /** Counts and access-logs an answer given without Fastify, as the onResponse hook does. */
  recordAnswer(answer: EdgeAnswer): void;
}

/** One answered request, as the edge's metrics and access log see it. */
export interface EdgeAnswer {
  readonly requestId: string;
  readonly method: string;
  /** The metric label (http/http-hooks.ts routeLabel). */
  readonly route: string;
  readonly status: number;
  readonly elapsedMs: number;
  readonly caller: EdgeCaller | undefined;
  /** Whether the route passes the key check and rate limit (edge/paths/request-route.ts). */
  readonly metered: boolean;
}

/**
 * The public edge: API keys (401/403 as toncenter), rate limits (429 with RateLimit-*
 * headers), per-plan metrics and an access log line per request. Every decision is taken on the
 * route the router matched, never on the URL as sent; a path not in its canonical form is refused
 * (400) once its key is checked and its unit charged (edge/paths/canonical-path.ts).
 *
 * With options (every real run: apps/gateway and apps/standalone build them from the environment)
 * the limits always hold: in Redis across replicas with REDIS_URL, in this process's memory without.
 * Without options (programmatic use, tests) only the access log and metrics are installed: every
 * caller anonymous, nothing limited.
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
  let presence: KeyPresence | null = null;
  let limiter: EdgeRateLimiter | null = null;
  let sharedRedis: Redis | null = null;
  const clientIps = new ClientIpResolver(options?.trustedProxies ?? []);

  if (options?.databaseUrl !== undefined) {
    const opened = await openApiKeyStore(options.databaseUrl, 'ton-access-gateway');
    store = opened;
    closers.push(() => opened.close());
    const keyCache = new ApiKeyCache(
      (hash) => {
        metrics.keyLookups.inc();
        return opened.keys.findActiveByHash(hash);
      },
      { ttlMs: options.keyCacheTtlMs, maxEntries: KEY_CACHE_MAX_ENTRIES },
    );
    const keyPresence = new KeyPresence(() => opened.keys.hasActiveKeys(), options.keyCacheTtlMs);
    cache = keyCache;
    presence = keyPresence;
    const nc = app.get(KeyChangesConnection, { strict: false }).nats;
    if (nc !== undefined) {
      const subscription = subscribeApiKeysChanged(nc, options.subjectPrefix ?? '', (reason) => {
        keyCache.invalidateAll();
        keyPresence.invalidate();
        logger.debug({ reason }, 'api key cache cleared');
      });
      // The connection is the process's (NatsConnectionModule drains it at shutdown).
      closers.push(async () => {
        subscription.close();
        await Promise.resolve();
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
      // Not ready in time: the configured store-failure mode decides until Redis is.
      logger.warn({ storeFailure: options.storeFailure }, 'rate-limit store not ready at start');
    }
    closers.push(async () => {
      redis.disconnect();
      await Promise.resolve();
    });
  }
  if (options !== undefined) {
    limiter = new EdgeRateLimiter(sharedRedis, {
      network: options.network,
      anonymousRps: options.anonymousRps,
      keyPrefix: options.rateLimitKeyPrefix,
    });
  }
  logger.info(
    {
      apiKeys: store !== null,
      rateLimits: limiter === null ? 'off' : limiter.shared ? 'shared (Redis)' : 'per process',
      anonymousRps: options?.anonymousRps,
      network: options?.network,
      storeFailure: options?.storeFailure,
    },
    limiter !== null && !limiter.shared
      ? 'edge access configured; rate limits are per process (no REDIS_URL): each replica allows the full rate'
      : 'edge access configured',
  );

  const gate = new EdgeGate({ cache, presence, limiter, clientIps, metrics, logger, options });
  const refuse = (reply: FastifyReply, refusal: EdgeReply): FastifyReply =>
    reply.status(refusal.status).send(refusal.body);
  const viewOf = (request: FastifyRequest): EdgeRequestView => ({
    headers: request.headers,
    query: request.query,
    peer: request.socket.remoteAddress,
    flavour: apiFlavourOf(apiOf(request)),
  });
  const clientIp = (request: FastifyRequest): string => gate.clientIp(viewOf(request));

  /** The gate's verdict applied to `reply`; the refusal when the request stops here. */
  const apply = (
    request: FastifyRequest,
    reply: FastifyReply,
    verdict: EdgeVerdict,
  ): EdgeReply | undefined => {
    if (verdict.caller !== undefined) {
      callers.set(request, verdict.caller);
    }
    void reply.headers(verdict.headers);
    return verdict.refusal;
  };

  fastify.addHook('onRequest', async (request, reply) => {
    if (request.method === 'OPTIONS') {
      return undefined;
    }
    if (isMeteredRoute(routeTemplateOf(request))) {
      const refusal = apply(request, reply, await gate.admit(viewOf(request)));
      if (refusal !== undefined) {
        return refuse(reply, refusal);
      }
    }
    const problem = pathProblem(request.url);
    if (problem !== undefined) {
      metrics.malformedPaths.inc();
      return refuse(reply, edgeErrorReply(apiFlavourOf(apiOf(request)), 400, problem));
    }
    return undefined;
  });

  fastify.addHook('preHandler', async (request, reply) => {
    const caller = callers.get(request);
    if (
      caller === undefined ||
      request.method !== 'POST' ||
      routeTemplateOf(request) !== JSON_RPC_ROUTE
    ) {
      return undefined;
    }
    // The first call of the batch was paid for in onRequest.
    const rest = requestCost(request.body) - 1;
    const refusal =
      rest > 0 ? apply(request, reply, await gate.limit(viewOf(request), caller, rest)) : undefined;
    return refusal === undefined ? undefined : refuse(reply, refusal);
  });

  const logAccess = accessLogger(logger);
  const recordAnswer = (answer: EdgeAnswer): void => {
    const plan = answer.caller === undefined ? ANONYMOUS_PLAN : planOf(answer.caller);
    if (answer.metered) {
      metrics.requests.inc({ route: answer.route, status: String(answer.status), plan });
    }
    if (!QUIET_ROUTES.has(answer.route)) {
      // Never the URL as sent: its query string may carry api_key.
      logAccess({
        requestId: answer.requestId,
        method: answer.method,
        route: answer.route,
        status: answer.status,
        latencyMs: Math.round(answer.elapsedMs * 1000) / 1000,
        plan,
        ...(answer.caller?.kind === 'key' ? { keyId: answer.caller.keyId } : {}),
      });
    }
  };
  fastify.addHook('onResponse', (request, reply, done) => {
    recordAnswer({
      requestId: request.id,
      method: request.method,
      route: routeLabel(request),
      status: reply.statusCode,
      elapsedMs: reply.elapsedTime,
      caller: callers.get(request),
      metered: isMeteredRoute(routeTemplateOf(request)),
    });
    done();
  });

  fastify.addHook('onClose', async () => {
    for (const close of closers.reverse()) {
      await close();
    }
  });
  return {
    redis: sharedRedis,
    clientIp,
    gate,
    recordAnswer,
  };
}
