import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createDataSource, type DataSource, IndexerCursorRepository } from '@app/database';
import { LiteserverPool } from '@app/liteclient';
import { createTestDatabase, type TestDatabase, waitFor } from '@app/testing';
import pino from 'pino';
import { Registry } from 'prom-client';
import { LiteClient, LiteRoundRobinEngine } from 'ton-lite-client';
import { type Localnet, startLocalnet } from '@app/localnet';
import { type ChainFollower } from '../src/follow/chain-follower';
import { IngestMetrics } from '../src/metrics/ingest.metrics';
import { assertIndexedExactly } from '../../../test/integration/support/chain-verifier';
import { WalletTraffic } from '../../../test/integration/support/ingest-traffic';
import { liveFollower } from '../../../test/integration/support/ingest-support';
import { engineFor } from '../../../test/integration/support/localnet-harness';

const logger = pino({ level: 'silent' });

void describe('ingestor: live follower against a two-shard localnet (real PostgreSQL)', () => {
  let localnet: Localnet;
  let db: TestDatabase;
  let dataSource: DataSource;
  let pool: LiteserverPool;
  let client: LiteClient;
  let follower: ChainFollower;
  let metrics: IngestMetrics;

  before(async () => {
    localnet = await startLocalnet({
      seed: 'genesis',
      shards: 2,
      mode: 'manual',
      startTime: 1_750_000_000,
    });
    db = await createTestDatabase({ prefix: 'ingest_follow' });
    dataSource = await createDataSource({ url: db.url, poolSize: 4 }).initialize();
    pool = new LiteserverPool(
      localnet.liteservers.map((ls) => ls.endpoint),
      { timeoutMs: 5000, attempts: 2, probeIntervalMs: 500 },
    );
    await pool.start();
    const engine = await engineFor(localnet.liteservers[0]!);
    client = new LiteClient({ engine: new LiteRoundRobinEngine([engine]) });
    metrics = new IngestMetrics(new Registry());
    follower = liveFollower(dataSource, pool, metrics, logger, {
      leaseHolder: 'spec',
      leaseTtlMs: 15_000,
      headWaitMs: 500,
      leaseRenewMs: 5000,
    });
  });

  after(async () => {
    await follower.stop();
    client.engine.close();
    pool.close();
    await dataSource.destroy();
    await db.drop();
    await localnet.stop();
  });

  void it('indexes every block, transaction and message of the chain exactly, while traffic flows', async () => {
    follower.start();
    const traffic = await WalletTraffic.fund(localnet, 12);
    for (let round = 0; round < 4; round += 1) {
      await traffic.round();
    }
    const head = localnet.chain.head().id.seqno;
    const cursors = new IndexerCursorRepository(dataSource);
    await waitFor(
      async () => ((await cursors.get('masterchain')) ?? 0) >= head,
      'catch-up',
      60_000,
    );
    const counts = await assertIndexedExactly(dataSource, client, head);
    assert.ok(
      counts.transactions >= 12 * 4 * 2,
      `only ${String(counts.transactions)} transactions`,
    );
    assert.ok(counts.blocks >= head * 3, 'two shard chains and the masterchain');
    const states: { n: number }[] = await dataSource.query(
      `SELECT count(*)::int AS n FROM latest_account_states`,
    );
    assert.ok((states[0]?.n ?? 0) >= 12, 'latest states of the traffic wallets');
    assert.equal((await metrics.indexedSeqno.get()).values[0]?.value, head);
  });
});
