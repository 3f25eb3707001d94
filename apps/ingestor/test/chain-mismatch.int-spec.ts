import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import {
  ChainIdentityRepository,
  createDataSource,
  type DataSource,
  IndexerCursorRepository,
} from '@app/database';
import { LiteserverPool } from '@app/liteclient';
import { createTestDatabase, type TestDatabase, waitFor } from '@app/testing';
import pino from 'pino';
import { Registry } from 'prom-client';
import { type Localnet, startLocalnet } from '@app/localnet';
import { type ChainFollower } from '../src/follow/chain-follower';
import { IngestMetrics } from '../src/metrics/ingest.metrics';
import { liveFollower } from '../../../test/integration/support/ingest-support';

const START_TIME = 1_765_000_000;
const RESET_HINT =
  'nothing was written; if the new chain is the one to index, reset the index with "npm run ingest -- --reset --yes" (docs/operations.md, "Indexing another chain")';

/** The live follower of the ingestor on `localnet`, writing into `ds`, with its log lines kept. */
class FollowerRun {
  readonly lines: { level: number; msg: string }[] = [];
  readonly metrics = new IngestMetrics(new Registry());
  readonly follower: ChainFollower;
  private readonly pool: LiteserverPool;

  constructor(localnet: Localnet, ds: DataSource) {
    const sink = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          this.lines.push(JSON.parse(line) as { level: number; msg: string });
        }
        done();
      },
    });
    const logger = pino({ level: 'info' }, sink);
    this.pool = new LiteserverPool(
      localnet.liteservers.map((ls) => ls.endpoint),
      { timeoutMs: 5000, attempts: 2, probeIntervalMs: 500 },
    );
    this.follower = liveFollower(ds, this.pool, this.metrics, logger, {
      leaseHolder: `spec-${String(Math.random())}`,
      leaseTtlMs: 1_000,
      headWaitMs: 200,
      leaseRenewMs: 300,
    });
  }

  async start(): Promise<this> {
    await this.pool.start();
    this.follower.start();
    return this;
  }

  async stop(): Promise<void> {
    await this.follower.stop();
    this.pool.close();
  }

  errors(): string[] {
    return this.lines.filter((l) => l.level >= 50).map((l) => l.msg);
  }

  async mismatchGauge(): Promise<number | undefined> {
    return (await this.metrics.chainMismatch.get()).values[0]?.value;
  }
}

async function mcRootHash(ds: DataSource, seqno: number): Promise<string | undefined> {
  const rows: { root_hash: string }[] = await ds.query(
    `SELECT root_hash FROM blocks WHERE workchain = -1 AND seqno = $1`,
    [seqno],
  );
  return rows[0]?.root_hash;
}

async function sealTo(localnet: Localnet, seqno: number): Promise<void> {
  while (localnet.chain.head().id.seqno < seqno) {
    await localnet.chain.seal();
  }
}

const b64 = (b: Buffer): string => b.toString('base64');

void describe('ingestor: one chain per index (real localnets, real PostgreSQL)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let first: Localnet;

  before(async () => {
    db = await createTestDatabase({ prefix: 'chain_mismatch' });
    ds = await createDataSource({ url: db.url, poolSize: 4 }).initialize();
    first = await startLocalnet({ seed: 'none', mode: 'manual', startTime: START_TIME });
    await sealTo(first, 6);
    const run = await new FollowerRun(first, ds).start();
    const cursors = new IndexerCursorRepository(ds);
    await waitFor(
      async () => (await cursors.get('masterchain')) === 6,
      'the first chain indexed',
      60_000,
    );
    await run.stop();
    await first.stop();
  });

  after(async () => {
    await ds.destroy();
    await db.drop();
  });

  void it('records the chain it indexes: zero state and global_id', async () => {
    assert.deepEqual(await new ChainIdentityRepository(ds).get(), {
      zeroStateRootHash: b64(first.chain.zeroState().id.rootHash),
      zeroStateFileHash: b64(first.chain.zeroState().id.fileHash),
      globalId: first.chain.globalId,
    });
  });

  void it('refuses a block whose prev_ref is not the stored previous block: one line, gauge, nothing written', async () => {
    // Same zero state (same start time), another chain from block 1 on: the genesis seed's accounts.
    const other = await startLocalnet({ seed: 'genesis', mode: 'manual', startTime: START_TIME });
    try {
      assert.deepEqual(other.chain.zeroState().id, first.chain.zeroState().id);
      await sealTo(other, 9);
      const stored6 = await mcRootHash(ds, 6);
      const run = await new FollowerRun(other, ds).start();
      try {
        await waitFor(() => run.follower.chainMismatch() !== undefined, 'the refusal', 60_000);
        const prev = b64(other.chain.masterchainBlock(6)?.id.rootHash ?? Buffer.alloc(0));
        const line = `chain mismatch: masterchain block 7 says its previous block is ${prev} but the index holds ${String(stored6)} for block 6 — the liteservers serve another chain; ${RESET_HINT}`;
        assert.equal(run.follower.chainMismatch(), line);
        assert.deepEqual(run.errors(), [line]);
        assert.equal(await run.mismatchGauge(), 1);
        assert.equal(await new IndexerCursorRepository(ds).get('masterchain'), 6);
        assert.equal(await mcRootHash(ds, 7), undefined);
        assert.equal(await mcRootHash(ds, 6), stored6);
      } finally {
        await run.stop();
      }
    } finally {
      await other.stop();
    }
  });

  void it('refuses a chain restarted behind the cursor: its head is not the index block of that seqno', async () => {
    const other = await startLocalnet({ seed: 'none', mode: 'manual', startTime: START_TIME });
    try {
      // Another chain of the same zero state: its block 1 is a key block (the config set again).
      other.chain.setBaseConfig(other.chain.config(0));
      await sealTo(other, 3);
      assert.ok(other.chain.masterchainBlock(1)?.isKeyBlock);
      const run = await new FollowerRun(other, ds).start();
      try {
        await waitFor(() => run.follower.chainMismatch() !== undefined, 'the refusal', 60_000);
        const head = b64(other.chain.head().id.rootHash);
        assert.equal(
          run.follower.chainMismatch(),
          `chain mismatch: the liteservers' masterchain block 3 is ${head} but the index holds ${String(await mcRootHash(ds, 3))} for block 3 — the liteservers serve another chain; ${RESET_HINT}`,
        );
        assert.equal(run.errors().length, 1);
        assert.equal(run.follower.lagBlocks(), null);
      } finally {
        await run.stop();
      }
    } finally {
      await other.stop();
    }
  });

  void it('refuses liteservers of another zero state before reading a block', async () => {
    const other = await startLocalnet({ seed: 'none', mode: 'manual', startTime: START_TIME + 1 });
    try {
      const run = await new FollowerRun(other, ds).start();
      try {
        await waitFor(() => run.follower.chainMismatch() !== undefined, 'the refusal', 60_000);
        assert.deepEqual(run.errors(), [
          `chain mismatch: the liteservers' zero state is ${b64(other.chain.zeroState().id.rootHash)} but the index holds the chain of zero state ${b64(first.chain.zeroState().id.rootHash)} — the liteservers serve another chain; ${RESET_HINT}`,
        ]);
        assert.equal(await run.mismatchGauge(), 1);
      } finally {
        await run.stop();
      }
    } finally {
      await other.stop();
    }
  });

  void it('follows the same chain again after a restart of the follower (no false alarm)', async () => {
    const same = await startLocalnet({ seed: 'none', mode: 'manual', startTime: START_TIME });
    try {
      await sealTo(same, 9);
      assert.equal(
        b64(same.chain.masterchainBlock(6)?.id.rootHash ?? Buffer.alloc(0)),
        await mcRootHash(ds, 6),
      );
      const run = await new FollowerRun(same, ds).start();
      try {
        const cursors = new IndexerCursorRepository(ds);
        await waitFor(
          async () => (await cursors.get('masterchain')) === 9,
          'the follower at 9',
          60_000,
        );
        assert.equal(run.follower.chainMismatch(), undefined);
        assert.equal(await run.mismatchGauge(), 0);
        assert.deepEqual(run.errors(), []);
      } finally {
        await run.stop();
      }
    } finally {
      await same.stop();
    }
  });
});
