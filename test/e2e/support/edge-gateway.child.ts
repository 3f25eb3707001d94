import 'reflect-metadata';
import { edgeProtectionEnv, loadConfig, natsEnv, stringVar } from '@app/config';
import { createLogger } from '@app/observability';
import { z } from 'zod';
import { createMeshGateway, protectionFromEnv } from '@app/gateway';

/**
 * A mesh gateway in its own process for the abuse tests (its memory and survival are what they
 * measure): NATS only, no service behind it, the edge limits from the environment as in production.
 * Prints `{"url": …}` on one line once it listens.
 */
async function main(): Promise<void> {
  const config = loadConfig(
    z.object({ ...natsEnv, ...edgeProtectionEnv, SUBJECT_PREFIX: stringVar('edge-abuse') }),
  );
  const app = await createMeshGateway({
    natsUrl: config.NATS_URL ?? 'nats://127.0.0.1:4222',
    subjectPrefix: config.SUBJECT_PREFIX,
    requestTimeoutMs: 2000,
    logger: createLogger({ app: 'edge-abuse', level: 'silent' }),
    protection: protectionFromEnv(config),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ url: await app.getUrl() })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
