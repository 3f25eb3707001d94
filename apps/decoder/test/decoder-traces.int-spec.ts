import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createDataSource, type DataSource, IndexerCursorRepository } from '@app/database';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { Registry } from 'prom-client';
import { type Localnet, startLocalnet } from '@app/localnet';
import { BlockDecoder } from '../src/pipeline/block-decoder';
import { DecoderMetrics } from '../src/pipeline/decoder.metrics';
import { decodeToHead } from '../../../test/integration/support/decode-support';
import { ingestLocalnet } from '../../../test/integration/support/ingest-support';
import { WalletTraffic } from '../../../test/integration/support/ingest-traffic';

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
  let trafficWallets: Set<string>;
  const metrics = new DecoderMetrics(new Registry());

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
    trafficWallets = new Set(traffic.addresses);
    db = await createTestDatabase({ prefix: 'decoder_traces' });
    ds = await createDataSource({ url: db.url, poolSize: 3 }).initialize();
    head = await ingestLocalnet(localnet, ds);
    assert.equal(await decodeToHead(ds, head, 60_000, { metrics }), true);
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
    // Each trace's accounts, with its end_lt as it ended (pending traces grew over blocks).
    const accounts: unknown[] = await ds.query(
      `SELECT trace_id, account, trace_end_lt::text FROM trace_accounts ORDER BY trace_id, account`,
    );
    const expected: unknown[] = await ds.query(
      `SELECT DISTINCT T.trace_id, T.account, E.end_lt::text AS trace_end_lt
       FROM transactions T JOIN traces E ON E.trace_id = T.trace_id ORDER BY trace_id, account`,
    );
    assert.ok(expected.length > 0);
    assert.deepEqual(accounts, expected);
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

  void it('classifies each wallet transfer as one ton_transfer with the value sent and the parties', async () => {
    const actions: {
      trace_id: string;
      type: string;
      value: string;
      source: string;
      destination: string;
      success: boolean;
      accounts: string[];
      sender: string;
      receiver: string;
      sent: string;
      state: string;
      details: Record<string, unknown>;
    }[] = await ds.query(
      `SELECT a.trace_id, a.type, a.value::text, a.source, a.destination, a.success, a.details,
              tr.classification_state::text AS state,
              (SELECT array_agg(account ORDER BY account) FROM action_accounts aa
                 WHERE aa.trace_id = a.trace_id AND aa.action_id = a.action_id) AS accounts,
              s.account AS sender, r.account AS receiver,
              (SELECT value::text FROM messages o WHERE o.tx_hash = s.hash AND o.direction = 'out') AS sent
       FROM actions a JOIN traces tr ON tr.trace_id = a.trace_id
       JOIN transactions s ON s.hash = a.trace_id
       JOIN transactions r ON r.trace_id = a.trace_id AND r.hash <> s.hash
       WHERE tr.nodes_ = 2 AND a.type <> 'contract_deploy' AND tr.external_hash IN
         (SELECT msg_hash FROM messages WHERE direction = 'in' AND source IS NULL)`,
    );
    const seedComments = actions
      .filter((a) => a.type === 'ton_transfer')
      .map((a) => (a.details.ton_transfer_data as { content: string | null }).content);
    // The genesis seed's v5r1 wallet sends a comment, decoded into the action.
    assert.ok(seedComments.includes('gm from v5r1'), JSON.stringify([...new Set(seedComments)]));
    actions.splice(0, actions.length, ...actions.filter((a) => trafficWallets.has(a.sender)));
    assert.ok(actions.length >= 16, `${String(actions.length)} transfer actions`);
    // The first transfer of each wallet also deploys it (its external carries the StateInit).
    const deploys: { destination: string; n: number }[] = await ds.query(
      `SELECT destination, count(*)::int AS n FROM actions WHERE type = 'contract_deploy'
       GROUP BY destination`,
    );
    const senders = new Set(actions.map((a) => a.sender));
    assert.ok(
      [...senders].every((w) => deploys.some((d) => d.destination === w && d.n === 1)),
      'every traffic wallet deployed exactly once',
    );
    for (const a of actions) {
      assert.deepEqual(
        [a.type, a.value, a.source, a.destination, a.success, a.state],
        ['ton_transfer', a.sent, a.sender, a.receiver, true, 'ok'],
        a.trace_id,
      );
      assert.deepEqual(a.accounts, [a.sender, a.receiver].sort());
      assert.deepEqual(Object.keys(a.details), ['ton_transfer_data']);
    }
    // The traffic wallets send no comment.
    assert.ok(
      actions.every((a) => (a.details.ton_transfer_data as { content: unknown }).content === null),
    );
  });

  void it('reports its progress in metrics: decoded seqno, no backlog, blocks, traces and actions by type', async () => {
    const value = async (m: { get(): Promise<{ values: { value: number; labels: object }[] }> }) =>
      (await m.get()).values;
    assert.deepEqual(
      (await value(metrics.decodedSeqno)).map((v) => v.value),
      [head],
    );
    assert.deepEqual(
      (await value(metrics.backlog)).map((v) => v.value),
      [0],
    );
    const traces: { n: number }[] = await ds.query(
      `SELECT count(*)::int AS n FROM traces WHERE state = 'complete'`,
    );
    assert.equal((await value(metrics.traces))[0]?.value, traces[0]?.n);
    const byType: { type: string; n: number }[] = await ds.query(
      `SELECT type, count(*)::int AS n FROM actions GROUP BY type ORDER BY type`,
    );
    const counted = (await value(metrics.actions))
      .map((v) => ({ type: (v.labels as { type: string }).type, n: v.value }))
      .sort((a, b) => (a.type < b.type ? -1 : 1));
    assert.deepEqual(counted, byType);
  });

  void it('leaves no trace pending once the chain is settled, and is resumable (the watermark is the head)', async () => {
    const states: { state: string; n: number }[] = await ds.query(
      `SELECT state::text AS state, count(*)::int AS n FROM traces GROUP BY state ORDER BY state`,
    );
    assert.ok(!states.some((s) => s.state === 'pending'), JSON.stringify(states));
    assert.equal(await new IndexerCursorRepository(ds).get('decoder'), head);
  });

  void it('writes the same rows as decoding each block on its own, everything read back from PostgreSQL', async () => {
    // The worker above read blocks ahead, kept traces and messages in flight in memory and committed
    // ranges of blocks; here a fresh decoder per block (no memory, one transaction each) decodes the
    // same history into a second database. Both must hold exactly the same decoded rows.
    const other = await createTestDatabase({ prefix: 'decoder_traces_alone' });
    const alone = await createDataSource({ url: other.url, poolSize: 2 }).initialize();
    try {
      await ingestLocalnet(localnet, alone);
      const first: { seqno: number }[] = await alone.query(
        `SELECT min(seqno)::int AS seqno FROM blocks WHERE workchain = -1`,
      );
      for (let seqno = first[0]!.seqno; seqno <= head; seqno += 1) {
        await alone.transaction((m) => new BlockDecoder().decode(m, seqno));
      }
      const decoded = [
        `SELECT trace_id, external_hash, mc_seqno_start, mc_seqno_end, start_lt::text, end_lt::text,
                start_utime, end_utime, state::text, pending_edges_::text, edges_::text, nodes_::text,
                classification_state::text FROM traces ORDER BY trace_id`,
        `SELECT hash, trace_id FROM transactions ORDER BY hash`,
        `SELECT tx_hash, msg_hash, direction::text, trace_id FROM messages
         ORDER BY tx_hash, msg_hash, direction`,
        `SELECT trace_id, action_id, type, tx_hashes, value::text, amount::text, source, destination,
                success, start_lt::text, end_lt::text, mc_seqno_end, trace_end_lt::text, details
         FROM actions ORDER BY trace_id, action_id`,
        `SELECT account, trace_id, action_id FROM action_accounts ORDER BY account, trace_id, action_id`,
        `SELECT trace_id, account, trace_end_lt::text FROM trace_accounts ORDER BY trace_id, account`,
      ];
      for (const sql of decoded) {
        const pipelined: unknown[] = await ds.query(sql);
        const oneByOne: unknown[] = await alone.query(sql);
        assert.ok(pipelined.length > 0, sql);
        assert.deepEqual(oneByOne, pipelined, sql);
      }
    } finally {
      await alone.destroy();
      await other.drop();
    }
  });
});
