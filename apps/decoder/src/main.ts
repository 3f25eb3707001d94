import 'reflect-metadata';
import { appEnv, loadConfig } from '@app/config';
import { DataSource, DatabaseModule, postgresReadiness } from '@app/database';
import { resolveLiteservers } from '@app/liteclient';
import { z } from 'zod';
import { runMeshService } from '@app/nats';
import { DecoderModule } from './decoder.module';
import { DecoderService } from './decoder.service';
import { metadataFetchFromEnv } from './metadata/metadata-fetch.options';

/**
 * Mesh mode: the decoder alone, woken by block.indexed events, reading and writing PostgreSQL.
 * runMeshService installs @ton/core's speed-ups (native SHA-256, byte-wise bit reads) first.
 */
runMeshService({
  service: 'decoder',
  requireDatabase: true,
  imports: async ({ databaseUrl }) => {
    const config = loadConfig(z.object(appEnv.decoder));
    return [
      DatabaseModule.forRoot({ url: databaseUrl ?? '', applicationName: 'decoder' }),
      DecoderModule.forRoot({
        readyBacklog: 30,
        ...(await resolveLiteservers(config)),
        liteserverTimeoutMs: config.LITESERVER_TIMEOUT_MS,
        network: config.TON_NETWORK,
        metadata: metadataFetchFromEnv(config),
      }),
    ];
  },
  checks: (app) => [
    postgresReadiness(app.get(DataSource)),
    { name: 'decoder-backlog', check: () => app.get(DecoderService).readiness() },
  ],
});
