import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createDataSource, type DataSource, IndexerCursorRepository } from '@app/database';
import { type LiteserverPool } from '@app/liteclient';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { type Localnet, startLocalnet } from '@app/localnet';
import {
  interfaceDetector,
  testDecoderWorker,
} from '../../../test/integration/support/decode-support';
import { ingestLocalnet, localnetPool } from '../../../test/integration/support/ingest-support';

/** Longer than the test's wait: an answer within it came from a commit, not from a re-read. */
const NO_SAFETY_NET_MS = 3_600_000;

/**
 * The decoder's waitForSeqno (what acknowledges a `block.indexed` event in the mesh and lets the
 * listener take the next one) ends on the worker's own commit: with the PostgreSQL re-read set beyond
 * the wait, a wait begun before anything was decoded still answers that the head is decoded.
 */
void describe('decoder: waitForSeqno is woken by the commit', () => {
  let localnet: Localnet;
  let db: TestDatabase;
  let ds: DataSource;
  let pool: LiteserverPool;
  let head: number;

  before(async () => {
    localnet = await startLocalnet({ seed: 'genesis', shards: 1, mode: 'manual' });
    db = await createTestDatabase({ prefix: 'decoder_commit_wakeups' });
    ds = await createDataSource({ url: db.url, poolSize: 3 }).initialize();
    head = await ingestLocalnet(localnet, ds);
    pool = await localnetPool(localnet);
  });

  after(async () => {
    pool.close();
    await ds.destroy();
    await db.drop();
    await localnet.stop();
  });

  void it('answers true for the head once the worker committed it, with no re-read of the watermark', async () => {
    const cursors = new IndexerCursorRepository(ds);
    const worker = testDecoderWorker(ds, {
      detector: interfaceDetector(pool),
      pollMs: NO_SAFETY_NET_MS,
    });
    // Begun before the worker runs: the first look finds nothing decoded, so only a commit can end it.
    const waiting = worker.waitForSeqno(head, 120_000);
    worker.start();
    try {
      assert.equal(await waiting, true);
      assert.equal(worker.decodedSeqno(), head);
      assert.equal(await cursors.get('decoder'), head);
    } finally {
      await worker.stop();
    }
  });
});
