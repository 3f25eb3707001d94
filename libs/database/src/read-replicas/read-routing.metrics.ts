import { counter, gauge, METRIC_PREFIX } from '@app/observability';
import { type Counter, type Gauge, type Registry } from 'prom-client';

/**
 * Metrics of the read router (prefix `tonapi_db_`): per read replica whether it serves, how far
 * behind the primary it is and its errors; reads by the server that answered them (the share of each
 * is its rate over the sum).
 */
export class ReadRoutingMetrics {
  readonly reads: Counter<'server'>;
  readonly errors: Counter<'replica' | 'stage'>;
  readonly up: Gauge<'replica'>;
  readonly lagBytes: Gauge<'replica'>;
  readonly lagSeconds: Gauge<'replica'>;

  constructor(registry: Registry) {
    this.reads = counter(registry, {
      name: `${METRIC_PREFIX}db_reads_total`,
      help: 'v3 reads (one per request, its page and address book together) by the server that answered them: `primary` or a read replica.',
      labelNames: ['server'],
    });
    this.errors = counter(registry, {
      name: `${METRIC_PREFIX}db_read_replica_errors_total`,
      help: 'Read replica failures by stage: `probe` (its health and lag check failed or timed out) or `read` (a request on it found it unavailable and was answered by the primary).',
      labelNames: ['replica', 'stage'],
    });
    this.up = gauge(registry, {
      name: `${METRIC_PREFIX}db_read_replica_up`,
      help: '1 while the read replica answers its probe as a standby within the lag bound and takes reads, else 0.',
      labelNames: ['replica'],
    });
    this.lagBytes = gauge(registry, {
      name: `${METRIC_PREFIX}db_read_replica_lag_bytes`,
      help: "WAL bytes the read replica has yet to replay to reach the primary's current position (pg_current_wal_lsn - pg_last_wal_replay_lsn).",
      labelNames: ['replica'],
    });
    this.lagSeconds = gauge(registry, {
      name: `${METRIC_PREFIX}db_read_replica_lag_seconds`,
      help: 'Age of the last transaction the read replica replayed while it still has WAL to replay (0 when level with the primary).',
      labelNames: ['replica'],
    });
  }
}
