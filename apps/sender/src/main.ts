import 'reflect-metadata';
import { appEnv, loadConfig } from '@app/config';
import { DatabaseModule } from '@app/database';
import { resolveLiteservers } from '@app/liteclient';
import { NatsRpcModule, runMeshService, StreamLogModule } from '@app/nats';
import { z } from 'zod';
import { SenderModule } from './sender.module';
import { SenderPool } from './sender-pool';

/**
 * Mesh mode: the sender alone, on NATS (requests, sent-hash KV, events) with its own liteserver pool.
 * With DATABASE_URL it also follows sent messages until they are indexed (`message.landed`).
 */
runMeshService({
  service: 'sender',
  imports: async ({ databaseUrl }) => {
    const config = loadConfig(z.object(appEnv.sender));
    return [
      // Requests to the query service: the address book of pending stream updates.
      NatsRpcModule.forRoot(),
      // Pending (emulated) traces and their invalidation go to the Streaming API's log.
      StreamLogModule.forRoot({
        retentionMs: config.STREAM_RETENTION_SECONDS * 1000,
        maxBytes: config.STREAM_MAX_BYTES,
      }),
      ...(databaseUrl === undefined
        ? []
        : [DatabaseModule.forRoot({ url: databaseUrl, applicationName: 'sender' })]),
      SenderModule.forRoot({
        ...(await resolveLiteservers(config)),
        liteserverTimeoutMs: config.LITESERVER_TIMEOUT_MS,
        fanout: config.SEND_FANOUT,
        dedupeTtlMs: config.SEND_DEDUPE_TTL_SECONDS * 1000,
        landingTimeoutMs: config.SEND_LANDING_TIMEOUT_SECONDS * 1000,
        database: databaseUrl !== undefined,
      }),
    ];
  },
  checks: (app) => [
    {
      name: 'liteservers',
      check: () =>
        app.get(SenderPool).isServing()
          ? Promise.resolve()
          : Promise.reject(new Error('no live liteserver')),
    },
  ],
});
