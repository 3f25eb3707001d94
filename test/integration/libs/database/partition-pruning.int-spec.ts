import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  ActionQueryRepository,
  BalanceChangesQueryRepository,
  type DataSource,
  MessageQueryRepository,
  TraceQueryRepository,
  TransactionQueryRepository,
} from '@app/database';
import { PartitionedGenesis } from './partitioned-genesis.support';

interface TxRow {
  hash: string;
  lt: string;
  account: string;
  trace_id: string;
  block_workchain: number;
  block_shard: string;
  block_seqno: number;
  mc_block_seqno: number;
}

void describe('partition pruning of the v3 queries (history partitioned by lt)', () => {
  let pg: PartitionedGenesis;
  let ds: DataSource;
  let width = 0n;

  before(async () => {
    pg = await PartitionedGenesis.start('partition_pruning');
    ds = pg.ds;
    width = pg.width;
  });

  after(async () => {
    await pg.close();
  });

  const partitionsOf = (table: string, lts: readonly (string | bigint)[]): string[] =>
    pg.partitionsOf(table, lts);
  const partitionsBetween = (table: string, from: string, to: string): string[] =>
    pg.partitionsBetween(table, from, to);
  const readBy = (call: () => Promise<unknown>): Promise<string[][]> => pg.readBy(call);

  function repos(): {
    tx: TransactionQueryRepository;
    msg: MessageQueryRepository;
    trace: TraceQueryRepository;
    action: ActionQueryRepository;
    balance: BalanceChangesQueryRepository;
  } {
    const source = pg.source;
    return {
      tx: new TransactionQueryRepository(source),
      msg: new MessageQueryRepository(source),
      trace: new TraceQueryRepository(source),
      action: new ActionQueryRepository(source),
      balance: new BalanceChangesQueryRepository(source),
    };
  }

  /** A traced transaction with an inbound internal message, in a partition after the first. */
  async function sample(): Promise<{ tx: TxRow; msgHash: string; otherLt: string }> {
    const rows = await ds.query<(TxRow & { msg_hash: string; other_lt: string })[]>(
      `SELECT T.hash, T.lt::text AS lt, T.account, T.trace_id, T.block_workchain,
              T.block_shard::text AS block_shard, T.block_seqno, T.mc_block_seqno,
              M.msg_hash, O.tx_lt::text AS other_lt
       FROM transactions T
       JOIN messages M ON M.tx_hash = T.hash AND M.tx_lt = T.lt AND M.direction = 'in'
       JOIN messages O ON O.msg_hash = M.msg_hash AND O.direction = 'out'
       WHERE T.trace_id IS NOT NULL AND T.lt >= $1
       ORDER BY T.lt LIMIT 1`,
      [width.toString()],
    );
    const [row] = rows;
    assert.ok(row, 'a traced internal transaction beyond the first partition');
    return { tx: row, msgHash: row.msg_hash, otherLt: row.other_lt };
  }

  void it('the history spans several partitions of every table, made ahead of the chain', async () => {
    const [newest] = await ds.query<{ lt: string }[]>(
      `SELECT max(lt)::text AS lt FROM transactions`,
    );
    assert.ok(newest);
    const tables = await ds.query<{ table: string; partitions: string[] }[]>(
      `SELECT p.relname AS table, array_agg(c.relname::text ORDER BY c.relname) AS partitions
       FROM pg_inherits i JOIN pg_class p ON p.oid = i.inhparent JOIN pg_class c ON c.oid = i.inhrelid
       WHERE p.relkind = 'p' GROUP BY p.relname ORDER BY 1`,
    );
    const expected = (table: string): string[] =>
      [
        `${table}_lt_min`,
        ...partitionsBetween(table, '0', (BigInt(newest.lt) + width).toString()),
      ].sort();
    assert.deepEqual(
      tables,
      [
        'action_accounts',
        'actions',
        'jetton_burns',
        'jetton_transfers',
        'messages',
        'nft_transfers',
        'trace_accounts',
        'transactions',
      ].map((table) => ({ table, partitions: expected(table) })),
    );
    assert.ok(expected('transactions').length >= 5, expected('transactions').join());
  });

  void it('transactions by hash, by lt, by block, by masterchain block, by message read only their partitions', async () => {
    const { tx: repo } = repos();
    const { tx, msgHash, otherLt } = await sample();
    const page = { limit: 100, offset: 0, sort: 'desc' as const };
    const own = partitionsOf('transactions', [tx.lt]);
    const ownMessages = partitionsOf('messages', [tx.lt]);

    // The page, its messages, its account states (not partitioned).
    assert.deepEqual(await readBy(() => repo.list({ ...page, hash: [tx.hash] })), [
      own,
      ownMessages,
      [],
    ]);

    assert.deepEqual((await readBy(() => repo.byHashes([tx.hash])))[0], own);
    assert.deepEqual((await readBy(() => repo.page({ ...page, lt: tx.lt })))[0], own);

    const [block] = await ds.query<{ start_lt: string; end_lt: string }[]>(
      `SELECT start_lt::text, end_lt::text FROM blocks WHERE workchain = $1 AND shard = $2 AND seqno = $3`,
      [tx.block_workchain, tx.block_shard, tx.block_seqno],
    );
    assert.ok(block);
    const byBlock = await readBy(() =>
      repo.page({
        ...page,
        workchain: tx.block_workchain,
        shard: tx.block_shard,
        seqno: tx.block_seqno,
      }),
    );
    assert.deepEqual(byBlock, [partitionsBetween('transactions', block.start_lt, block.end_lt)]);

    const [mc] = await ds.query<{ start_lt: string; end_lt: string }[]>(
      `SELECT min(start_lt)::text AS start_lt, max(end_lt)::text AS end_lt FROM blocks WHERE mc_block_seqno = $1`,
      [tx.mc_block_seqno],
    );
    assert.ok(mc);
    const byMc = await readBy(() => repo.page({ ...page, mc_seqno: tx.mc_block_seqno }));
    assert.deepEqual(byMc, [partitionsBetween('transactions', mc.start_lt, mc.end_lt)]);

    const byMessage = await readBy(() => repo.page({ ...page, msg_hash: [msgHash] }));
    assert.deepEqual(byMessage, [
      [
        ...partitionsOf('messages', [tx.lt, otherLt]),
        ...partitionsOf('transactions', [tx.lt, otherLt]),
      ].sort(),
    ]);

    // The transaction's messages with their other ends' lts, then the other ends.
    const adjacent = await readBy(() => repo.adjacentHashes(tx.hash, 'in'));
    assert.deepEqual(adjacent, [ownMessages, partitionsOf('messages', [tx.lt, otherLt])]);
  });

  void it("a trace's transactions and messages read only the partitions of its lt range", async () => {
    const { tx: repo } = repos();
    const { tx } = await sample();
    const [trace] = await ds.query<{ start_lt: string; end_lt: string }[]>(
      `SELECT start_lt::text, end_lt::text FROM traces WHERE trace_id = $1`,
      [tx.trace_id],
    );
    assert.ok(trace);
    const [txs, messages, states] = await readBy(() => repo.ofTraces([tx.trace_id]));
    assert.deepEqual(txs, partitionsBetween('transactions', trace.start_lt, trace.end_lt));
    assert.deepEqual(messages, partitionsBetween('messages', trace.start_lt, trace.end_lt));
    assert.deepEqual(states, partitionsBetween('transactions', trace.start_lt, trace.end_lt));
  });

  void it('messages, traces and actions by message or transaction hash read only their partitions', async () => {
    const { msg, trace, action } = repos();
    const { tx, msgHash, otherLt } = await sample();
    const page = { limit: 100, offset: 0, sort: 'desc' as const };
    const messages = partitionsOf('messages', [tx.lt, otherLt]);

    assert.deepEqual(await readBy(() => msg.list({ ...page, msg_hash: [msgHash] })), [
      messages,
      messages,
    ]);
    assert.deepEqual(await readBy(() => trace.list({ ...page, msg_hash: [msgHash] })), [messages]);
    assert.deepEqual(await readBy(() => trace.list({ ...page, tx_hash: [tx.hash] })), [
      partitionsOf('transactions', [tx.lt]),
    ]);
    // The traces of the message (their lt ranges, from the message's partitions), then the actions
    // of those ranges only; the message condition runs only for actions the type filter keeps.
    const supported = ['ton_transfer', 'jetton_transfer', 'call_contract', 'contract_deploy'];
    const [traces] = await ds.query<{ start_lt: string; end_lt: string }[]>(
      `SELECT start_lt::text, end_lt::text FROM traces WHERE trace_id = $1`,
      [tx.trace_id],
    );
    assert.ok(traces);
    const [lookup, byMessage] = await readBy(() =>
      action.list({ ...page, msg_hash: [msgHash], supported_action_types: supported }),
    );
    assert.deepEqual(lookup, messages);
    assert.ok(byMessage);
    assert.deepEqual(
      byMessage.filter((name) => name.startsWith('actions_')),
      partitionsBetween('actions', traces.start_lt, traces.end_lt),
    );
    assert.deepEqual(
      byMessage.filter((name) => !name.startsWith('actions_') && !messages.includes(name)),
      [],
    );
  });

  /** The account with rows of `table` in the most partitions, and the lt of its newest row. */
  async function busiest(table: string, lt: string): Promise<{ account: string; newest: string }> {
    const [row] = await ds.query<{ account: string; newest: string; partitions: number }[]>(
      `SELECT account, max(${lt})::text AS newest, count(DISTINCT tableoid)::int AS partitions
       FROM ${table} GROUP BY account ORDER BY 3 DESC, count(*) DESC, account LIMIT 1`,
    );
    assert.ok(row && row.partitions > 1, `an account with ${table} in several partitions`);
    return row;
  }

  void it("an account's newest page reads the partition of its newest row only: none above (account_lt_ranges), none older (ordered Append)", async () => {
    const { tx: repo } = repos();
    const { account, newest } = await busiest('transactions', 'lt');
    const [rows] = await readBy(() =>
      repo.page({ limit: 1, offset: 0, sort: 'desc', account: [account] }),
    );
    assert.deepEqual(rows, partitionsOf('transactions', [newest]));
  });

  /** The trace with actions whose end is the newest: its id and lt range. */
  async function tracedActions(): Promise<{ trace_id: string; start_lt: string; end_lt: string }> {
    const [trace] = await ds.query<{ trace_id: string; start_lt: string; end_lt: string }[]>(
      `SELECT E.trace_id, E.start_lt::text, E.end_lt::text FROM traces E
       WHERE EXISTS (SELECT 1 FROM actions A WHERE A.trace_id = E.trace_id)
       ORDER BY E.end_lt DESC, E.trace_id LIMIT 1`,
    );
    assert.ok(
      trace && BigInt(trace.end_lt) >= width,
      'a trace with actions beyond the first partition',
    );
    return trace;
  }

  void it("a trace's actions and their accounts read only the partitions of the trace's lt range", async () => {
    const { action, balance } = repos();
    const trace = await tracedActions();
    const range = partitionsBetween('actions', trace.start_lt, trace.end_lt);
    const supported = ['ton_transfer', 'jetton_transfer', 'call_contract', 'contract_deploy'];

    const [every] = await readBy(() => action.everyOfTraces([trace.trace_id]));
    assert.deepEqual(every, range);
    assert.deepEqual(
      await readBy(() =>
        action.list({
          limit: 100,
          offset: 0,
          sort: 'desc',
          trace_id: [trace.trace_id],
          supported_action_types: supported,
        }),
      ),
      [range],
    );
    assert.deepEqual(await readBy(() => balance.traceActions(trace.trace_id)), [range]);
    assert.deepEqual(await readBy(() => balance.traceMessages(trace.trace_id)), [
      [
        ...partitionsBetween('messages', trace.start_lt, trace.end_lt),
        ...partitionsBetween('transactions', trace.start_lt, trace.end_lt),
      ].sort(),
    ]);

    const rows = await new ActionQueryRepository(ds).everyOfTraces([trace.trace_id]);
    assert.ok(rows.length > 0);
    const keys = rows.map((r) => ({
      traceId: r.trace_id,
      actionId: r.action_id,
      traceEndLt: r.trace_end_lt,
    }));
    assert.deepEqual(await readBy(() => action.accounts(keys)), [
      partitionsOf(
        'action_accounts',
        rows.map((r) => r.trace_end_lt),
      ),
    ]);
  });

  void it('actions by action_id read only the partitions of their trace_end_lt (action_lts)', async () => {
    const { action } = repos();
    const trace = await tracedActions();
    const rows = await new ActionQueryRepository(ds).everyOfTraces([trace.trace_id]);
    const ids = rows.map((r) => r.action_id);
    assert.ok(ids.length > 0);
    const page = { limit: 100, offset: 0, sort: 'desc' as const, supported_action_types: [] };
    assert.deepEqual(await readBy(() => action.list({ ...page, action_id: ids })), [
      partitionsOf('actions', [trace.end_lt]),
    ]);
    // The same rows as the action_id index of every partition finds.
    const found = await action.list({ ...page, action_id: ids });
    const everywhere = await ds.query<{ action_id: string }[]>(
      `SELECT action_id FROM actions WHERE action_id = ANY($1::char(44)[]) AND end_lt IS NOT NULL
       ORDER BY trace_end_lt DESC, trace_id DESC, end_lt DESC, action_id DESC`,
      [ids],
    );
    assert.deepEqual(
      found.map((r) => r.action_id),
      everywhere.map((r) => r.action_id),
    );
    assert.deepEqual(await readBy(() => action.list({ ...page, action_id: ['x'.repeat(44)] })), [
      [],
    ]);
    const { balance } = repos();
    const [id] = ids;
    assert.ok(id !== undefined);
    assert.deepEqual(await readBy(() => balance.traceOfAction(id)), [
      partitionsOf('actions', [trace.end_lt]),
    ]);
    assert.equal(await balance.traceOfAction(id), trace.trace_id);
  });

  void it("an account's newest page of traces reads the partition of its newest trace only", async () => {
    const { trace } = repos();
    const { account, newest } = await busiest('trace_accounts', 'trace_end_lt');
    const page = { limit: 1, offset: 0, sort: 'desc' as const, account };
    assert.deepEqual(await readBy(() => trace.list(page)), [
      partitionsOf('trace_accounts', [newest]),
    ]);
  });
});
