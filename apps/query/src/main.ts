import 'reflect-metadata';
import { DataSource, DatabaseModule, postgresReadiness } from '@app/database';
import { runMeshService } from '@app/nats';
import { QueryModule } from './query.module';

/** Mesh mode: the query service alone, on NATS and PostgreSQL. */
runMeshService({
  service: 'query',
  requireDatabase: true,
  imports: ({ databaseUrl }) => [
    DatabaseModule.forRoot({ url: databaseUrl ?? '', applicationName: 'query' }),
    QueryModule.forRoot(),
  ],
  checks: (app) => [postgresReadiness(app.get(DataSource))],
});
