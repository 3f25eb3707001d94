import { createLogger } from '@app/observability';
import { createStandaloneApp } from '@app/standalone';
import { foundationSuite } from './support/v2-foundation.suite';
import { SHARED_LOOP_PROTECTION } from './support/standalone-options';

// Single-process mode: every app's module in this process, requests over the in-process transport.
foundationSuite('single process, in-process transport', async (localnet) => {
  const app = await createStandaloneApp({
    natsRequestTimeoutMs: 5000,
    endpoints: localnet.liteservers.map((ls) => ls.endpoint),
    liteserverTimeoutMs: 500,
    protection: SHARED_LOOP_PROTECTION,
    logger: createLogger({ app: 'test', level: 'silent' }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { baseUrl: await app.getUrl(), close: () => app.close() };
});
