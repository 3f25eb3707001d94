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
import {
  apiFlavourOf,
  edgeErrorReply,
  type EdgeReply,
  rateLimitedReply,
} from '../rate-limit/edge-replies';
import { rateLimitHeaders } from '../rate-limit/rate-limit-headers';
import { connectRedis } from '../rate-limit/rate-limit-redis';
import { requestCost } from '../rate-limit/request-cost';
import { accessLogger } from './access-log';
import { ApiKeyCache } from './api-key.cache';
import { subscribeApiKeysChanged } from './api-keys-changed';
import { authenticate, type EdgeCaller } from './edge-auth';
import { type EdgeAccessOptions } from './edge-access.options';
import { KeyChangesConnection } from './key-changes.connection';
import { KeyPresence } from './key-presence';
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

/** Thrown by the key lookup when the caller may not cost the store another read (see below). */
class LookupRefused extends Error {}

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

  const refuse = (reply: FastifyReply, refusal: EdgeReply): FastifyReply =>
    reply.status(refusal.status).send(refusal.body);
  const clientIp = (request: FastifyRequest): string =>
    clientIps.resolve(request.socket.remoteAddress, request.headers['x-forwarded-for']);
  const flavourOf = (request: FastifyRequest) => apiFlavourOf(apiOf(request));
  let storeWarnedAt = 0;

  /** Applies the caller's limit for `cost` calls; the refusal when the request must stop here. */
  const limit = async (
    request: FastifyRequest,
    reply: FastifyReply,
    caller: EdgeCaller,
    cost: number,
  ): Promise<EdgeReply | undefined> => {
    if (limiter === null) {
      return undefined;
    }
    const verdict =
      caller.kind === 'key'
        ? await limiter.consumePlan(caller.plan, cost)
        : await limiter.consumeAnonymous(clientIp(request), cost);
    const flavour = flavourOf(request);
    switch (verdict.kind) {
      case 'allowed':
        void reply.headers(rateLimitHeaders(verdict.state, false));
        return undefined;
      case 'refused':
        metrics.rateLimited.inc({ plan: planOf(caller) });
        void reply.headers(rateLimitHeaders(verdict.state, true));
        return rateLimitedReply(flavour);
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
        return edgeErrorReply(flavour, 503, 'Rate limiter unavailable');
      }
    }
  };

  /**
   * A key the cache does not know costs a read of the store. A client that presented as many failed
   * keys this second as its anonymous rate gets 429 without that read, so random keys cost at most
   * the anonymous rate of store reads per client IP and second, plus the lookups already in flight.
   */
  const guardedLookup =
    (request: FastifyRequest, keyCache: ApiKeyCache) => async (hash: string) => {
      const known = keyCache.peek(hash);
      if (known !== undefined) {
        return known;
      }
      if (limiter !== null && (await limiter.failedKeysSpent(clientIp(request)))) {
        throw new LookupRefused();
      }
      return keyCache.get(hash);
    };

  /** Key check then one unit; the refusal when the request stops here. */
  const admit = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<EdgeReply | undefined> => {
    const presented = presentedKey(request.headers, request.query);
    let outcome;
    try {
      const checked =
        cache !== null && presence !== null && presented.kind !== 'none'
          ? await presence.anyKey()
          : false;
      outcome = await authenticate(
        presented,
        checked && cache !== null ? guardedLookup(request, cache) : null,
        options?.network ?? '',
      );
    } catch (error: unknown) {
      if (error instanceof LookupRefused) {
        metrics.rateLimited.inc({ plan: ANONYMOUS_PLAN });
        void reply.header('Retry-After', '1');
        return rateLimitedReply(flavourOf(request));
      }
      logger.error({ err: error }, 'api key lookup failed');
      void reply.header('Retry-After', '1');
      return edgeErrorReply(flavourOf(request), 503, 'API key store unavailable');
    }
    if (!outcome.ok) {
      metrics.authFailures.inc({ reason: outcome.failure.reason });
      if (outcome.failure.reason === 'unknown_key' && limiter !== null) {
        // A failed presentation is charged to the client's anonymous allowance: a flood of wrong
        // keys turns into 429s, and past the anonymous rate costs no store read (guardedLookup).
        await limiter.recordFailedKey(clientIp(request));
        const refusal = await limit(request, reply, { kind: 'anonymous' }, 1);
        if (refusal !== undefined) {
          return refusal;
        }
      }
      return edgeErrorReply(flavourOf(request), outcome.failure.status, outcome.failure.message);
    }
    callers.set(request, outcome.caller);
    // One unit before anything of the body is read; a JSON-RPC batch pays the rest once parsed.
    return limit(request, reply, outcome.caller, 1);
  };

  fastify.addHook('onRequest', async (request, reply) => {
    if (request.method === 'OPTIONS') {
      return undefined;
    }
    if (isMeteredRoute(routeTemplateOf(request))) {
      const refusal = await admit(request, reply);
      if (refusal !== undefined) {
        return refuse(reply, refusal);
      }
    }
    const problem = pathProblem(request.url);
    if (problem !== undefined) {
      metrics.malformedPaths.inc();
      return refuse(reply, edgeErrorReply(flavourOf(request), 400, problem));
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
    const refusal = rest > 0 ? await limit(request, reply, caller, rest) : undefined;
    return refusal === undefined ? undefined : refuse(reply, refusal);
  });

  const logAccess = accessLogger(logger);
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request);
    const caller = callers.get(request);
    const plan = caller === undefined ? ANONYMOUS_PLAN : planOf(caller);
    if (isMeteredRoute(routeTemplateOf(request))) {
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
    clientIp,
  };
}

function planOf(caller: EdgeCaller): string {
  return caller.kind === 'key' ? caller.plan.name : ANONYMOUS_PLAN;
}
