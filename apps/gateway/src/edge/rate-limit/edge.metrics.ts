import { counter, METRIC_PREFIX } from '@app/observability';
import { type Counter, type Registry } from 'prom-client';

/** The plan label of a caller without a key. */
export const ANONYMOUS_PLAN = 'anonymous';

/**
 * The edge's metrics. Labels stay bounded: route templates, statuses, plan names (a handful chosen by
 * the operator), never a key or an id ("no per-key labels").
 */
export class EdgeMetrics {
  /** API requests by route, status and plan; `tonapi_http_requests_total` keeps the plan-less view. */
  readonly requests: Counter<'route' | 'status' | 'plan'>;
  readonly rateLimited: Counter<'plan'>;
  readonly authFailures: Counter<'reason'>;
  /** Requests decided without the shared store (Redis down or slow), by the configured outcome. */
  readonly storeFailures: Counter<'outcome'>;
  /** Key lookups that read the key store (cache misses): what a flood of random keys costs. */
  readonly keyLookups: Counter;
  /** Requests refused for a path not in its canonical form (edge/paths/canonical-path.ts). */
  readonly malformedPaths: Counter;

  constructor(registry: Registry) {
    this.requests = counter(registry, {
      name: `${METRIC_PREFIX}api_requests_total`,
      help: 'API requests (/api/v2, /api/v3) by route template, status and plan.',
      labelNames: ['route', 'status', 'plan'],
    });
    this.rateLimited = counter(registry, {
      name: `${METRIC_PREFIX}rate_limit_rejections_total`,
      help: 'Requests refused with 429 by plan (anonymous: per-IP limit).',
      labelNames: ['plan'],
    });
    this.authFailures = counter(registry, {
      name: `${METRIC_PREFIX}auth_failures_total`,
      help: 'Requests refused for their API key: unknown_key (401), network_not_allowed (403).',
      labelNames: ['reason'],
    });
    this.storeFailures = counter(registry, {
      name: `${METRIC_PREFIX}rate_limit_store_failures_total`,
      help: 'Requests the rate-limit store could not decide: allowed (fail open) or refused (fail closed).',
      labelNames: ['outcome'],
    });
    this.keyLookups = counter(registry, {
      name: `${METRIC_PREFIX}edge_key_store_reads_total`,
      help: 'API key lookups answered by the key store (PostgreSQL), i.e. not by the cache.',
    });
    this.malformedPaths = counter(registry, {
      name: `${METRIC_PREFIX}malformed_paths_total`,
      help: 'Requests refused with 400 for a path not in its canonical form (escapes, //, dot segments).',
    });
  }
}
