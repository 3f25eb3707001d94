import 'reflect-metadata';
import { httpEnv, loadConfig, loggingEnv, natsEnv } from '@app/config';
import { createLogger, runMain } from '@app/observability';
import { installNativeSha256 } from '@app/ton';
import { z } from 'zod';
import { createMeshGateway } from './gateway-app';

/** Mesh mode: the HTTP gateway alone, reaching the services over NATS. */
async function bootstrap(): Promise<void> {
  installNativeSha256();
  const config = loadConfig(z.object({ ...httpEnv, ...natsEnv, ...loggingEnv }));
  if (config.NATS_URL === undefined) {
    throw new Error('NATS_URL is required when the gateway runs alone (mesh mode)');
  }
  const logger = createLogger({ app: 'gateway', level: config.LOG_LEVEL });
  const app = await createMeshGateway({
    natsUrl: config.NATS_URL,
    requestTimeoutMs: config.NATS_REQUEST_TIMEOUT_MS,
    logger,
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  logger.info({ url: `http://${config.HOST}:${config.PORT}` }, 'gateway ready');
}

runMain('gateway', bootstrap);
