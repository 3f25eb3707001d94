import 'reflect-metadata';
import { appEnv, loadConfig } from '@app/config';
import { DataSource, DatabaseModule, postgresReadiness } from '@app/database';
import { resolveLiteservers } from '@app/liteclient';
import { runMeshService } from '@app/nats';
import { z } from 'zod';
import { IngestorModule } from './ingestor.module';
import { IngestorService } from './ingestor.service';

/** Mesh mode: the ingestor alone, on NATS (events) and PostgreSQL, with its own liteserver pool. */
runMeshService({
  service: 'ingestor',
  requireDatabase: true,
  imports: async ({ databaseUrl }) => {
    const config = loadConfig(z.object(appEnv.ingestor));
    return [
      DatabaseModule.forRoot({ url: databaseUrl ?? '', applicationName: 'ingestor' }),
      IngestorModule.forRoot({
        ...(await resolveLiteservers(config)),
        liteserverTimeoutMs: config.LITESERVER_TIMEOUT_MS,
        follow: config.INGEST_FOLLOW === 'on',
        startSeqno: config.INGEST_START_SEQNO,
        window: config.INGEST_WINDOW,
        parseThreads: config.INGEST_PARSE_THREADS,
        readyLag: config.INGEST_READY_LAG,
      }),
    ];
  },
  checks: (app) => [
    postgresReadiness(app.get(DataSource)),
    { name: 'ingest-lag', check: () => app.get(IngestorService).readiness() },
  ],
});
