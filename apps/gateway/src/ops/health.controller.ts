import { Subjects } from '@app/contracts';
import { RpcClient, RpcTransportHealth } from '@app/nats';
import { TonHealthIndicators } from '@app/observability';
import { Controller, Get, Inject, Optional } from '@nestjs/common';
import { HealthCheck, HealthCheckService, type HealthIndicatorFunction } from '@nestjs/terminus';
import { SheddingState } from '../edge/protection/shedding-state';

/** Extra readiness checks of the process (single-process mode adds PostgreSQL). */
export const EXTRA_READINESS_CHECKS = Symbol('EXTRA_READINESS_CHECKS');

/**
 * `/healthz`: the process answers (liveness). `/readyz`: NATS (a real round trip) and the liteserver
 * pool (asked through NATS, so the whole request path is exercised) can serve traffic, and the
 * event loop is calm enough that requests are not shed.
 */
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: TonHealthIndicators,
    private readonly transport: RpcTransportHealth,
    private readonly rpc: RpcClient,
    private readonly shedding: SheddingState,
    @Optional()
    @Inject(EXTRA_READINESS_CHECKS)
    private readonly extra: HealthIndicatorFunction[] = [],
  ) {}

  @Get('healthz')
  liveness(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  @HealthCheck()
  readiness(): ReturnType<HealthCheckService['check']> {
    return this.health.check([
      () => this.indicators.nats('nats', () => this.transport.roundTripMs()),
      () =>
        this.indicators.liteservers('liteservers', () =>
          this.rpc.request(Subjects.ls.poolStatus, {}, { timeoutMs: 2000 }),
        ),
      () => this.indicators.eventLoop('eventLoop', () => this.shedding.read()),
      ...this.extra,
    ]);
  }
}
