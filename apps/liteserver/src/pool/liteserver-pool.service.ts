import { type LiteserverEndpoint } from '@app/ton';
import { LiteserverMetrics } from '@app/observability';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { LiteserverPool, type LiteserverPoolOptions } from './liteserver-pool';

export const LITESERVER_ENDPOINTS = Symbol('LITESERVER_ENDPOINTS');
export const LITESERVER_POOL_OPTIONS = Symbol('LITESERVER_POOL_OPTIONS');

/** The pool as a Nest provider: connected at module init, closed at shutdown, metrics wired in. */
@Injectable()
export class LiteserverPoolService extends LiteserverPool implements OnModuleInit, OnModuleDestroy {
  constructor(
    @Inject(LITESERVER_ENDPOINTS) endpoints: LiteserverEndpoint[],
    @Inject(LITESERVER_POOL_OPTIONS) options: LiteserverPoolOptions,
    metrics: LiteserverMetrics,
  ) {
    super(endpoints, options, {
      queryFinished: (server, method, seconds, outcome) => {
        metrics.observeQuery(server, method, seconds);
        if (outcome !== 'ok') {
          metrics.countError(server, method, outcome);
        }
      },
      healthChanged: (server, alive, lastSeqno) => {
        metrics.setHealth(server, alive, lastSeqno);
      },
    });
  }

  async onModuleInit(): Promise<void> {
    await this.start();
  }

  onModuleDestroy(): void {
    this.close();
  }
}
