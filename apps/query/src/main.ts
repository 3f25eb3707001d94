import 'reflect-metadata';
import {
  DataSource,
  DatabaseModule,
  databaseUnavailableError,
  postgresReadiness,
} from '@app/database';
import { appEnv, loadConfig } from '@app/config';
import { runMeshService, StreamLogModule } from '@app/nats';
import { z } from 'zod';
import { QueryModule } from './query.module';

/** Mesh mode: the query service alone, on NATS and PostgreSQL. */
runMeshService({
  service: 'query',
  requireDatabase: true,
  // PostgreSQL down: 503 for v3 callers, not an internal error.
  errorTranslators: [databaseUnavailableError],
  imports: ({ databaseUrl }) => {
    const config = loadConfig(z.object(appEnv.query));
    return [
      // v3 reads on the read replicas when there are any; the stream publisher's on the primary.
      DatabaseModule.forRoot({
        url: databaseUrl ?? '',
        applicationName: 'query',
        read: {
          urls: config.DATABASE_READ_URLS,
          maxLagBytes: config.DATABASE_READ_MAX_LAG_BYTES,
        },
      }),
      // The query app renders indexed blocks for the Streaming API (apps/query/src/streaming).
      StreamLogModule.forRoot({
        retentionMs: config.STREAM_RETENTION_SECONDS * 1000,
        maxBytes: config.STREAM_MAX_BYTES,
      }),
      // txs.decoded, on the service's NATS connection, wakes the stream publisher at once (its poll
      // is the safety net).
      QueryModule.forRoot({
        renderCacheBytes: config.QUERY_RENDER_CACHE_MB * 1024 * 1024,
      }),
    ];
  },
  checks: (app) => [postgresReadiness(app.get(DataSource))],
});
