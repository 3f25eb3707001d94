import 'reflect-metadata';
import { DataSource, DatabaseModule, postgresReadiness } from '@app/database';
import { runMeshService } from '@app/nats';
import { DecoderModule } from './decoder.module';

/** Mesh mode: the decoder service alone, on NATS and PostgreSQL. */
runMeshService({
  service: 'decoder',
  requireDatabase: true,
  imports: ({ databaseUrl }) => [
    DatabaseModule.forRoot({ url: databaseUrl ?? '', applicationName: 'decoder' }),
    DecoderModule,
  ],
  checks: (app) => [postgresReadiness(app.get(DataSource))],
});
