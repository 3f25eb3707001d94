import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  AddressMetadataRepository,
  createDataSource,
  type DataSource,
  TokenQueryRepository,
} from '@app/database';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import {
  METADATA_USER_AGENT,
  type MetadataFetchOptions,
} from '../src/metadata/metadata-fetch.options';
import { MetadataFetcher } from '../src/metadata/metadata-fetcher';
import { MetadataMetrics } from '../src/metadata/metadata.metrics';
import { MetadataBuilder } from '@app/query';
import {
  J_OK,
  J_REDIRECTS,
  J_TOO_MANY,
  J_BIG,
  J_404,
  J_FLAKY,
  J_TEXT,
  J_FTP,
  J_ONCHAIN,
  C_ARRAY,
  I_SEMI,
  I_SLOW,
  J_LOOPBACK_IP,
  J_LOCALHOST,
  T0,
  at,
  DAY,
  ITEM_JSON,
  MetadataHost,
  type MetadataRow,
  infoKeys,
  row,
  insertJetton,
  seedContents,
} from './metadata-fetcher.support';

/**
 * The decoder's off-chain metadata fetcher against a real HTTP server on 127.0.0.1 and a migrated
 * PostgreSQL: what it stores in `address_metadata` for each kind of answer, retries with backoff,
 * the SSRF guard's default, and the v3 `metadata` the query service then builds from the rows.
 */
void describe('metadata fetcher (real HTTP server, real PostgreSQL)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  const host = new MetadataHost();
  const registry = new Registry();
  let now = T0;
  const options: MetadataFetchOptions = {
    ipfsGateway: 'https://ipfs.io/ipfs/',
    timeoutMs: 2000,
    allowPrivate: true,
    concurrency: 4,
    batchSize: 100,
    intervalMs: 60_000,
    refreshMs: DAY,
    maxAttempts: 3,
    retryBaseMs: 60_000,
  };
  const fetcher = (o: MetadataFetchOptions): MetadataFetcher =>
    new MetadataFetcher(
      new AddressMetadataRepository(ds),
      new MetadataMetrics(registry),
      pino({ level: 'silent' }),
      o,
      () => now,
    );
  const builder = (): MetadataBuilder => new MetadataBuilder(new TokenQueryRepository(ds));
  const rows = (): Promise<MetadataRow[]> =>
    ds.query(`SELECT * FROM address_metadata ORDER BY type, address`);

  const jetton = (address: string, content: unknown): Promise<void> =>
    insertJetton(ds, address, content);

  before(async () => {
    await host.start();
    db = await createTestDatabase({ prefix: 'metadata_fetcher' });
    ds = await createDataSource({ url: db.url, poolSize: 4 }).initialize();
    await seedContents(ds, host.base);
  });

  after(async () => {
    await ds.destroy();
    await db.drop();
    await host.stop();
  });

  void it('before any fetch, content that points off-chain is listed and not indexed', async () => {
    assert.deepEqual(await builder().build([J_OK, I_SLOW, J_ONCHAIN]), {
      [J_OK]: { is_indexed: false, token_info: [{ type: 'jetton_masters' }] },
      [J_ONCHAIN]: {
        is_indexed: true,
        token_info: [{ valid: true, type: 'jetton_masters', name: 'Plain', symbol: 'PLN' }],
      },
      [I_SLOW]: { is_indexed: false, token_info: [{ type: 'nft_items', nft_index: '8' }] },
    });
  });

  void it('a first round stores every outcome: valid, permanent failures, transient failures', async () => {
    assert.equal(await fetcher(options).runOnce(), 11);
    const jettonOk = {
      type: 'jetton_masters',
      valid: true,
      name: 'Off Jetton',
      description: 'fetched',
      symbol: 'OFF',
      image: 'https://img.example/j.png',
      expires_at: at(DAY),
      next_attempt_at: at(DAY),
    };
    const failed = (address: string, type: string, error: string): MetadataRow =>
      row({
        address,
        type,
        valid: false,
        expires_at: at(DAY),
        next_attempt_at: at(DAY),
        last_error: error,
      });
    assert.deepEqual(await rows(), [
      row({ ...jettonOk, address: J_OK, extra: { decimals: 9, uri: `${host.base}/jetton.json` } }),
      row({ ...jettonOk, address: J_REDIRECTS, extra: { decimals: 9, uri: `${host.base}/r1` } }),
      failed(J_TOO_MANY, 'jetton_masters', 'more than 3 redirects'),
      failed(J_BIG, 'jetton_masters', 'body exceeds 10485760 bytes'),
      failed(J_404, 'jetton_masters', 'HTTP 404'),
      row({
        address: J_FLAKY,
        type: 'jetton_masters',
        attempts: 1,
        next_attempt_at: at(60_000),
        last_error: 'HTTP 500',
      }),
      failed(J_TEXT, 'jetton_masters', 'body is not JSON'),
      failed(J_FTP, 'jetton_masters', 'unsupported scheme ftp:'),
      failed(C_ARRAY, 'nft_collections', 'body is not a JSON object'),
      row({
        address: I_SEMI,
        type: 'nft_items',
        valid: true,
        // Semi-chain: the on-chain name wins over the fetched one; the rest comes from the JSON.
        name: 'On-chain name',
        description: 'off desc',
        image: 'https://img.example/i.png',
        extra: { attributes: ITEM_JSON.attributes, uri: `${host.base}/item.json` },
        expires_at: at(DAY),
        next_attempt_at: at(DAY),
      }),
      row({
        address: I_SLOW,
        type: 'nft_items',
        attempts: 1,
        next_attempt_at: at(60_000),
        last_error: 'timed out after 2000 ms',
      }),
    ]);
    assert.deepEqual(
      Object.fromEntries(host.hits),
      Object.fromEntries([
        ['/jetton.json', 2],
        ['/r1', 2],
        ['/r2', 2],
        ['/r3', 2],
        ['/r0', 1],
        ['/big', 1],
        ['/missing', 1],
        ['/flaky', 1],
        ['/text', 1],
        ['/array', 1],
        ['/item.json', 1],
        ['/slow', 1],
      ]),
    );
    assert.deepEqual([...host.agents], [METADATA_USER_AGENT]);
  });

  void it('retries transient failures with exponential backoff until success or the last attempt', async () => {
    now = at(59_999);
    assert.equal(await fetcher(options).runOnce(), 0);
    now = at(60_000);
    assert.equal(await fetcher(options).runOnce(), 2);
    const retried = (await rows()).filter((r) => r.address === J_FLAKY || r.address === I_SLOW);
    assert.deepEqual(retried, [
      row({
        address: J_FLAKY,
        type: 'jetton_masters',
        valid: true,
        name: 'Flaky',
        extra: { uri: `${host.base}/flaky` },
        updated_at: at(60_000),
        expires_at: at(60_000 + DAY),
        next_attempt_at: at(60_000 + DAY),
      }),
      row({
        address: I_SLOW,
        type: 'nft_items',
        updated_at: at(60_000),
        attempts: 2,
        next_attempt_at: at(60_000 + 120_000),
        last_error: 'timed out after 2000 ms',
      }),
    ]);
    now = at(180_000);
    assert.equal(await fetcher(options).runOnce(), 1);
    assert.deepEqual(
      (await rows()).filter((r) => r.address === I_SLOW),
      [
        row({
          address: I_SLOW,
          type: 'nft_items',
          valid: false,
          updated_at: at(180_000),
          attempts: 3,
          next_attempt_at: at(180_000 + DAY),
          last_error: 'timed out after 2000 ms',
        }),
      ],
    );
    assert.equal(await fetcher(options).runOnce(), 0);
    assert.equal(host.hits.get('/flaky'), 2);
    assert.equal(host.hits.get('/slow'), 3);
  });

  void it('the v3 metadata answers from the rows: valid, valid false, and on-chain content as before', async () => {
    const sut = await builder().build([J_OK, J_404, J_ONCHAIN, I_SEMI, I_SLOW, C_ARRAY]);
    assert.deepEqual(sut, {
      [J_OK]: {
        is_indexed: true,
        token_info: [
          {
            valid: true,
            type: 'jetton_masters',
            name: 'Off Jetton',
            symbol: 'OFF',
            description: 'fetched',
            image: 'https://img.example/j.png',
            extra: { decimals: 9, uri: `${host.base}/jetton.json` },
          },
        ],
      },
      [J_404]: { is_indexed: true, token_info: [{ valid: false, type: 'jetton_masters' }] },
      [J_ONCHAIN]: {
        is_indexed: true,
        token_info: [{ valid: true, type: 'jetton_masters', name: 'Plain', symbol: 'PLN' }],
      },
      [C_ARRAY]: { is_indexed: true, token_info: [{ valid: false, type: 'nft_collections' }] },
      [I_SEMI]: {
        is_indexed: true,
        token_info: [
          {
            valid: true,
            type: 'nft_items',
            name: 'On-chain name',
            description: 'off desc',
            image: 'https://img.example/i.png',
            nft_index: '7',
            extra: { attributes: ITEM_JSON.attributes, uri: `${host.base}/item.json` },
          },
        ],
      },
      [I_SLOW]: {
        is_indexed: true,
        token_info: [{ valid: false, type: 'nft_items', nft_index: '8' }],
      },
    });
    // toncenter's key order
    // (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): valid,
    // type, name, symbol, description, image, nft_index, extra (keys inside `extra` come in jsonb's order).
    assert.deepEqual(infoKeys(sut[J_OK]), [
      'valid',
      'type',
      'name',
      'symbol',
      'description',
      'image',
      'extra',
    ]);
    assert.deepEqual(infoKeys(sut[I_SEMI]), [
      'valid',
      'type',
      'name',
      'description',
      'image',
      'nft_index',
      'extra',
    ]);
  });

  void it('by default refuses loopback hosts without sending a request', async () => {
    await jetton(J_LOOPBACK_IP, { uri: `${host.base}/jetton.json` });
    await jetton(J_LOCALHOST, {
      uri: `${host.base.replace('127.0.0.1', 'localhost')}/jetton.json`,
    });
    const requests = host.total();
    assert.equal(await fetcher({ ...options, allowPrivate: false }).runOnce(), 2);
    assert.equal(host.total(), requests);
    const refused = (await rows()).filter(
      (r) => r.address === J_LOOPBACK_IP || r.address === J_LOCALHOST,
    );
    assert.deepEqual(
      refused.map((r) => ({ ...r, last_error: null })),
      [J_LOOPBACK_IP, J_LOCALHOST].map((address) =>
        row({
          address,
          type: 'jetton_masters',
          valid: false,
          updated_at: now,
          expires_at: at(180_000 + DAY),
          next_attempt_at: at(180_000 + DAY),
        }),
      ),
    );
    assert.equal(refused[0]?.last_error, 'refused address 127.0.0.1 (loopback) of host 127.0.0.1');
    assert.match(
      refused[1]?.last_error ?? '',
      /^refused address (127\.0\.0\.1|::1) \(loopback\) of host localhost$/,
    );
  });

  void it('counts fetches by outcome', async () => {
    const metrics = new MetadataMetrics(registry);
    const counts: Record<string, number> = {};
    for (const v of (await metrics.fetches.get()).values) {
      counts[String(v.labels.outcome)] = v.value;
    }
    assert.deepEqual(counts, { ok: 4, permanent: 8, transient: 4 });
    const durations = (await metrics.duration.get()).values.filter(
      (v) => v.metricName === 'tonapi_metadata_fetch_duration_seconds_count',
    );
    assert.deepEqual(Object.fromEntries(durations.map((v) => [v.labels.outcome, v.value])), counts);
  });

  void it('start() runs a round soon after start and stop() ends it', async () => {
    now = at(180_000 + DAY);
    const sut = fetcher({ ...options, firstRoundDelayMs: 0 });
    sut.start();
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const [r] = await ds.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM address_metadata WHERE updated_at = $1`,
        [now],
      );
      if (r?.n === 13) {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await sut.stop();
    const [r] = await ds.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM address_metadata WHERE updated_at = $1`,
      [now],
    );
    assert.equal(r?.n, 13);
  });
});
