import 'reflect-metadata';
import { DataSource, DatabaseModule, postgresReadiness } from '@app/database';
import { runMeshService } from '@app/nats';
import { DecoderModule } from './decoder.module';
import { DecoderService } from './decoder.service';

/** Mesh mode: the decoder alone, woken by block.indexed events, reading and writing PostgreSQL. */
runMeshService({
  service: 'decoder',
  requireDatabase: true,
  imports: ({ databaseUrl, natsUrl }) => [
    DatabaseModule.forRoot({ url: databaseUrl ?? '', applicationName: 'decoder' }),
    DecoderModule.forRoot({ natsUrl, readyBacklog: 30 }),
  ],
  checks: (app) => [
    postgresReadiness(app.get(DataSource)),
    { name: 'decoder-backlog', check: () => app.get(DecoderService).readiness() },
  ],
});
