import { type LiteserverEndpoint } from '@app/ton';
import { LiteserverMetrics } from '@app/observability';
import {
  Inject,
  Injectable,
  Logger,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { Registry } from 'prom-client';
import { LiteserverPoolMetrics } from './liteserver-metrics';
import {
  LiteserverPool,
  type LiteserverPoolObserver,
  type LiteserverPoolOptions,
} from './liteserver-pool';

export const LITESERVER_ENDPOINTS = Symbol('LITESERVER_ENDPOINTS');
export const LITESERVER_POOL_OPTIONS = Symbol('LITESERVER_POOL_OPTIONS');

/** The pool as a Nest provider: connected at module init, closed at shutdown, metrics wired in. */
@Injectable()
export class LiteserverPoolService extends LiteserverPool implements OnModuleInit, OnModuleDestroy {
  constructor(
    @Inject(LITESERVER_ENDPOINTS) endpoints: LiteserverEndpoint[],
    @Inject(LITESERVER_POOL_OPTIONS) options: LiteserverPoolOptions,
    metrics: LiteserverMetrics,
    registry: Registry,
  ) {
    super(endpoints, options, poolMetricsObserver(metrics, new LiteserverPoolMetrics(registry)));
  }

  async onModuleInit(): Promise<void> {
    await this.start();
  }

  onModuleDestroy(): void {
    this.close();
  }
}

/**
 * Feeds the pool's events into prom-client: latency of every query, errors by kind (timeout,
 * transport, notready, answer), and per server up / head seqno / lag / archival.
 */
export function poolMetricsObserver(
  metrics: LiteserverMetrics,
  poolMetrics: LiteserverPoolMetrics,
): LiteserverPoolObserver {
  return {
    ...trustMetricsObserver(poolMetrics),
    queryFinished: (server, method, seconds, outcome) => {
      metrics.observeQuery(server, method, seconds);
      if (outcome !== 'ok') {
        metrics.countError(server, method, outcome);
      }
    },
    healthChanged: (health, consensus) => {
      metrics.setHealth(health.index, health.alive, health.lastSeqno);
      poolMetrics.setServer(health.index, health.lag, health.archival);
      poolMetrics.setConsensus(consensus);
    },
    retried: (method, kind) => {
      poolMetrics.countRetry(method, kind);
    },
    cacheLookup: (method, hit) => {
      poolMetrics.countCache(method, hit);
    },
  };
}

/** Where a pool's trust events are written: Nest's logger in the services, a CLI's own logger in a CLI. */
export interface TrustEventLog {
  warn(message: string): void;
  error(message: string): void;
}

const NEST_TRUST_LOG: TrustEventLog = {
  warn: (message) => {
    Logger.warn(message, 'LiteserverPool');
  },
  error: (message) => {
    Logger.error(message, 'LiteserverPool');
  },
};

/**
 * Only the trust events of a pool: answers refused as unproven and liteservers of another network,
 * counted and logged. For the pools of the ingestor and the decoder, whose query and health series
 * would mix with the API pool's in one process, and of the backfill CLI.
 */
export function trustMetricsObserver(
  poolMetrics: LiteserverPoolMetrics,
  log: TrustEventLog = NEST_TRUST_LOG,
): LiteserverPoolObserver {
  return {
    queryFinished: () => undefined,
    healthChanged: () => undefined,
    unverified: (server, reason, message) => {
      poolMetrics.countUnverified(reason);
      // An operator must see which liteserver lies or lags behind its proofs, and why.
      log.warn(`liteserver ${server}: unproven answer refused (${reason}): ${message}`);
    },
    wrongNetwork: (server, mismatch, message) => {
      poolMetrics.countWrongNetwork(server, mismatch);
      log.error(
        `liteserver ${server} serves another network (${mismatch}): ${message}; it gets no reads`,
      );
    },
  };
}
