import 'reflect-metadata';
import { appEnv, loadConfig } from '@app/config';
import { createLogger, runMain } from '@app/observability';
import { installFastBitOps, installNativeSha256 } from '@app/ton';
import { z } from 'zod';
import { edgeAccessOptionsFromConfig } from './edge/auth/edge-access.options';
import { protectionFromEnv } from './edge/protection/protection.options';
import { createMeshGateway } from './gateway-app';
import { localOrigin, readyMessage, serviceUrls } from './http/service-index';
import { streamingFromEnv } from './streaming/streaming.options';

/** Mesh mode: the HTTP gateway alone, reaching the services over NATS. */
async function bootstrap(): Promise<void> {
  installNativeSha256();
  installFastBitOps();
  const config = loadConfig(z.object(appEnv.gateway));
  if (config.NATS_URL === undefined) {
    throw new Error('NATS_URL is required when the gateway runs alone (mesh mode)');
  }
  const logger = createLogger({ app: 'gateway', level: config.LOG_LEVEL });
  const app = await createMeshGateway({
    natsUrl: config.NATS_URL,
    requestTimeoutMs: config.NATS_REQUEST_TIMEOUT_MS,
    replyCheckCpuPercent: config.REPLY_CHECK_CPU_PERCENT,
    logger,
    edge: edgeAccessOptionsFromConfig(config),
    protection: protectionFromEnv(config),
    stream: {
      retentionMs: config.STREAM_RETENTION_SECONDS * 1000,
      maxBytes: config.STREAM_MAX_BYTES,
    },
    streaming: streamingFromEnv(config),
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  const origin = localOrigin(config.HOST, config.PORT);
  logger.info({ urls: serviceUrls(origin) }, `gateway ${readyMessage(origin)}`);
}

runMain('gateway', bootstrap);
