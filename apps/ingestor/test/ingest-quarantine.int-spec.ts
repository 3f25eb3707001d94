import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { beginCell } from '@ton/core';
import {
  ChainBlockWriter,
  createDataSource,
  type DataSource,
  IndexerCursorRepository,
  IngestProgressRepository,
} from '@app/database';
import { type LiteserverPool } from '@app/liteclient';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import pino from 'pino';
import { Registry } from 'prom-client';
import { type Localnet, startLocalnet } from '@app/localnet';
import { BackfillRunner } from '../src/backfill/backfill.runner';
import { NO_EVENTS } from '../src/events/block-indexed.publisher';
import { BatchCommitter } from '../src/follow/batch-committer';
import { IngestMetrics } from '../src/metrics/ingest.metrics';
import { BlockSource } from '../src/source/block-source';
import {
  type BlockDecodeResult,
  type BlockHashes,
  parseBlockRoot,
  readBlockRoot,
} from '../src/source/decode/block-decode';
import { type BlockDecoder } from '../src/source/decode/block-decoder';
import { McBatchLoader } from '../src/source/mc-batch.loader';
import { localnetPool } from '../../../test/integration/support/ingest-support';
import { WalletTraffic } from '../../../test/integration/support/ingest-traffic';

/**
 * The real liteserver answers, checked as ever, except that the blocks whose root hashes are in
 * `corrupt` are then parsed as a cell that is not a Block: what a parser bug or a new TL-B constructor
 * looks like to the ingestor.
 */
class CorruptingDecoder implements BlockDecoder {
  readonly corrupt = new Set<string>();

  decode(data: Uint8Array, hashes: BlockHashes): Promise<BlockDecodeResult> {
    const root = readBlockRoot(data, hashes);
    const corrupt = this.corrupt.has(Buffer.from(hashes.rootHash).toString('hex'));
    return Promise.resolve(
      parseBlockRoot(corrupt ? beginCell().storeUint(0xdeadbeef, 32).endCell() : root, hashes),
    );
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

void describe('ingestor quarantine: an unparsable block is recorded and does not stop the chain', () => {
  let localnet: Localnet;
  let db: TestDatabase;
  let ds: DataSource;
  let pool: LiteserverPool;

  before(async () => {
    localnet = await startLocalnet({
      seed: 'genesis',
      shards: 2,
      mode: 'manual',
      startTime: 1_780_000_000,
    });
    const traffic = await WalletTraffic.fund(localnet, 6, 'quarantine');
    await traffic.round();
    db = await createTestDatabase({ prefix: 'ingest_quarantine' });
    ds = await createDataSource({ url: db.url, poolSize: 2 }).initialize();
    pool = await localnetPool(localnet, 500);
  });

  after(async () => {
    pool.close();
    await ds.destroy();
    await db.drop();
    await localnet.stop();
  });

  void it('quarantines a bad shard block and a bad masterchain block, writes everything else', async () => {
    const head = localnet.chain.head().id.seqno;
    const badMc = 5;
    const shardTop = localnet.chain.shardTopsAt(8)[0]!.id;
    // The masterchain block that first commits that shard block.
    let committedBy = 8;
    while (localnet.chain.shardTopsAt(committedBy - 1)[0]?.id.seqno === shardTop.seqno) {
      committedBy -= 1;
    }
    const decoder = new CorruptingDecoder();
    decoder.corrupt.add(localnet.chain.masterchainBlock(badMc)!.id.rootHash.toString('hex'));
    decoder.corrupt.add(shardTop.rootHash.toString('hex'));
    const source = new BlockSource(pool, decoder);
    const metrics = new IngestMetrics(new Registry());
    const progress = new IngestProgressRepository(ds);
    const logger = pino({ level: 'silent' });
    const runner = new BackfillRunner(
      new McBatchLoader(source),
      new BatchCommitter(
        new ChainBlockWriter(ds),
        progress,
        new IndexerCursorRepository(ds),
        metrics,
        logger,
      ),
      progress,
      NO_EVENTS,
      logger,
    );
    const result = await runner.run({ from: 1, to: head, workers: 1, window: 3 });
    assert.equal(result.done, head);
    assert.equal(result.quarantined, 2);

    const quarantined = await progress.quarantined();
    assert.deepEqual(
      quarantined.map((q) => [q.workchain, q.seqno, q.mcSeqno]),
      [
        [-1, badMc, badMc],
        [shardTop.workchain, shardTop.seqno, committedBy],
      ].sort((a, b) => a[2]! - b[2]!),
    );
    assert.ok(quarantined.every((q) => q.error.length > 0 && q.rootHash.length === 44));
    assert.equal((await metrics.quarantined.get()).values[0]?.value, 2);

    // Every masterchain block but the bad one is there; the shard blocks it committed were picked up
    // by the next masterchain block's walk; only the bad shard block is missing.
    assert.deepEqual(await progress.missingMcSeqnos(1, head), [badMc]);
    const shardRows: { n: number }[] = await ds.query(
      `SELECT count(*)::int AS n FROM blocks WHERE workchain = 0`,
    );
    const chainShardBlocks = localnet.chain
      .shardTopsAt(head)
      .reduce((sum, top) => sum + top.id.seqno, 0);
    assert.equal(shardRows[0]?.n, chainShardBlocks - 1);
  });
});
