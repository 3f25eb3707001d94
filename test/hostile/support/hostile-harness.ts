import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { GenesisAccount, type Localnet, startLocalnet } from '@app/localnet';
import { createStandaloneApp } from '@app/standalone';
import { servingOptions } from '../../e2e/support/standalone-options';

/** What anonymous callers get here: far above the corpus's pace, far below a 10,000-call batch. */
export const HOSTILE_ANONYMOUS_RPS = 5000;

export interface HostileHarness {
  readonly baseUrl: string;
  /** Raw address of the genesis wallet v4r2: a contract to run get-methods on after the corpus. */
  readonly wallet: string;
  close(): Promise<void>;
}

/**
 * The whole service in one process, as an operator runs it: single-process mode over a fresh
 * localnet (manual blocks: nothing moves under the corpus), a migrated but empty database for /api/v3,
 * and the edge's rate limits in Redis (every JSON-RPC batch element counted). Nothing is indexed:
 * every hostile request must be refused before a query would run.
 */
export async function startHostileHarness(): Promise<HostileHarness> {
  const localnet: Localnet = await startLocalnet({ seed: 'genesis', mode: 'manual' });
  let db: TestDatabase | undefined;
  let app: NestFastifyApplication | undefined;
  try {
    db = await createTestDatabase({ prefix: 'hostile' });
    app = await createStandaloneApp({
      ...servingOptions(localnet, db.url),
      edge: {
        network: 'local',
        redisUrl: 'redis://127.0.0.1:6379',
        anonymousRps: HOSTILE_ANONYMOUS_RPS,
        storeFailure: 'open',
        // A case may name its own client (X-Forwarded-For) to get a rate-limit bucket of its own.
        trustedProxies: ['127.0.0.1'],
        keyCacheTtlMs: 10_000,
        rateLimitKeyPrefix: `test:hostile:${randomUUID()}`,
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const started = { app, db };
    const wallet = localnet.accounts.find((a) => a.name === GenesisAccount.walletV4r2);
    if (wallet === undefined) {
      throw new Error('the genesis seed has no wallet v4r2');
    }
    return {
      baseUrl: await app.getUrl(),
      wallet: wallet.address.toRawString(),
      close: async () => {
        await started.app.close();
        await started.db.drop();
        await localnet.stop();
      },
    };
  } catch (error: unknown) {
    await app?.close();
    await db?.drop();
    await localnet.stop();
    throw error;
  }
}
