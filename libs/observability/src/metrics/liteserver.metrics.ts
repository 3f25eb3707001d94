import { type Counter, type Gauge, type Histogram, type Registry } from 'prom-client';

import { LATENCY_BUCKETS_SECONDS } from './buckets';
import { counter, gauge, histogram } from './metric-factories';
import { METRIC_PREFIX } from './registry';

/**
 * Liteserver pool metrics. Servers are labelled by their INDEX in the global config, never by IP
 * or key: internal addresses must not leak (opentonapi censor) and indexes keep cardinality fixed.
 */
export class LiteserverMetrics {
  readonly duration: Histogram<'server' | 'method'>;
  readonly errors: Counter<'server' | 'method' | 'kind'>;
  readonly up: Gauge<'server'>;
  readonly masterchainSeqno: Gauge<'server'>;

  constructor(registry: Registry) {
    this.duration = histogram(registry, {
      name: `${METRIC_PREFIX}liteserver_query_duration_seconds`,
      help: 'lite_api query duration by liteserver index and method (successful and failed).',
      labelNames: ['server', 'method'],
      buckets: [...LATENCY_BUCKETS_SECONDS],
    });
    this.errors = counter(registry, {
      name: `${METRIC_PREFIX}liteserver_errors_total`,
      help: 'Failed lite_api queries by liteserver index, method and kind (timeout, error, ...).',
      labelNames: ['server', 'method', 'kind'],
    });
    this.up = gauge(registry, {
      name: `${METRIC_PREFIX}liteserver_up`,
      help: 'Whether the liteserver at this index is considered healthy (1) or not (0).',
      labelNames: ['server'],
    });
    this.masterchainSeqno = gauge(registry, {
      name: `${METRIC_PREFIX}liteserver_masterchain_seqno`,
      help: 'Last masterchain seqno reported by the liteserver at this index.',
      labelNames: ['server'],
    });
  }

  observeQuery(server: number, method: string, durationSeconds: number): void {
    this.duration.observe({ server: String(server), method }, durationSeconds);
  }

  countError(server: number, method: string, kind: string): void {
    this.errors.inc({ server: String(server), method, kind });
  }

  setHealth(server: number, healthy: boolean, masterchainSeqno?: number): void {
    this.up.set({ server: String(server) }, healthy ? 1 : 0);
    if (masterchainSeqno !== undefined) {
      this.masterchainSeqno.set({ server: String(server) }, masterchainSeqno);
    }
  }
}
