import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createDataSource, type DataSource, IndexerCursorRepository } from '@app/database';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import pino from 'pino';
import { Registry } from 'prom-client';
import { type Localnet, startLocalnet } from '../../../apps/localnet/src/localnet';
import { BlockDecoder } from '../../../apps/decoder/src/pipeline/block-decoder';
import { DecoderMetrics } from '../../../apps/decoder/src/pipeline/decoder.metrics';
import { DecoderWorker } from '../../../apps/decoder/src/pipeline/decoder-worker';
import { ingestLocalnet } from '../ingestor/ingest-support';
import { WalletTraffic } from '../ingestor/ingest-traffic';

interface TraceRow {
  trace_id: string;
  external_hash: string | null;
  state: string;
  nodes_: string;
  edges_: string;
  pending_edges_: string;
  start_lt: string;
  end_lt: string;
}

void describe('decoder: traces over an ingested two-shard localnet (real PostgreSQL)', () => {
  let localnet: Localnet;
  let db: TestDatabase;
  let ds: DataSource;
  let head: number;

  before(async () => {
    localnet = await startLocalnet({
      seed: 'genesis',
      shards: 2,
      mode: 'manual',
      startTime: 1_790_000_000,
    });
    const traffic = await WalletTraffic.fund(localnet, 8, 'traces');
    await traffic.round();
    await traffic.round();
    db = await createTestDatabase({ prefix: 'decoder_traces' });
    ds = await createDataSource({ url: db.url, poolSize: 3 }).initialize();
    head = await ingestLocalnet(localnet, ds);
    const cursors = new IndexerCursorRepository(ds);
    const worker = new DecoderWorker(
      ds,
      cursors,
      new BlockDecoder(),
      new DecoderMetrics(new Registry()),
      pino({ level: 'silent' }),
      { sourceCursor: 'masterchain', cursor: 'decoder', pollMs: 50 },
    );
    worker.start();
    assert.equal(await worker.waitForSeqno(head, 60_000), true);
    await worker.stop();
  });

  after(async () => {
    await ds.destroy();
    await db.drop();
    await localnet.stop();
  });

  void it('puts every transaction and message in a trace, and the counters agree with the rows', async () => {
    const orphans: { n: number }[] = await ds.query(
      `SELECT count(*)::int AS n FROM transactions WHERE trace_id IS NULL`,
    );
    assert.equal(orphans[0]?.n, 0);
    const orphanMessages: { n: number }[] = await ds.query(
      `SELECT count(*)::int AS n FROM messages WHERE trace_id IS NULL`,
    );
    assert.equal(orphanMessages[0]?.n, 0);
    const mismatched: unknown[] = await ds.query(
      `SELECT tr.trace_id FROM traces tr
       JOIN (SELECT trace_id, count(*) AS n, min(lt) AS lo, max(lt) AS hi FROM transactions GROUP BY trace_id) t
         ON t.trace_id = tr.trace_id
       WHERE tr.nodes_ <> t.n OR tr.start_lt <> t.lo OR tr.end_lt <> t.hi`,
    );
    assert.deepEqual(mismatched, []);
    // trace_id is the root transaction's hash, and the root is in its own trace.
    const roots: unknown[] = await ds.query(
      `SELECT tr.trace_id FROM traces tr LEFT JOIN transactions t ON t.hash = tr.trace_id
       WHERE t.trace_id IS DISTINCT FROM tr.trace_id`,
    );
    assert.deepEqual(roots, []);
  });

  void it('links each wallet transfer: external → sender wallet → receiver, one complete trace of two nodes', async () => {
    // The traffic wallets' external transfers: the sender's transaction has an external in-message.
    const transfers: TraceRow[] = await ds.query(
      `SELECT tr.trace_id, tr.external_hash, tr.state::text AS state, tr.nodes_, tr.edges_, tr.pending_edges_,
              tr.start_lt, tr.end_lt
       FROM traces tr
       JOIN messages m ON m.tx_hash = tr.trace_id AND m.direction = 'in' AND m.source IS NULL
       WHERE m.msg_hash = tr.external_hash AND tr.nodes_ = 2`,
    );
    assert.ok(transfers.length >= 16, `${String(transfers.length)} wallet transfer traces`);
    for (const t of transfers) {
      assert.deepEqual([t.state, t.edges_, t.pending_edges_], ['complete', '2', '0'], t.trace_id);
    }
    // The receiving transaction is in the sender's trace, reached through the sender's out-message.
    const links: { ok: boolean }[] = await ds.query(
      `SELECT bool_and(r.trace_id = s.trace_id) AS ok
       FROM messages o JOIN messages i ON i.msg_hash = o.msg_hash AND i.direction = 'in'
       JOIN transactions s ON s.hash = o.tx_hash JOIN transactions r ON r.hash = i.tx_hash
       WHERE o.direction = 'out'`,
    );
    assert.equal(links[0]?.ok, true);
  });

  void it('leaves no trace pending once the chain is settled, and is resumable (the watermark is the head)', async () => {
    const states: { state: string; n: number }[] = await ds.query(
      `SELECT state::text AS state, count(*)::int AS n FROM traces GROUP BY state ORDER BY state`,
    );
    assert.ok(!states.some((s) => s.state === 'pending'), JSON.stringify(states));
    assert.equal(await new IndexerCursorRepository(ds).get('decoder'), head);
  });
});
