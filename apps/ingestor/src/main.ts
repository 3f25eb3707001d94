import 'reflect-metadata';
import { DataSource, DatabaseModule, postgresReadiness } from '@app/database';
import { runMeshService } from '@app/nats';
import { IngestorModule } from './ingestor.module';

/** Mesh mode: the ingestor service alone, on NATS and PostgreSQL. */
runMeshService({
  service: 'ingestor',
  requireDatabase: true,
  imports: ({ databaseUrl }) => [
    DatabaseModule.forRoot({ url: databaseUrl ?? '', applicationName: 'ingestor' }),
    IngestorModule,
  ],
  checks: (app) => [postgresReadiness(app.get(DataSource))],
});
