import { METRIC_PREFIX, counter, gauge } from '@app/observability';
import { type Counter, type Gauge, type Registry } from 'prom-client';

/**
 * Pool metrics beyond libs/observability's LiteserverMetrics (latency, errors by kind, up, head seqno):
 * the lag behind the consensus, the archival flag, the consensus itself, retries and cache use.
 * Servers are labelled by their index in the global config, never by address.
 */
export class LiteserverPoolMetrics {
  readonly lag: Gauge<'server'>;
  readonly archival: Gauge<'server'>;
  readonly consensus: Gauge;
  readonly retries: Counter<'method' | 'kind'>;
  readonly cache: Counter<'method' | 'result'>;
  readonly unverified: Counter<'reason'>;
  readonly wrongNetwork: Counter<'server' | 'mismatch'>;

  constructor(registry: Registry) {
    this.lag = gauge(registry, {
      name: `${METRIC_PREFIX}liteserver_lag_blocks`,
      help: 'Masterchain blocks the liteserver at this index is behind the pool consensus.',
      labelNames: ['server'],
    });
    this.archival = gauge(registry, {
      name: `${METRIC_PREFIX}liteserver_archival`,
      help: 'Whether the liteserver at this index had the archival probe block (1) or not (0).',
      labelNames: ['server'],
    });
    this.consensus = gauge(registry, {
      name: `${METRIC_PREFIX}liteserver_consensus_seqno`,
      help: 'Best masterchain seqno reached by the responsive liteservers.',
    });
    this.retries = counter(registry, {
      name: `${METRIC_PREFIX}liteserver_retries_total`,
      help: 'Requests moved to another liteserver, by method and the failure kind that caused it.',
      labelNames: ['method', 'kind'],
    });
    this.cache = counter(registry, {
      name: `${METRIC_PREFIX}liteserver_cache_lookups_total`,
      help: 'Cached liteserver reads by method and result (hit: no liteserver asked).',
      labelNames: ['method', 'result'],
    });
    this.unverified = counter(registry, {
      name: `${METRIC_PREFIX}liteserver_unverified_total`,
      help: 'Liteserver answers refused because their proof failed, by the check that failed.',
      labelNames: ['reason'],
    });
    this.wrongNetwork = counter(registry, {
      name: `${METRIC_PREFIX}liteserver_wrong_network_total`,
      help: 'Connections to the liteserver at this index found serving another network (zero_state or global_id differs from the global config); it gets no reads.',
      labelNames: ['server', 'mismatch'],
    });
  }

  setServer(server: number, lag: number, archival: boolean): void {
    this.lag.set({ server: String(server) }, lag);
    this.archival.set({ server: String(server) }, archival ? 1 : 0);
  }

  setConsensus(seqno: number | undefined): void {
    if (seqno !== undefined) {
      this.consensus.set(seqno);
    }
  }

  countRetry(method: string, kind: string): void {
    this.retries.inc({ method, kind });
  }

  countUnverified(reason: string): void {
    this.unverified.inc({ reason });
  }

  countWrongNetwork(server: number, mismatch: string): void {
    this.wrongNetwork.inc({ server: String(server), mismatch });
  }

  countCache(method: string, hit: boolean): void {
    this.cache.inc({ method, result: hit ? 'hit' : 'miss' });
  }
}
