import { type Logger } from 'pino';
import { type ApiKeyCache } from './api-key.cache';
import { authenticate, type EdgeCaller } from './edge-auth';
import { type EdgeAccessOptions } from './edge-access.options';
import { type KeyPresence } from './key-presence';
import { presentedKey } from './presented-key';
import { type ClientIpResolver } from '../rate-limit/client-ip';
import { ANONYMOUS_PLAN, type EdgeMetrics } from '../rate-limit/edge.metrics';
import { type EdgeRateLimiter } from '../rate-limit/edge-rate-limiter';
import {
  type ApiFlavour,
  edgeErrorReply,
  type EdgeReply,
  rateLimitedReply,
} from '../rate-limit/edge-replies';
import { rateLimitHeaders } from '../rate-limit/rate-limit-headers';

/** What the edge reads of a request, whichever server received it (Fastify or the lean route). */
export interface EdgeRequestView {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly query: unknown;
  /** The socket's peer address. */
  readonly peer: string | undefined;
  readonly flavour: ApiFlavour;
}

/** The edge's decision: headers for the answer and, when the request stops here, the refusal. */
export interface EdgeVerdict {
  /** Set once the key check passed (a limited request keeps its caller for the metrics). */
  readonly caller?: EdgeCaller;
  readonly headers: Readonly<Record<string, string>>;
  readonly refusal?: EdgeReply;
}

/** What the gate decides with; every part is null when its store is not configured. */
export interface EdgeGateParts {
  readonly cache: ApiKeyCache | null;
  readonly presence: KeyPresence | null;
  readonly limiter: EdgeRateLimiter | null;
  readonly clientIps: ClientIpResolver;
  readonly metrics: EdgeMetrics;
  readonly logger: Logger;
  readonly options: EdgeAccessOptions | undefined;
}

/** Thrown by the key lookup when the caller may not cost the store another read (see below). */
class LookupRefused extends Error {}

export function planOf(caller: EdgeCaller): string {
  return caller.kind === 'key' ? caller.plan.name : ANONYMOUS_PLAN;
}

/**
 * The key check and rate limit of one request, as plain calls on what the request presents: the
 * Fastify hooks (install-edge-access.ts) and the lean v2 route (http/lean-v2-route.ts) both admit
 * through it, so a request is charged and refused the same way whichever of them answers it.
 */
export class EdgeGate {
  private storeWarnedAt = 0;

  constructor(private readonly parts: EdgeGateParts) {}

  clientIp(view: Pick<EdgeRequestView, 'headers' | 'peer'>): string {
    return this.parts.clientIps.resolve(view.peer, view.headers['x-forwarded-for']);
  }

  /** Key check then one unit (a JSON-RPC batch pays the rest once its body is parsed). */
  async admit(view: EdgeRequestView): Promise<EdgeVerdict> {
    const { cache, presence, limiter, metrics, logger, options } = this.parts;
    const presented = presentedKey(view.headers, view.query);
    let outcome;
    try {
      const checked =
        cache !== null && presence !== null && presented.kind !== 'none'
          ? await presence.anyKey()
          : false;
      outcome = await authenticate(
        presented,
        checked && cache !== null ? this.guardedLookup(view, cache) : null,
        options?.network ?? '',
      );
    } catch (error: unknown) {
      if (error instanceof LookupRefused) {
        metrics.rateLimited.inc({ plan: ANONYMOUS_PLAN });
        return { headers: RETRY_NOW, refusal: rateLimitedReply(view.flavour) };
      }
      logger.error({ err: error }, 'api key lookup failed');
      return {
        headers: RETRY_NOW,
        refusal: edgeErrorReply(view.flavour, 503, 'API key store unavailable'),
      };
    }
    if (!outcome.ok) {
      metrics.authFailures.inc({ reason: outcome.failure.reason });
      const refusal = edgeErrorReply(view.flavour, outcome.failure.status, outcome.failure.message);
      if (outcome.failure.reason === 'unknown_key' && limiter !== null) {
        // A failed presentation is charged to the client's anonymous allowance: a flood of wrong
        // keys turns into 429s, and past the anonymous rate costs no store read (guardedLookup).
        await limiter.recordFailedKey(this.clientIp(view));
        const limited = await this.limit(view, { kind: 'anonymous' }, 1);
        return { headers: limited.headers, refusal: limited.refusal ?? refusal };
      }
      return { headers: {}, refusal };
    }
    return { caller: outcome.caller, ...(await this.limit(view, outcome.caller, 1)) };
  }

  /** Applies the caller's limit for `cost` calls; the refusal when the request must stop here. */
  async limit(
    view: EdgeRequestView,
    caller: EdgeCaller,
    cost: number,
  ): Promise<Omit<EdgeVerdict, 'caller'>> {
    const { limiter, metrics, logger, options } = this.parts;
    if (limiter === null) {
      return { headers: {} };
    }
    const verdict =
      caller.kind === 'key'
        ? await limiter.consumePlan(caller.plan, cost)
        : await limiter.consumeAnonymous(this.clientIp(view), cost);
    switch (verdict.kind) {
      case 'allowed':
        return { headers: rateLimitHeaders(verdict.state, false) };
      case 'refused':
        metrics.rateLimited.inc({ plan: planOf(caller) });
        return {
          headers: rateLimitHeaders(verdict.state, true),
          refusal: rateLimitedReply(view.flavour),
        };
      case 'store-unavailable': {
        const open = options?.storeFailure !== 'closed';
        metrics.storeFailures.inc({ outcome: open ? 'allowed' : 'refused' });
        if (Date.now() - this.storeWarnedAt >= 1000) {
          // At most one line a second: an outage must not turn into a log flood.
          this.storeWarnedAt = Date.now();
          logger.warn(
            { err: verdict.error, outcome: open ? 'allowed' : 'refused' },
            'rate-limit store unavailable',
          );
        }
        return open
          ? { headers: {} }
          : {
              headers: RETRY_NOW,
              refusal: edgeErrorReply(view.flavour, 503, 'Rate limiter unavailable'),
            };
      }
    }
  }

  /**
   * A key the cache does not know costs a read of the store. A client that presented as many failed
   * keys this second as its anonymous rate gets 429 without that read, so random keys cost at most
   * the anonymous rate of store reads per client IP and second, plus the lookups already in flight.
   */
  private guardedLookup(view: EdgeRequestView, keyCache: ApiKeyCache) {
    return async (hash: string) => {
      const known = keyCache.peek(hash);
      if (known !== undefined) {
        return known;
      }
      const { limiter } = this.parts;
      if (limiter !== null && (await limiter.failedKeysSpent(this.clientIp(view)))) {
        throw new LookupRefused();
      }
      return keyCache.get(hash);
    };
  }
}

const RETRY_NOW: Readonly<Record<string, string>> = { 'Retry-After': '1' };
