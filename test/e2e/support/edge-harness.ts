import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { type ApiKeyStore, openApiKeyStore } from '@app/database';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { generateApiKey, hashApiKey } from '@app/gateway';
import { type Localnet, startLocalnet } from '@app/localnet';
import { createStandaloneApp } from '@app/standalone';
import { servingOptions } from './standalone-options';

export interface EdgeHarness {
  readonly baseUrl: string;
  readonly store: ApiKeyStore;
  /** A new key of a new plan of `rps` requests a second on this network. */
  createKey(plan: string, rps: number): Promise<string>;
  close(): Promise<void>;
}

export interface EdgeHarnessOptions {
  /** Rate limits in Redis (true) or in the process's memory (false: no REDIS_URL). */
  readonly redis: boolean;
  readonly anonymousRps: number;
  /** How long key lookups (and whether any key exists) are remembered; default 60 s. */
  readonly keyCacheTtlMs?: number;
}

/**
 * The whole service in one process as `npm start` runs it, edge options as the environment gives
 * them: single-process mode over a manual localnet, a migrated test database holding the keys,
 * limits in Redis or in memory. 127.0.0.1 is a trusted proxy, so each test names its client with
 * X-Forwarded-For and gets rate-limit buckets of its own.
 */
export async function startEdgeHarness(options: EdgeHarnessOptions): Promise<EdgeHarness> {
  const localnet: Localnet = await startLocalnet({ seed: 'genesis', mode: 'manual' });
  let db: TestDatabase | undefined;
  let store: ApiKeyStore | undefined;
  let app: NestFastifyApplication | undefined;
  try {
    db = await createTestDatabase({ prefix: 'edge_harness' });
    store = await openApiKeyStore(db.url, 'edge-harness');
    app = await createStandaloneApp({
      ...servingOptions(localnet, db.url),
      edge: {
        network: 'local',
        databaseUrl: db.url,
        redisUrl: options.redis ? 'redis://127.0.0.1:6379' : undefined,
        anonymousRps: options.anonymousRps,
        storeFailure: 'open',
        trustedProxies: ['127.0.0.1'],
        keyCacheTtlMs: options.keyCacheTtlMs ?? 60_000,
        rateLimitKeyPrefix: `test:edge:${randomUUID()}`,
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const started = { app, db, store };
    return {
      baseUrl: await app.getUrl(),
      store,
      createKey: async (plan, rps) => {
        await started.store.keys.createPlan({ name: plan, rps, burst: 0, networks: ['local'] });
        const key = generateApiKey();
        await started.store.keys.createKey({ keyHash: hashApiKey(key), planName: plan });
        return key;
      },
      close: async () => {
        await started.app.close();
        await started.store.close();
        await started.db.drop();
        await localnet.stop();
      },
    };
  } catch (error: unknown) {
    await app?.close();
    await store?.close();
    await db?.drop();
    await localnet.stop();
    throw error;
  }
}

export interface RawAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

/** One request with its target sent exactly as given (fetch would normalise dots and backslashes). */
export function sendRaw(
  baseUrl: string,
  method: 'GET' | 'POST',
  target: string,
  headers: Readonly<Record<string, string>> = {},
  body?: string,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port: Number(port),
        method,
        path: target,
        headers: {
          ...headers,
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A client address of its own (the benchmark range 198.18/15, only ever a header value). */
export function clientAddress(n: number): string {
  return `198.18.${String(Math.floor(n / 250) % 250)}.${String((n % 250) + 1)}`;
}

/** The value of one sample of a Prometheus text exposition (`labels` '' for none), 0 when absent. */
export function sampleValue(exposition: string, name: string, labels = ''): number {
  const series = labels === '' ? name : `${name}{${labels}}`;
  const line = exposition.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}
