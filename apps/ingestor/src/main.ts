import 'reflect-metadata';
import { databaseEnv, loadConfig, loggingEnv, metricsEnv, natsEnv } from '@app/config';
import { DataSource, DatabaseModule, pingDatabase } from '@app/database';
import { createServiceMicroservice } from '@app/nats';
import { ObservabilityModule, createLogger, runMain, startOpsServer } from '@app/observability';
import { Module } from '@nestjs/common';
import { Registry } from 'prom-client';
import { z } from 'zod';
import { IngestorModule } from './ingestor.module';

const DEFAULT_OPS_PORT = 9464;

/** Mesh mode: the ingestor service alone, on NATS and PostgreSQL. */
async function bootstrap(): Promise<void> {
  const config = loadConfig(z.object({ ...natsEnv, ...databaseEnv, ...loggingEnv, ...metricsEnv }));
  if (config.NATS_URL === undefined || config.DATABASE_URL === undefined) {
    throw new Error(
      'NATS_URL and DATABASE_URL are required when the ingestor runs alone (mesh mode)',
    );
  }
  const logger = createLogger({ app: 'ingestor', level: config.LOG_LEVEL });

  @Module({
    imports: [
      ObservabilityModule.forRoot({ app: 'ingestor', logger }),
      DatabaseModule.forRoot({ url: config.DATABASE_URL }),
      IngestorModule,
    ],
  })
  class IngestorAppModule {}

  const app = await createServiceMicroservice('ingestor', IngestorAppModule, {
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
  logger.info({ opsPort: ops.port }, 'ingestor service ready');
}

runMain('ingestor', bootstrap);
