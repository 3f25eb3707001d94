import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  type StreamAccountStateChange,
  type StreamJettonsChange,
  type StreamTraceUpdate,
  Subjects,
} from '@app/contracts';
import { type DataSource, IndexerCursorRepository, IngestLeaderLease } from '@app/database';
import { connectNats, type MemoryStreamLog, type StreamLogEntry } from '@app/nats';
import { natsUrl } from '@app/testing';
import { jetstream } from '@nats-io/jetstream';
import pino from 'pino';
import { Registry } from 'prom-client';
import { GENESIS, GenesisAccount } from '@app/localnet';
import { pageControllers } from '../src/render-cache/page-controllers.testing';
import { StreamPublisher, type StreamPublisherOptions } from '../src/streaming/stream-publisher';
import { type StreamBlockRenderer } from '../src/streaming/stream-block.renderer';
import { STREAM_PUBLISHER_DEFAULTS } from '../src/streaming/stream-publisher.service';
import { StreamPublisherMetrics } from '../src/streaming/stream.metrics';
import { followTxsDecoded } from '../src/streaming/txs-decoded.wakeups';
import {
  type DecodedGenesis,
  decodedGenesis,
} from '../../../test/integration/support/decoded-genesis';
import {
  entriesOf,
  jettonTransferTrace,
  newLog,
  of,
  streamBlockRenderer,
  until,
} from './stream-publisher.support';

const logger = pino({ level: 'silent' });

/**
 * The Streaming API publisher over the genesis seed ingested and decoded into real PostgreSQL (with
 * interfaces from the localnet's get-methods), into an in-memory StreamLog: the entries of the Jetton
 * transfer v3r2 → v4r2 (its trace snapshots, the wallets' balances, the wallet's state) against the
 * rows and the seed's constants; each exactly once per finality; a restart, a standby replica, the
 * first run and the txs.decoded wake-up.
 */
void describe('query: stream publisher over the decoded genesis seed (real PostgreSQL)', () => {
  let genesis: DecodedGenesis;
  let ds: DataSource;
  let cursors: IndexerCursorRepository;
  let renderer: StreamBlockRenderer;
  let head: number;
  /** The Jetton transfer's trace, its key, and the blocks it spans. */
  let traceId: string;
  let norm: string;
  let start: number;
  let end: number;
  let log: MemoryStreamLog;
  let entries: StreamLogEntry[];

  const address = (name: string): string => genesis.address(name);

  function publisher(
    target: MemoryStreamLog,
    options: Partial<StreamPublisherOptions> = {},
    holder = 'test-holder',
    registry = new Registry(),
  ): StreamPublisher {
    return new StreamPublisher(
      cursors,
      new IngestLeaderLease(ds, 'stream', holder, 15_000),
      renderer,
      target,
      new StreamPublisherMetrics(registry),
      logger,
      { ...STREAM_PUBLISHER_DEFAULTS, pollMs: 20, ...options },
    );
  }

  /** Publishes up to the decoder's watermark and stops. */
  async function publishToHead(target: MemoryStreamLog, options = {}): Promise<void> {
    const sut = publisher(target, options);
    sut.start();
    try {
      assert.equal(await until(() => sut.publishedSeqno() === head), true, 'published to head');
    } finally {
      await sut.stop();
    }
  }

  async function rewind(to: number): Promise<void> {
    await ds.query(`UPDATE indexer_cursor SET mc_seqno = $1 WHERE name = 'stream'`, [to]);
  }

  before(async () => {
    genesis = await decodedGenesis('stream_publisher');
    ds = genesis.ds;
    cursors = new IndexerCursorRepository(ds);
    renderer = streamBlockRenderer(ds);
    const decoded = await cursors.get('decoder');
    assert.ok(decoded !== null);
    head = decoded;
    ({ traceId, start, end, norm } = await jettonTransferTrace(ds));
    // As if the publisher had run since the block before the transfer.
    await cursors.advance('stream', start - 1);
    log = newLog();
    await publishToHead(log);
    entries = await entriesOf(log);
  });

  after(async () => {
    await genesis.close();
  });

  void it('appends one snapshot of the transfer’s trace per block it touched and finality, confirmed first', async () => {
    const blocks: { mc: number }[] = await ds.query(
      `SELECT DISTINCT mc_block_seqno AS mc FROM transactions WHERE trace_id = $1 ORDER BY 1`,
      [traceId],
    );
    const updates = of<StreamTraceUpdate>(entries, Subjects.stream.trace).filter(
      (u) => u.trace_external_hash_norm === norm,
    );
    assert.deepEqual(
      updates.map((u) => [u.finality, u.mc_seqno]),
      blocks.flatMap((b) => [
        ['confirmed', b.mc],
        ['finalized', b.mc],
      ]),
    );
    // Each block's snapshot holds the transactions committed up to it, each at the entry's finality.
    for (const u of updates) {
      const rows: { hash: string }[] = await ds.query(
        `SELECT hash FROM transactions WHERE trace_id = $1 AND mc_block_seqno <= $2 ORDER BY hash`,
        [traceId, u.mc_seqno],
      );
      assert.deepEqual(
        Object.keys(u.transactions).sort(),
        rows.map((r) => r.hash),
      );
      for (const tx of Object.values(u.transactions)) {
        assert.equal(tx.finality, u.finality);
        assert.equal(tx.emulated, false);
      }
      // Actions only once the trace is complete (classified in its last block).
      assert.equal(u.actions.length > 0, u.mc_seqno === end);
    }
  });

  void it('renders the complete trace exactly as /api/v3/traces does, plus every action with its accounts', async () => {
    const last = of<StreamTraceUpdate>(entries, Subjects.stream.trace).find(
      (u) =>
        u.trace_external_hash_norm === norm && u.finality === 'finalized' && u.mc_seqno === end,
    );
    assert.ok(last);
    const types: { type: string }[] = await ds.query(
      `SELECT DISTINCT type FROM actions WHERE trace_id = $1`,
      [traceId],
    );
    const supported = types.map((t) => t.type);
    const v3 = await pageControllers(ds).traces.list({
      trace_id: [traceId],
      include_actions: true,
      supported_action_types: supported,
      limit: 10,
      offset: 0,
      sort: 'desc',
    });
    const [trace] = v3.traces;
    assert.ok(trace);
    assert.deepEqual(last.transactions, trace.transactions);
    assert.deepEqual(last.trace, trace.trace);
    // The gateway's supported-types rule over the streamed actions gives /traces' list.
    const visible = last.actions
      .filter(
        (a) =>
          supported.includes(a.action.type) && !a.ancestor_types.some((t) => supported.includes(t)),
      )
      .map(({ action }) => {
        const { accounts: _accounts, ...rest } = action;
        return rest;
      });
    assert.deepEqual(visible, trace.actions);
    for (const [raw, row] of Object.entries(v3.address_book)) {
      assert.deepEqual(last.address_book[raw], row, raw);
    }

    const transfer = last.actions.find((a) => a.action.type === 'jetton_transfer');
    assert.ok(transfer);
    const accounts: { account: string }[] = await ds.query(
      `SELECT AA.account FROM action_accounts AA WHERE AA.trace_id = $1 AND AA.action_id = $2
       ORDER BY AA.account`,
      [traceId, transfer.action.action_id],
    );
    assert.deepEqual(
      transfer.action.accounts,
      accounts.map((a) => a.account),
    );
    for (const name of [GenesisAccount.walletV3r2, GenesisAccount.walletV4r2]) {
      assert.ok(transfer.action.accounts.includes(address(name)), name);
    }
    assert.equal(transfer.action.details.amount, GENESIS.jetton.transferV3r2ToV4r2.toString());
    assert.equal(transfer.action.details.sender, address(GenesisAccount.walletV3r2));
    assert.equal(transfer.action.details.receiver, address(GenesisAccount.walletV4r2));
  });

  void it('appends both owners’ jetton wallets with the seed’s balances, once per finality', () => {
    const changes = of<StreamJettonsChange>(entries, Subjects.stream.jettons);
    const minter = address(GenesisAccount.jettonMinter);
    const expected = [
      [GenesisAccount.jettonWalletV3r2, GenesisAccount.walletV3r2, GENESIS.jetton.finalBalanceV3r2],
      [GenesisAccount.jettonWalletV4r2, GenesisAccount.walletV4r2, GENESIS.jetton.finalBalanceV4r2],
    ] as const;
    for (const [wallet, owner, balance] of expected) {
      const mine = changes.filter((c) => c.jetton.address === address(wallet));
      assert.deepEqual(
        mine.map((c) => [c.finality, c.jetton.balance, c.jetton.owner, c.jetton.jetton]),
        [
          ['confirmed', balance.toString(), address(owner), minter],
          ['finalized', balance.toString(), address(owner), minter],
        ],
        wallet,
      );
      const [first] = mine;
      assert.ok(first);
      assert.deepEqual(
        Object.keys(first.address_book).sort(),
        [address(wallet), address(owner), minter].sort(),
      );
      assert.deepEqual(Object.keys(first.metadata), [minter]);
    }
    assert.equal(changes.length, 4);
  });

  void it('appends the jetton wallet’s state with the stored balance, once per finality and block', async () => {
    const wallet = address(GenesisAccount.jettonWalletV3r2);
    const rows: { mc: number; lt: string; hash: string; balance: string }[] = await ds.query(
      `SELECT DISTINCT ON (T.mc_block_seqno) T.mc_block_seqno AS mc, T.lt::text AS lt,
              S.hash, S.balance::text AS balance
       FROM transactions T JOIN account_states S ON S.hash = T.account_state_hash_after
       WHERE T.account = $1 AND T.mc_block_seqno >= $2
       ORDER BY T.mc_block_seqno, T.lt DESC`,
      [wallet, start],
    );
    assert.ok(rows.length > 0);
    const changes = of<StreamAccountStateChange>(entries, Subjects.stream.accountState).filter(
      (c) => c.account === wallet,
    );
    assert.deepEqual(
      changes.map((c) => [
        c.finality,
        c.mc_seqno,
        c.last_transaction_lt,
        c.state.hash,
        c.state.balance,
      ]),
      rows.flatMap((r) => [
        ['confirmed', r.mc, r.lt, r.hash, r.balance],
        ['finalized', r.mc, r.lt, r.hash, r.balance],
      ]),
    );
    assert.equal(changes.at(-1)?.state.account_status, 'active');
  });

  void it('appends every entry once: no two carry the same data at the same finality', () => {
    const keys = entries.map((e) => {
      const p = e.payload as Record<string, unknown>;
      return JSON.stringify([
        e.subject,
        p.trace_external_hash_norm ?? p.account ?? (p.jetton as { address: string }).address,
        p.finality,
        p.mc_seqno,
      ]);
    });
    assert.equal(new Set(keys).size, keys.length);
    assert.ok(entries.length > 0);
  });

  void it('resumes after a crash before the cursor moved without appending anything twice', async () => {
    const before = await log.bounds();
    await rewind(start - 1);
    await publishToHead(log);
    assert.deepEqual(await log.bounds(), before);
    assert.equal(await cursors.get('stream'), head);
  });

  void it('stands by while another replica holds the lease, and takes over once it is released', async () => {
    await rewind(end - 1);
    await ds.query(
      `INSERT INTO ingest_leader (name, holder, expires_at)
       VALUES ('stream', 'other-replica', now() + interval '1 minute')
       ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at`,
    );
    const standby = newLog();
    const registry = new Registry();
    const sut = publisher(standby, { leaseRenewMs: 100 }, 'standby-replica', registry);
    sut.start();
    try {
      await new Promise((r) => setTimeout(r, 500));
      assert.equal((await standby.bounds()).last, 0);
      assert.equal(await cursors.get('stream'), end - 1);
      const leader = await registry.getSingleMetric('tonapi_stream_publisher_leader')?.get();
      assert.equal(leader?.values[0]?.value, 0);
      await ds.query(`DELETE FROM ingest_leader WHERE name = 'stream'`);
      assert.equal(await until(() => sut.publishedSeqno() === head), true);
      assert.ok((await standby.bounds()).last > 0);
    } finally {
      await sut.stop();
    }
  });

  void it('skips an entry over the payload limit (counted) and goes on with the rest', async () => {
    await rewind(end - 1);
    const small = newLog();
    const registry = new Registry();
    const sut = publisher(small, { maxPayloadBytes: 3_000 }, 'test-holder', registry);
    sut.start();
    try {
      assert.equal(await until(() => sut.publishedSeqno() === head), true);
    } finally {
      await sut.stop();
    }
    const published = await entriesOf(small);
    assert.equal(published.filter((e) => e.subject === Subjects.stream.trace).length, 0);
    assert.ok(published.some((e) => e.subject === Subjects.stream.accountState));
    const traces = entries.filter(
      (e) =>
        e.subject === Subjects.stream.trace && (e.payload as StreamTraceUpdate).mc_seqno! >= end,
    ).length;
    const skipped = await registry.getSingleMetric('tonapi_stream_publisher_skipped_total')?.get();
    assert.deepEqual(
      skipped?.values.map((v) => [v.labels.subject, v.labels.reason, v.value]),
      [[Subjects.stream.trace, 'too_large', traces]],
    );
  });

  void it('starts at the decoder’s watermark on its first run (no history)', async () => {
    await ds.query(`DELETE FROM indexer_cursor WHERE name = 'stream'`);
    const fresh = newLog();
    const sut = publisher(fresh);
    sut.start();
    try {
      assert.equal(await until(async () => (await cursors.get('stream')) === head), true);
      await new Promise((r) => setTimeout(r, 100));
      assert.equal((await fresh.bounds()).last, 0);
    } finally {
      await sut.stop();
    }
  });

  void it('is woken by txs.decoded long before its poll', async () => {
    const woken = newLog();
    const sut = publisher(woken, { pollMs: 60_000 });
    const nc = await connectNats({ servers: natsUrl() });
    const wakeups = await followTxsDecoded(
      nc,
      () => {
        sut.wake();
      },
      logger,
    );
    sut.start();
    try {
      // Idle at the head; then the decoder "commits" block `head` again and says so.
      assert.equal(await until(() => sut.publishedSeqno() === head), true);
      await new Promise((r) => setTimeout(r, 100));
      await rewind(head - 1);
      // Published without the decoder's Nats-Msg-Id (`txs.decoded:<seqno>`): the genesis head is the
      // same seqno in every test, and JetStream would drop this event as a duplicate of one another
      // test's decoder published on the shared server within its 2-minute window (CI saw it).
      await jetstream(nc).publish(Subjects.evt.txsDecoded, JSON.stringify({ mc_seqno: head }));
      assert.equal(await until(async () => (await woken.bounds()).last > 0, 10_000), true);
    } finally {
      await wakeups.stop();
      await sut.stop();
      await nc.close();
    }
  });
});
