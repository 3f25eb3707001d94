import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  ActionQueryRepository,
  type DataSource,
  MessageQueryRepository,
  TokenQueryRepository,
  TraceQueryRepository,
  TransactionQueryRepository,
} from '@app/database';
import {
  ACCOUNT_HISTORIES,
  type AccountHistory,
  accountRows,
  mappedRanges,
  rangesOfRows,
} from './account-lt-ranges.support';
import { PartitionedGenesis } from './partitioned-genesis.support';

function history(table: string): AccountHistory {
  const found = ACCOUNT_HISTORIES.find((h) => h.table === table);
  assert.ok(found, table);
  return found;
}

/** Every lt in every range: the same statements as before the account map bounded them. */
const EVERYTHING = [{ from: '0', to: '9223372036854775807' }];

/**
 * A DataSource stand-in answering the account map's lookup with one range of every lt, so a
 * repository sends its statement unbounded: the reference the bounded answers must equal.
 */
function unbounded(ds: Pick<DataSource, 'query'>): DataSource {
  const query = <T>(sql: string, params?: unknown[]): Promise<T> =>
    sql.includes('FROM account_lt_ranges')
      ? Promise.resolve(EVERYTHING as T)
      : ds.query<T>(sql, params);
  return { query } as unknown as DataSource;
}

interface Repos {
  tx: TransactionQueryRepository;
  msg: MessageQueryRepository;
  trace: TraceQueryRepository;
  action: ActionQueryRepository;
  token: TokenQueryRepository;
}

function repos(source: DataSource): Repos {
  return {
    tx: new TransactionQueryRepository(source),
    msg: new MessageQueryRepository(source),
    trace: new TraceQueryRepository(source),
    action: new ActionQueryRepository(source),
    token: new TokenQueryRepository(source),
  };
}

const SUPPORTED = ['ton_transfer', 'jetton_transfer', 'call_contract', 'contract_deploy'];

/** An account-based v3 read: the table whose map bounds it, and the read for an account. */
interface Shape {
  readonly name: string;
  readonly table: string;
  /** Only one table's partitions are read (the others are joined by their partition key). */
  readonly single: boolean;
  /** Ordered by the partition key: read window by window, newest first (pageByLtWindows). */
  readonly windowed: boolean;
  readonly read: (r: Repos, account: string, other: string, page: Page) => Promise<unknown>;
}

interface Page {
  limit: number;
  offset: number;
  sort: 'asc' | 'desc';
}

const SHAPES: readonly Shape[] = [
  {
    name: 'transactions by account',
    table: 'transactions',
    single: true,
    windowed: true,
    read: (r, a, _o, p) => r.tx.page({ ...p, account: [a] }),
  },
  {
    name: 'transactions by several accounts',
    table: 'transactions',
    single: true,
    windowed: true,
    read: (r, a, o, p) => r.tx.page({ ...p, account: [a, o] }),
  },
  {
    name: 'transactions by utime of an account',
    table: 'transactions',
    single: true,
    windowed: false,
    read: (r, a, _o, p) => r.tx.page({ ...p, account: [a], start_utime: 0 }),
  },
  {
    name: 'transactions by message source',
    table: 'messages',
    single: false,
    windowed: false,
    read: (r, a, _o, p) => r.tx.page({ ...p, direction: 'out', source: a }),
  },
  {
    name: 'transactions by message destination',
    table: 'messages',
    single: false,
    windowed: false,
    read: (r, a, _o, p) => r.tx.page({ ...p, direction: 'in', destination: a }),
  },
  {
    name: 'messages by source',
    table: 'messages',
    single: true,
    windowed: false,
    read: (r, a, _o, p) => r.msg.list({ ...p, source: a }),
  },
  {
    name: 'messages by destination',
    table: 'messages',
    single: true,
    windowed: false,
    read: (r, a, _o, p) => r.msg.list({ ...p, destination: a }),
  },
  {
    name: 'traces by account',
    table: 'trace_accounts',
    single: true,
    windowed: true,
    read: (r, a, _o, p) => r.trace.list({ ...p, account: a }),
  },
  {
    name: 'traces by account and utime',
    table: 'transactions',
    single: false,
    windowed: false,
    read: (r, a, _o, p) => r.trace.list({ ...p, account: a, start_utime: 0 }),
  },
  {
    name: 'actions by account',
    table: 'action_accounts',
    single: false,
    windowed: true,
    read: (r, a, _o, p) => r.action.list({ ...p, account: a, supported_action_types: SUPPORTED }),
  },
  {
    name: 'jetton transfers by owner',
    table: 'jetton_transfers',
    single: true,
    windowed: true,
    read: (r, a, _o, p) => r.token.jettonTransfers({ ...p, owner_address: [a] }),
  },
  {
    name: 'jetton transfers by owners',
    table: 'jetton_transfers',
    single: true,
    windowed: true,
    read: (r, a, o, p) => r.token.jettonTransfers({ ...p, owner_address: [a, o] }),
  },
  {
    name: 'jetton transfers to an owner',
    table: 'jetton_transfers',
    single: true,
    windowed: true,
    read: (r, a, _o, p) => r.token.jettonTransfers({ ...p, owner_address: [a], direction: 'in' }),
  },
  {
    name: 'jetton burns by owner',
    table: 'jetton_burns',
    single: true,
    windowed: true,
    read: (r, a, _o, p) => r.token.jettonBurns({ ...p, owner_address: [a] }),
  },
  {
    name: 'nft transfers by owner',
    table: 'nft_transfers',
    single: true,
    windowed: true,
    read: (r, a, _o, p) => r.token.nftTransfers({ ...p, owner_address: [a] }),
  },
];

/** The partitions a read's statements read, together. */
function union(reads: readonly string[][]): string[] {
  return [...new Set(reads.flat())].sort();
}

/** Partition suffixes (`_lt_min`, `_lt_<from>`) in lt order. */
function byLt(a: string, b: string): number {
  const lt = (x: string): bigint => (x === '_lt_min' ? -1n : BigInt(x.slice(4)));
  return lt(a) < lt(b) ? -1 : lt(a) > lt(b) ? 1 : 0;
}

void describe('partition pruning of the v3 reads by account (account_lt_ranges)', () => {
  let pg: PartitionedGenesis;

  before(async () => {
    pg = await PartitionedGenesis.start('account_pruning');
  });

  after(async () => {
    await pg.close();
  });

  /** The accounts of `h`'s rows with the partitions holding their rows, fewest partitions first. */
  async function accountsOf(
    h: AccountHistory,
  ): Promise<{ account: string; partitions: string[] }[]> {
    return pg.ds.query<{ account: string; partitions: string[] }[]>(
      `SELECT A.account, array_agg(DISTINCT R.tableoid::regclass::text ORDER BY R.tableoid::regclass::text) AS partitions
       FROM ${accountRows(h)} WHERE A.account IS NOT NULL GROUP BY A.account
       ORDER BY count(DISTINCT R.tableoid), A.account`,
    );
  }

  void it('the map holds the partition-wide range of every row of every account column', async () => {
    for (const h of ACCOUNT_HISTORIES) {
      const rows = await rangesOfRows(pg.ds, h, pg.width);
      const map = await mappedRanges(pg.ds, h, pg.width);
      assert.ok(rows.length > 0, `${h.table} has rows`);
      if (h.table === 'trace_accounts') {
        // A pending trace's rows moved to its new end leave their older range behind.
        const known = new Set(map.map((r) => `${r.account}:${r.from}`));
        assert.deepEqual(
          rows.filter((r) => !known.has(`${r.account}:${r.from}`)),
          [],
        );
      } else {
        assert.deepEqual(map, rows, h.table);
      }
    }
  });

  void it('every account read plans and reads only the partitions the account has rows in', async () => {
    const bounded = repos(pg.source);
    const reference = repos(unbounded(pg.source));
    const page = { limit: 1000, offset: 0, sort: 'desc' as const };
    for (const shape of SHAPES) {
      const [few] = await accountsOf(history(shape.table));
      assert.ok(few, shape.name);
      const read = union(
        await pg.readBy(() => shape.read(bounded, few.account, few.account, page)),
      );
      const [before] = await pg.readBy(() => shape.read(reference, few.account, few.account, page));
      assert.ok(before, shape.name);
      const own = few.partitions.map((p) => p.slice(p.lastIndexOf('_lt_')));
      if (shape.single) {
        assert.deepEqual(read, few.partitions, shape.name);
      } else {
        assert.deepEqual(
          read.filter((p) => !own.includes(p.slice(p.lastIndexOf('_lt_')))),
          [],
          shape.name,
        );
      }
      // Fewer than the same statement unbounded read: every partition of the table.
      assert.ok(read.length < before.length, `${shape.name}: ${read.join()} of ${before.join()}`);
    }
  });

  void it('a windowed page plans the newest window first and the older ones only while the page is not full', async () => {
    let severalPartitions = 0;
    for (const shape of SHAPES.filter((x) => x.windowed)) {
      const accounts = await accountsOf(history(shape.table));
      const many = accounts[accounts.length - 1];
      assert.ok(many, shape.name);
      const suffixes = many.partitions.map((p) => p.slice(p.lastIndexOf('_lt_'))).sort(byLt);
      // Each statement's partitions as suffixes, newest first.
      const own = (reads: string[][]): string[][] =>
        reads.map((r) =>
          [...new Set(r.map((p) => p.slice(p.lastIndexOf('_lt_'))))].sort(byLt).reverse(),
        );
      const read = (page: Page): Promise<string[][]> =>
        pg.readBy(() => shape.read(repos(pg.source), many.account, many.account, page));
      // Every row: windows of 1, 2, 4, … partitions newest first (one each with rows of the
      // account, or a range the map kept), together covering the account's.
      const all = own(await read({ limit: 1000, offset: 0, sort: 'desc' }));
      const flat = all.flat();
      assert.deepEqual(flat, [...new Set(flat)].sort(byLt).reverse(), shape.name);
      for (const [i, r] of all.entries()) {
        const size = 2 ** i;
        assert.ok(i < all.length - 1 ? r.length === size : r.length <= size, shape.name);
      }
      assert.deepEqual(
        suffixes.filter((x) => !flat.includes(x)),
        [],
        shape.name,
      );
      // One row: one statement, planned for the account's newest partition only; ascending, the
      // oldest first.
      assert.deepEqual(
        own(await read({ limit: 1, offset: 0, sort: 'desc' })),
        [[flat[0]]],
        shape.name,
      );
      const [oldest] = own(await read({ limit: 1, offset: 0, sort: 'asc' }));
      assert.deepEqual(oldest, [flat[flat.length - 1]], shape.name);
      severalPartitions += suffixes.length > 1 ? 1 : 0;
    }
    // The genesis spreads most of these shapes' busiest accounts over several partitions.
    assert.ok(severalPartitions >= 5, String(severalPartitions));
  });

  void it('every account read answers exactly as unbounded: same rows, order and pages', async () => {
    const bounded = repos(pg.ds);
    const reference = repos(unbounded(pg.ds));
    const pages: Page[] = [
      { limit: 1000, offset: 0, sort: 'desc' },
      { limit: 3, offset: 0, sort: 'asc' },
      { limit: 2, offset: 3, sort: 'desc' },
    ];
    for (const shape of SHAPES) {
      const accounts = (await accountsOf(history(shape.table))).map((a) => a.account);
      assert.ok(accounts.length > 0, shape.name);
      for (const [i, account] of accounts.entries()) {
        const other = accounts[(i + 1) % accounts.length] ?? account;
        for (const page of pages) {
          assert.deepEqual(
            await shape.read(bounded, account, other, page),
            await shape.read(reference, account, other, page),
            `${shape.name} ${account} ${JSON.stringify(page)}`,
          );
        }
      }
      // An account without rows there: no partition at all (a windowed read sends no statement),
      // and no rows.
      const none = '0:' + 'F'.repeat(64);
      assert.deepEqual(
        await pg.readBy(() =>
          shape.read(repos(pg.source), none, none, { limit: 10, offset: 0, sort: 'desc' }),
        ),
        shape.windowed ? [] : [[]],
      );
    }
  });
});
