import 'reflect-metadata';
import { appEnv, loadConfig } from '@app/config';
import { createLogger, runMain, startOpsServer } from '@app/observability';
import { Registry } from 'prom-client';
import { installFastBitOps, installNativeSha256 } from '@app/ton';
import { z } from 'zod';
import { createLiteserverApp } from './liteserver-app';

import { firstHead, LiteserverPoolService, resolveLiteservers } from '@app/liteclient';

const DEFAULT_OPS_PORT = 9464;

/** Mesh mode: the liteserver service alone, answering `ton.ls.v1.*` in its NATS queue group. */
async function bootstrap(): Promise<void> {
  installNativeSha256();
  installFastBitOps();
  const config = loadConfig(z.object(appEnv.liteserver));
  if (config.NATS_URL === undefined) {
    throw new Error('NATS_URL is required when the liteserver runs alone (mesh mode)');
  }
  const logger = createLogger({ app: 'liteserver', level: config.LOG_LEVEL });
  const { endpoints, trust } = await resolveLiteservers(config, (fields, message) => {
    logger.info(fields, message);
  });
  const app = await createLiteserverApp({
    natsUrl: config.NATS_URL,
    endpoints,
    trust,
    timeoutMs: config.LITESERVER_TIMEOUT_MS,
    logger,
  });
  await app.listen();

  const pool = app.get(LiteserverPoolService);
  const ops = await startOpsServer({
    port: config.METRICS_PORT ?? DEFAULT_OPS_PORT,
    registry: app.get(Registry),
    checks: [
      {
        name: 'liteservers',
        check: () =>
          pool.isServing() ? Promise.resolve() : Promise.reject(new Error('no live liteserver')),
      },
    ],
  });
  const head = await firstHead(pool, (reason) => {
    logger.info(
      { reason: String(reason) },
      'waiting for the first head the liteservers can answer',
    );
  });
  logger.info(
    { liteservers: endpoints.length, opsPort: ops.port, head: head.value.last.seqno },
    'liteserver service ready',
  );
}

runMain('liteserver', bootstrap);
