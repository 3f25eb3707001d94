import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  ActionQueryRepository,
  BalanceChangesQueryRepository,
  type DataSource,
  MessageQueryRepository,
  revertLastMigration,
  runPendingMigrations,
  TokenQueryRepository,
  TraceQueryRepository,
  TransactionQueryRepository,
} from '@app/database';
import { type DecodedGenesis, decodedGenesis } from '../../support/decoded-genesis';
import { EXPECTED_MIGRATIONS } from '../../support/expected-migrations';
import { ACCOUNT_HISTORIES, mappedRanges, rangesOfRows } from './account-lt-ranges.support';

/** The partitioning migrations and every one after them: reverted to reach the plain tables. */
const MIGRATIONS = EXPECTED_MIGRATIONS.slice(
  EXPECTED_MIGRATIONS.indexOf('PartitionHistory1796250000000'),
);
const HISTORY_TABLES = [
  'actions',
  'trace_accounts',
  'transactions',
  'messages',
  'jetton_transfers',
  'jetton_burns',
  'nft_transfers',
  'action_accounts',
];

interface TableFacts {
  /** relkind: `r` a plain table, `p` partitioned. */
  readonly kind: string;
  /** The data file of the table that holds the rows (the oldest partition once partitioned). */
  readonly filenode: string;
  readonly rows: number;
}

/**
 * The migrations to partitioned history on a populated database: the genesis seed of a local chain
 * ingested and decoded with the schema before them (the migrations reverted, which leaves every row in
 * the plain tables), then migrated again. The rows stay in the files they were in, and the v3 reads
 * answer exactly as before.
 */
void describe('partitioning the history of a populated database', () => {
  let genesis: DecodedGenesis;
  let ds: DataSource;

  before(async () => {
    genesis = await decodedGenesis('partition_migration');
    ds = genesis.ds;
  });

  after(async () => {
    await genesis.close();
  });

  async function facts(table: string, holder: string): Promise<TableFacts> {
    const [row] = await ds.query<{ kind: string; filenode: string; rows: number }[]>(
      `SELECT (SELECT relkind::text FROM pg_class WHERE oid = $1::regclass) AS kind,
              pg_relation_filenode($2::regclass)::text AS filenode,
              (SELECT count(*)::int FROM ${table}) AS rows`,
      [table, holder],
    );
    assert.ok(row);
    return row;
  }

  /** What the v3 repositories answer for the seed's accounts, transactions and messages. */
  async function answers(): Promise<unknown> {
    const tx = new TransactionQueryRepository(ds);
    const msg = new MessageQueryRepository(ds);
    const trace = new TraceQueryRepository(ds);
    const action = new ActionQueryRepository(ds);
    const token = new TokenQueryRepository(ds);
    const page = { limit: 100, offset: 0, sort: 'desc' as const };
    const wallet = genesis.address('wallet-v3r2');
    const samples = await ds.query<{ hash: string; msg_hash: string; trace_id: string }[]>(
      `SELECT T.hash, M.msg_hash, T.trace_id FROM transactions T
       JOIN messages M ON M.tx_hash = T.hash AND M.tx_lt = T.lt AND M.direction = 'in'
       WHERE T.trace_id IS NOT NULL ORDER BY T.lt, T.hash`,
    );
    assert.ok(samples.length > 10, `${String(samples.length)} traced transactions`);
    const hashes = samples.map((s) => s.hash);
    const msgHashes = samples.map((s) => s.msg_hash);
    const traceIds = [...new Set(samples.map((s) => s.trace_id))];
    const everyAction = await action.everyOfTraces(traceIds);
    assert.ok(everyAction.length > 0, 'the seed has actions');
    const supported = ['ton_transfer', 'jetton_transfer', 'nft_transfer', 'call_contract'];
    return {
      latest: await tx.list(page),
      byAccount: await tx.list({ ...page, account: [wallet] }),
      byHashes: await tx.byHashes(hashes),
      byHash: await tx.list({ ...page, hash: hashes.slice(0, 3) }),
      byMessage: await tx.list({ ...page, msg_hash: msgHashes.slice(0, 3) }),
      adjacent: await Promise.all(hashes.map((h) => tx.adjacentHashes(h, undefined))),
      ofTraces: await tx.ofTraces(traceIds),
      messages: await msg.list({ ...page, msg_hash: msgHashes }),
      messagesBySource: await msg.list({ ...page, source: wallet }),
      messagesByDestination: await msg.list({ ...page, destination: wallet }),
      transactionsByMessageSource: await tx.list({ ...page, direction: 'out', source: wallet }),
      tracesByAccountAndUtime: await trace.list({ ...page, account: wallet, start_utime: 0 }),
      tracesByTx: await trace.list({ ...page, tx_hash: hashes }),
      tracesByMessage: await trace.list({ ...page, msg_hash: msgHashes }),
      tracesByAccount: await trace.list({ ...page, account: wallet }),
      actions: await action.list({ ...page, account: wallet, supported_action_types: supported }),
      actionsAsc: await action.list({
        ...page,
        sort: 'asc',
        account: wallet,
        supported_action_types: supported,
      }),
      actionsByTrace: await action.list({
        ...page,
        trace_id: traceIds,
        supported_action_types: supported,
      }),
      actionsById: await action.list({
        ...page,
        action_id: everyAction.map((a) => a.action_id),
        supported_action_types: supported,
      }),
      everyAction,
      actionAccounts: [
        ...(
          await action.accounts(
            everyAction.map((a) => ({
              traceId: a.trace_id,
              actionId: a.action_id,
              traceEndLt: a.trace_end_lt,
            })),
          )
        ).entries(),
      ],
      // balanceChanges reads a trace's actions in no order (it keys them by id).
      traceActions: await Promise.all(
        traceIds.map(async (id) =>
          (await new BalanceChangesQueryRepository(ds).traceActions(id)).sort((a, b) =>
            a.action_id < b.action_id ? -1 : 1,
          ),
        ),
      ),
      jettonTransfers: await token.jettonTransfers({ ...page, owner_address: [wallet] }),
      jettonBurns: await token.jettonBurns({ ...page, owner_address: [wallet] }),
      nftTransfers: await token.nftTransfers({ ...page, owner_address: [wallet] }),
    };
  }

  void it('keeps every row where it is and answers every v3 read as before', async () => {
    const partitioned = await answers();

    for (const migration of [...MIGRATIONS].reverse()) {
      assert.equal(await revertLastMigration(ds), migration);
    }
    const plain = new Map<string, TableFacts>();
    for (const table of HISTORY_TABLES) {
      const before = await facts(table, table);
      assert.equal(before.kind, 'r', table);
      plain.set(table, before);
    }
    const [transactions] = await ds.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM transactions`,
    );
    assert.ok(transactions && transactions.n > 10);
    const [messages] = await ds.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM (SELECT msg_hash, tx_lt FROM messages
         UNION SELECT msg_hash_norm, tx_lt FROM messages WHERE msg_hash_norm IS NOT NULL) u`,
    );
    const [newest] = await ds.query<{ lt: string }[]>(
      `SELECT max(lt)::text AS lt FROM transactions`,
    );
    assert.ok(messages && newest);

    assert.deepEqual(await runPendingMigrations(ds), MIGRATIONS);
    const bound = ((BigInt(newest.lt) + 10n ** 12n) / 10n ** 12n) * 10n ** 12n;
    for (const table of HISTORY_TABLES) {
      const was = plain.get(table);
      assert.ok(was);
      // The parent counts every partition's rows: the same rows, in the same data file.
      assert.deepEqual(await facts(table, `${table}_lt_min`), { ...was, kind: 'p' }, table);
      const partitions = await ds.query<{ name: string; bound: string }[]>(
        `SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
         FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
         WHERE i.inhparent = $1::regclass ORDER BY c.relname DESC`,
        [table],
      );
      assert.deepEqual(partitions, [
        { name: `${table}_lt_min`, bound: `FOR VALUES FROM (MINVALUE) TO ('${String(bound)}')` },
        {
          name: `${table}_lt_${String(bound)}`,
          bound: `FOR VALUES FROM ('${String(bound)}') TO ('${String(bound + 10n ** 12n)}')`,
        },
      ]);
      // The old indexes serve the partition (adopted, not rebuilt): none of them is new.
      const [indexes] = await ds.query<{ own: number; adopted: number }[]>(
        `SELECT count(*)::int AS own,
                count(*) FILTER (WHERE EXISTS (SELECT 1 FROM pg_inherits WHERE inhrelid = x.indexrelid))::int AS adopted
         FROM pg_index x WHERE x.indrelid = $1::regclass`,
        [`${table}_lt_min`],
      );
      assert.ok(indexes && indexes.own > 0 && indexes.own === indexes.adopted, table);
    }
    // The tables keyed by trace id got the partition key into their primary key (the one index built).
    for (const [table, key] of [
      ['actions', 'trace_id, action_id, trace_end_lt'],
      ['trace_accounts', 'trace_id, account, trace_end_lt'],
    ] as const) {
      assert.deepEqual(
        await ds.query(
          `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint
           WHERE conrelid = $1::regclass AND contype = 'p'`,
          [table],
        ),
        [{ def: `PRIMARY KEY (${key})` }],
      );
    }
    assert.deepEqual(await ds.query(`SELECT count(*)::int AS n FROM transaction_lts`), [
      transactions,
    ]);
    assert.deepEqual(await ds.query(`SELECT count(*)::int AS n FROM message_lts`), [messages]);
    assert.deepEqual(
      await ds.query(`SELECT action_id, trace_end_lt::text FROM action_lts ORDER BY 1, 2`),
      await ds.query(`SELECT DISTINCT action_id, trace_end_lt::text FROM actions ORDER BY 1, 2`),
    );
    // The account map filled from the rows (ranges of the default width).
    for (const h of ACCOUNT_HISTORIES) {
      const rows = await rangesOfRows(ds, h, 10n ** 12n);
      assert.ok(rows.length > 0, h.table);
      assert.deepEqual(await mappedRanges(ds, h, 10n ** 12n), rows, h.table);
    }

    assert.deepEqual(await answers(), partitioned);
  });
});
