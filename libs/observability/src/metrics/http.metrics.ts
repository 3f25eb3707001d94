import { type Counter, type Histogram, type Registry } from 'prom-client';

import { LATENCY_BUCKETS_SECONDS } from './buckets';
import { counter, histogram } from './metric-factories';
import { METRIC_PREFIX } from './registry';

export interface HttpObservation {
  /** HTTP method, upper case. */
  method: string;
  /**
   * The route TEMPLATE (`/api/v2/getAddressInformation`, `/api/v3/transactions/:hash`), never the
   * raw URL: query strings and path parameters would explode the label cardinality.
   * Requests that match no route use `UNMATCHED_ROUTE`.
   */
  route: string;
  status: number;
  durationSeconds: number;
}

export const UNMATCHED_ROUTE = 'unmatched';

type HttpLabel = 'method' | 'route' | 'status';

/** HTTP request duration and count by method, route template and status (gateway only). */
export class HttpMetrics {
  readonly duration: Histogram<HttpLabel>;
  readonly requests: Counter<HttpLabel>;

  constructor(registry: Registry) {
    this.duration = histogram(registry, {
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: 'HTTP request duration by method, route template and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [...LATENCY_BUCKETS_SECONDS],
    });
    this.requests = counter(registry, {
      name: `${METRIC_PREFIX}http_requests_total`,
      help: 'HTTP requests by method, route template and status.',
      labelNames: ['method', 'route', 'status'],
    });
  }

  observe(o: HttpObservation): void {
    const labels = { method: o.method.toUpperCase(), route: o.route, status: String(o.status) };
    this.duration.observe(labels, o.durationSeconds);
    this.requests.inc(labels);
  }
}
