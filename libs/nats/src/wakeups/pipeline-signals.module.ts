import { PINO_LOGGER } from '@app/observability';
import { type DynamicModule, Global, Module } from '@nestjs/common';
import { type Logger } from 'pino';
import { PIPELINE_SIGNALS, PipelineSignals } from './pipeline-signals';

/**
 * Provides one PipelineSignals to every module of a process that runs several pipeline stages (the
 * single process): the ingestor, decoder and stream publisher inject it optionally and wake each
 * other through it. The mesh apps do not import it; there the JetStream events carry the wake-ups.
 * Needs the process's logger (ObservabilityModule).
 */
@Global()
@Module({})
export class PipelineSignalsModule {
  static forRoot(): DynamicModule {
    return {
      module: PipelineSignalsModule,
      providers: [
        {
          provide: PIPELINE_SIGNALS,
          inject: [PINO_LOGGER],
          useFactory: (logger: Logger) =>
            new PipelineSignals((error) => {
              logger.warn({ err: String(error) }, 'pipeline wake-up listener failed');
            }),
        },
      ],
      exports: [PIPELINE_SIGNALS],
    };
  }
}
