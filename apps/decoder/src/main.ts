import 'reflect-metadata';
import { databaseEnv, loadConfig, loggingEnv, metricsEnv, natsEnv } from '@app/config';
import { DataSource, DatabaseModule, pingDatabase } from '@app/database';
import { createServiceMicroservice } from '@app/nats';
import { ObservabilityModule, createLogger, runMain, startOpsServer } from '@app/observability';
import { Module } from '@nestjs/common';
import { Registry } from 'prom-client';
import { z } from 'zod';
import { DecoderModule } from './decoder.module';

const DEFAULT_OPS_PORT = 9464;

/** Mesh mode: the decoder service alone, on NATS and PostgreSQL. */
async function bootstrap(): Promise<void> {
  const config = loadConfig(z.object({ ...natsEnv, ...databaseEnv, ...loggingEnv, ...metricsEnv }));
  if (config.NATS_URL === undefined || config.DATABASE_URL === undefined) {
    throw new Error(
      'NATS_URL and DATABASE_URL are required when the decoder runs alone (mesh mode)',
    );
  }
  const logger = createLogger({ app: 'decoder', level: config.LOG_LEVEL });

  @Module({
    imports: [
      ObservabilityModule.forRoot({ app: 'decoder', logger }),
      DatabaseModule.forRoot({ url: config.DATABASE_URL }),
      DecoderModule,
    ],
  })
  class DecoderAppModule {}

  const app = await createServiceMicroservice('decoder', DecoderAppModule, {
    natsUrl: config.NATS_URL,
    logger,
  });
  await app.listen();
  const dataSource = app.get(DataSource);
  const ops = await startOpsServer({
    port: config.METRICS_PORT ?? DEFAULT_OPS_PORT,
    registry: app.get(Registry),
    checks: [
      {
        name: 'postgres',
        check: async () => {
          await pingDatabase(dataSource);
        },
      },
    ],
  });
  logger.info({ opsPort: ops.port }, 'decoder service ready');
}

runMain('decoder', bootstrap);
