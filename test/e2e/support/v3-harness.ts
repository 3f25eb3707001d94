import assert from 'node:assert/strict';
import { createDataSource, type DataSource, IndexerCursorRepository } from '@app/database';
import { createLogger } from '@app/observability';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import pino from 'pino';
import { Registry } from 'prom-client';
import { BlockDecoder } from '../../../apps/decoder/src/pipeline/block-decoder';
import { DecoderMetrics } from '../../../apps/decoder/src/pipeline/decoder.metrics';
import { DecoderWorker } from '../../../apps/decoder/src/pipeline/decoder-worker';
import { type Localnet, startLocalnet } from '../../../apps/localnet/src/localnet';
import { createStandaloneApp } from '../../../apps/standalone/src/standalone-app';
import { ingestLocalnet } from '../../integration/ingestor/ingest-support';
import { WalletTraffic } from '../../integration/ingestor/ingest-traffic';

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
  /** GET /api/<path>?<params> (repeated keys for arrays). */
  get(
    path: string,
    params?: Record<string, string | number | boolean | string[]>,
  ): Promise<JsonReply>;
  close(): Promise<void>;
}

/**
 * A manual-mode genesis localnet with wallet traffic, ingested and decoded into a fresh test
 * database, then the whole service in this process (single-process mode) over that database.
 */
export async function startV3Harness(): Promise<V3Harness> {
  const localnet = await startLocalnet({
    seed: 'genesis',
    mode: 'manual',
    startTime: 1_790_000_000,
  });
  let db: TestDatabase | undefined;
  let ds: DataSource | undefined;
  let app: NestFastifyApplication | undefined;
  try {
    const traffic = await WalletTraffic.fund(localnet, 4, 'v3api');
    await traffic.round();
    await traffic.round();
    db = await createTestDatabase({ prefix: 'v3_api' });
    ds = await createDataSource({ url: db.url, poolSize: 3 }).initialize();
    const head = await ingestLocalnet(localnet, ds);
    const worker = new DecoderWorker(
      ds,
      new IndexerCursorRepository(ds),
      new BlockDecoder(),
      new DecoderMetrics(new Registry()),
      pino({ level: 'silent' }),
      { sourceCursor: 'masterchain', cursor: 'decoder', pollMs: 50 },
    );
    worker.start();
    assert.equal(await worker.waitForSeqno(head, 60_000), true, 'decoded to the head');
    await worker.stop();
    app = await createStandaloneApp({
      natsRequestTimeoutMs: 10_000,
      endpoints: localnet.liteservers.map((ls) => ls.endpoint),
      liteserverTimeoutMs: 3000,
      databaseUrl: db.url,
      decode: false,
      logger: createLogger({ app: 'test', level: 'silent' }),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = await app.getUrl();
    const started = { db, ds, app };
    return {
      localnet,
      ds,
      wallets: traffic.addresses,
      head,
      get: async (path, params = {}) => {
        const query = new URLSearchParams();
        for (const [key, value] of Object.entries(params)) {
          for (const v of Array.isArray(value) ? value : [value]) {
            query.append(key, String(v));
          }
        }
        const response = await fetch(`${baseUrl}/api/${path}?${query.toString()}`);
        return { status: response.status, body: await response.json() };
      },
      close: async () => {
        await started.app.close();
        await started.ds.destroy();
        await started.db.drop();
        await localnet.stop();
      },
    };
  } catch (error: unknown) {
    await app?.close();
    await ds?.destroy();
    await db?.drop();
    await localnet.stop();
    throw error;
  }
}
