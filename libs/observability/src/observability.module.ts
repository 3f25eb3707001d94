import { type DynamicModule, Global, Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { type Logger } from 'pino';
import { Registry } from 'prom-client';

import { TonHealthIndicators } from './health/ton-health.indicators';
import { createLogger, type LogLevel } from './logging/logger';
import { PinoNestLogger } from './logging/pino-nest-logger';
import { HttpMetrics } from './metrics/http.metrics';
import { LiteserverMetrics } from './metrics/liteserver.metrics';
import { NatsMetrics } from './metrics/nats.metrics';
import { createMetricsRegistry } from './metrics/registry';

/** Injection token of the app's pino logger (`@Inject(PINO_LOGGER) logger: Logger`). */
export const PINO_LOGGER = Symbol('PINO_LOGGER');

export interface ObservabilityModuleOptions {
  /** App name on every log line (in single-process mode: 'standalone'). */
  app: string;
  logLevel?: LogLevel;
  /** Use an existing logger (e.g. the one given to NestFactory.create) instead of a new one. */
  logger?: Logger;
  /** Use an existing registry instead of a new one with default process metrics. */
  registry?: Registry;
}

/**
 * Global providers: prom-client `Registry`, `HttpMetrics`, `NatsMetrics`, `LiteserverMetrics`,
 * the pino logger (`PINO_LOGGER`), `PinoNestLogger` and `TonHealthIndicators`. Import it once, in
 * the app's root module (or the standalone launcher's).
 */
@Global()
@Module({})
export class ObservabilityModule {
  static forRoot(options: ObservabilityModuleOptions): DynamicModule {
    const registry = options.registry ?? createMetricsRegistry();
    const logger =
      options.logger ?? createLogger({ app: options.app, level: options.logLevel ?? 'info' });
    return {
      module: ObservabilityModule,
      imports: [TerminusModule],
      providers: [
        { provide: Registry, useValue: registry },
        { provide: PINO_LOGGER, useValue: logger },
        { provide: PinoNestLogger, useValue: new PinoNestLogger(logger) },
        { provide: HttpMetrics, useFactory: () => new HttpMetrics(registry) },
        { provide: NatsMetrics, useFactory: () => new NatsMetrics(registry) },
        { provide: LiteserverMetrics, useFactory: () => new LiteserverMetrics(registry) },
        TonHealthIndicators,
      ],
      exports: [
        Registry,
        PINO_LOGGER,
        PinoNestLogger,
        HttpMetrics,
        NatsMetrics,
        LiteserverMetrics,
        TonHealthIndicators,
        TerminusModule,
      ],
    };
  }
}
