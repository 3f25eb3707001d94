import 'reflect-metadata';
import { loadConfig, loggingEnv, metricsEnv, natsEnv } from '@app/config';
import { createServiceMicroservice } from '@app/nats';
import { ObservabilityModule, createLogger, runMain, startOpsServer } from '@app/observability';
import { Module } from '@nestjs/common';
import { Registry } from 'prom-client';
import { z } from 'zod';
import { SenderModule } from './sender.module';

const DEFAULT_OPS_PORT = 9464;

/** Mesh mode: the sender service alone, on NATS. */
async function bootstrap(): Promise<void> {
  const config = loadConfig(z.object({ ...natsEnv, ...loggingEnv, ...metricsEnv }));
  if (config.NATS_URL === undefined) {
    throw new Error('NATS_URL is required when the sender runs alone (mesh mode)');
  }
  const logger = createLogger({ app: 'sender', level: config.LOG_LEVEL });

  @Module({ imports: [ObservabilityModule.forRoot({ app: 'sender', logger }), SenderModule] })
  class SenderAppModule {}

  const app = await createServiceMicroservice('sender', SenderAppModule, {
    natsUrl: config.NATS_URL,
    logger,
  });
  await app.listen();
  const ops = await startOpsServer({
    port: config.METRICS_PORT ?? DEFAULT_OPS_PORT,
    registry: app.get(Registry),
    checks: [],
  });
  logger.info({ opsPort: ops.port }, 'sender service ready');
}

runMain('sender', bootstrap);
