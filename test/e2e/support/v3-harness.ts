import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createDataSource, type DataSource } from '@app/database';
import { type LiteserverPool } from '@app/liteclient';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type InterfaceDetector } from '@app/decoder';
import { type Localnet, startLocalnet } from '@app/localnet';
import { createStandaloneApp } from '@app/standalone';
import { servingOptions } from './standalone-options';
import { decodeToHead, interfaceDetector } from '../../integration/support/decode-support';
import { ingestLocalnet, localnetPool } from '../../integration/support/ingest-support';
import { WalletTraffic } from '../../integration/support/ingest-traffic';
import { waitReady } from './wait-ready';

/** One HTTP reply: status and the parsed JSON body. */
export interface JsonReply {
  readonly status: number;
  readonly body: unknown;
}

export interface V3Harness {
  readonly localnet: Localnet;
  /** A connection to the test database, for the expected values. */
  readonly ds: DataSource;
  /** Raw addresses (`0:HEX`) of the traffic wallets. */
  readonly wallets: readonly string[];
  readonly head: number;
  /** The service's base URL (`http://127.0.0.1:<port>`), for requests whose headers a test reads. */
  readonly baseUrl: string;
  /** A genesis seed account's raw address (`wc:UPPERHEX`). */
  address(name: string): string;
  /** GET /api/<path>?<params> (repeated keys for arrays), with request headers if given. */
  get(
    path: string,
    params?: Record<string, string | number | boolean | string[]>,
    headers?: Record<string, string>,
  ): Promise<JsonReply>;
  /** POST /api/<path> with a JSON body. */
  post(path: string, body: unknown): Promise<JsonReply>;
  /**
   * A second service over the same database whose gateway reaches the query module through a real
   * NATS server (`NATS_URL`, a subject prefix of its own), as the mesh does: its replies cross NATS
   * as raw JSON parts and the gateway forwards them.
   */
  overNats(): Promise<V3Client & { close(): Promise<void> }>;
  close(): Promise<void>;
}

/** The HTTP calls of one running service. */
export type V3Client = Pick<V3Harness, 'get' | 'post'>;

export interface V3HarnessOptions {
  /** Wallet traffic on top of the seed (default true). */
  readonly traffic?: boolean;
  /**
   * Detect contract interfaces by get-methods against the localnet while decoding (default false):
   * what fills the Jetton, NFT, DNS, multisig and vesting tables.
   */
  readonly interfaces?: boolean;
}

/**
 * A manual-mode genesis localnet (with wallet traffic unless turned off), ingested and decoded into
 * a fresh test database, then the whole service in this process (single-process mode) over that
 * database.
 */
export async function startV3Harness(options: V3HarnessOptions = {}): Promise<V3Harness> {
  const localnet = await startLocalnet({
    seed: 'genesis',
    mode: 'manual',
    startTime: 1_790_000_000,
  });
  let db: TestDatabase | undefined;
  let ds: DataSource | undefined;
  let app: NestFastifyApplication | undefined;
  let pool: LiteserverPool | undefined;
  try {
    let wallets: readonly string[] = [];
    if (options.traffic ?? true) {
      const traffic = await WalletTraffic.fund(localnet, 4, 'v3api');
      await traffic.round();
      await traffic.round();
      wallets = traffic.addresses;
    }
    db = await createTestDatabase({ prefix: 'v3_api' });
    ds = await createDataSource({ url: db.url, poolSize: 3 }).initialize();
    const head = await ingestLocalnet(localnet, ds);
    let detector: InterfaceDetector | undefined;
    if (options.interfaces === true) {
      pool = await localnetPool(localnet);
      detector = interfaceDetector(pool);
    }
    assert.equal(await decodeToHead(ds, head, 60_000, { detector }), true, 'decoded to the head');
    pool?.close();
    pool = undefined;
    const databaseUrl = db.url;
    const startApp = async (natsUrl?: string): Promise<NestFastifyApplication> => {
      const started = await createStandaloneApp({
        ...servingOptions(localnet, databaseUrl),
        ...(natsUrl === undefined
          ? {}
          : { natsUrl, subjectPrefix: `v3h${randomBytes(5).toString('hex')}` }),
      });
      await started.listen({ port: 0, host: '127.0.0.1' });
      return started;
    };
    app = await startApp();
    const baseUrl = await app.getUrl();
    await waitReady(baseUrl);
    const client = v3Client(baseUrl);
    const started = { db, ds, app };
    return {
      localnet,
      ds,
      wallets,
      head,
      baseUrl,
      address: (name) => {
        const account = localnet.accounts.find((a) => a.name === name);
        assert.ok(account, name);
        return account.address.toRawString().toUpperCase();
      },
      ...client,
      overNats: async () => {
        const second = await startApp(process.env.NATS_URL ?? 'nats://127.0.0.1:4222');
        return { ...v3Client(await second.getUrl()), close: () => second.close() };
      },
      close: async () => {
        await started.app.close();
        await started.ds.destroy();
        await started.db.drop();
        await localnet.stop();
      },
    };
  } catch (error: unknown) {
    pool?.close();
    await app?.close();
    await ds?.destroy();
    await db?.drop();
    await localnet.stop();
    throw error;
  }
}

function v3Client(baseUrl: string): V3Client {
  return {
    get: async (path, params = {}, headers = {}) => {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(params)) {
        for (const v of Array.isArray(value) ? value : [value]) {
          query.append(key, String(v));
        }
      }
      const response = await fetch(`${baseUrl}/api/${path}?${query.toString()}`, { headers });
      return { status: response.status, body: await response.json() };
    },
    post: async (path, body) => {
      const response = await fetch(`${baseUrl}/api/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
  };
}
