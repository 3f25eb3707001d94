import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  createDataSource,
  type CreatedPartition,
  type DataSource,
  HistoryPartitions,
} from '@app/database';
import { createTestDatabase, type TestDatabase } from '@app/testing';

const WIDTH = 1000n;
const FIRST = 1_000_000_000_000n;

void describe('HistoryPartitions: lt partitions made ahead of the chain (real PostgreSQL)', () => {
  let db: TestDatabase;
  let ds: DataSource;

  before(async () => {
    db = await createTestDatabase({ prefix: 'history_partitions' });
    ds = await createDataSource({ url: db.url, poolSize: 3 }).initialize();
    await ds.query(`UPDATE history_partitioning SET lt_width = $1`, [WIDTH.toString()]);
  });

  after(async () => {
    await ds.destroy();
    await db.drop();
  });

  async function partitions(table: string): Promise<string[]> {
    const rows = await ds.query<{ bound: string }[]>(
      `SELECT pg_get_expr(c.relpartbound, c.oid) AS bound FROM pg_inherits i
       JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = $1::regclass ORDER BY c.relname`,
      [table],
    );
    return rows.map((r) => r.bound);
  }

  void it('covers one width beyond the lt written, every table alike, and counts what it made', async () => {
    const created: CreatedPartition[] = [];
    const headroom: bigint[] = [];
    const maintainer = new HistoryPartitions(ds, {
      onCreated: (p) => created.push(p),
      onHeadroom: (lt) => headroom.push(lt),
    });
    // The migration made [0, 10^12) (its default width); the next ones have this width.
    await maintainer.ensureCovers(FIRST + 1500n);
    const from = (n: bigint): string =>
      `FOR VALUES FROM ('${String(n)}') TO ('${String(n + WIDTH)}')`;
    const expected = [
      `FOR VALUES FROM ('0') TO ('${String(FIRST)}')`,
      from(FIRST),
      from(FIRST + 1000n),
      from(FIRST + 2000n),
      `FOR VALUES FROM (MINVALUE) TO ('0')`,
    ];
    for (const table of [
      'transactions',
      'messages',
      'action_accounts',
      'actions',
      'trace_accounts',
      'nft_transfers',
    ]) {
      assert.deepEqual(await partitions(table), expected, table);
    }
    assert.deepEqual(
      created.filter((p) => p.table === 'transactions').map((p) => [p.name, p.from, p.to]),
      [
        ['transactions_lt_1000000000000', FIRST, FIRST + 1000n],
        ['transactions_lt_1000000001000', FIRST + 1000n, FIRST + 2000n],
        ['transactions_lt_1000000002000', FIRST + 2000n, FIRST + 3000n],
      ],
    );
    assert.equal(created.length, 3 * 8);
    assert.deepEqual(headroom, [1500n]);
    assert.equal(maintainer.coveredUpTo(), FIRST + 3000n);

    // Rows go where they belong.
    await ds.query(`INSERT INTO transaction_lts (hash, lt) VALUES ('A', $1)`, [
      (FIRST + 2999n).toString(),
    ]);
    await ds.query(
      `INSERT INTO jetton_burns (tx_hash, tx_lt, tx_now, tx_aborted, mc_seqno, query_id,
         jetton_wallet_address, amount) VALUES ('A', $1, 0, false, 1, 0, '0:00', 1)`,
      [(FIRST + 2999n).toString()],
    );
    assert.deepEqual(await ds.query(`SELECT tableoid::regclass::text AS p FROM jetton_burns`), [
      { p: 'jetton_burns_lt_1000000002000' },
    ]);
  });

  void it('makes nothing while the lt written stays a width below the covered bound', async () => {
    const headroom: bigint[] = [];
    // A new maintainer over the same database sees what the first made.
    const maintainer = new HistoryPartitions(ds, { onHeadroom: (lt) => headroom.push(lt) });
    assert.deepEqual(await maintainer.ensureCovers(FIRST + 1800n), []);
    assert.deepEqual(await maintainer.ensureCovers(FIRST + 1999n), []);
    assert.deepEqual(headroom, [1200n, 1001n]);
    assert.equal(maintainer.coveredUpTo(), FIRST + 3000n);
  });

  void it('covers a long gap with one partition, then widths from the aligned lt', async () => {
    const created = await new HistoryPartitions(ds).ensureCovers(FIRST + 100_500n);
    assert.deepEqual(
      created.filter((p) => p.table === 'messages').map((p) => [p.from, p.to]),
      [
        [FIRST + 3000n, FIRST + 100_000n],
        [FIRST + 100_000n, FIRST + 101_000n],
        [FIRST + 101_000n, FIRST + 102_000n],
      ],
    );
  });

  void it('two writers extending at once make each partition once', async () => {
    const [a, b] = await Promise.all([
      new HistoryPartitions(ds).ensureCovers(FIRST + 105_000n),
      new HistoryPartitions(ds).ensureCovers(FIRST + 105_000n),
    ]);
    const names = [...a, ...b].filter((p) => p.table === 'transactions').map((p) => p.name);
    assert.deepEqual(names, [
      'transactions_lt_1000000102000',
      'transactions_lt_1000000103000',
      'transactions_lt_1000000104000',
      'transactions_lt_1000000105000',
      'transactions_lt_1000000106000',
    ]);
  });
});
