import { randomUUID } from 'node:crypto';
import { natsUrl } from '@app/testing';
import { createLogger } from '@app/observability';
import { createMeshGateway } from '@app/gateway';
import { createLiteserverApp } from '@app/liteserver';
import { SHARED_LOOP_PROTECTION } from './support/standalone-options';
import { foundationSuite } from './support/v2-foundation.suite';

// Mesh mode: the gateway and the liteserver service as separate Nest apps talking over the real NATS
// server, on subjects prefixed for this run so parallel suites never answer each other.
foundationSuite('mesh, real NATS', async (localnet) => {
  const logger = createLogger({ app: 'test', level: 'silent' });
  const subjectPrefix = `test-${randomUUID()}`;
  const liteserver = await createLiteserverApp({
    natsUrl: natsUrl(),
    subjectPrefix,
    endpoints: localnet.liteservers.map((ls) => ls.endpoint),
    timeoutMs: 500,
    logger,
  });
  await liteserver.listen();
  const gateway = await createMeshGateway({
    natsUrl: natsUrl(),
    subjectPrefix,
    requestTimeoutMs: 5000,
    protection: SHARED_LOOP_PROTECTION,
    logger,
  });
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  return {
    baseUrl: await gateway.getUrl(),
    close: async () => {
      await gateway.close();
      await liteserver.close();
    },
  };
});
