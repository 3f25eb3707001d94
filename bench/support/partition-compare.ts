import { createDataSource, SESSION_OPTIONS, withDatabase } from '@app/database';
import { type LoadResult } from './latency';
import { pgClient, pgPool } from './pg';
import { type MeasuredTable } from './scale-out.extrapolation';
import { measureTables, partitionCounts } from './table-sizes';
import { createLtLookups, revertPartitioning } from './unpartitioned-schema';
import { ensureV3Dataset, fillLtLookups, type Dataset } from './v3-dataset';
import { firstLt, messageHash, newestLt, traceCount, walletAddress } from './v3-dataset.sql';
import { pgDataSource, sameStatements, type V3QueryName, V3_QUERIES } from './v3-requests';
import { ColdSubjects, coldAccounts, coldMessages, rawRun } from '../v3-queries';

export type Layout = 'partitioned' | 'unpartitioned';
export type Temperature = 'hot' | 'cold';

export interface LayoutRow extends LoadResult {
  readonly layout: Layout;
  readonly query: V3QueryName;
  readonly temperature: Temperature;
}

export interface LayoutResult {
  readonly layout: Layout;
  readonly databaseBytes: number;
  readonly tables: readonly MeasuredTable[];
  /** Partitions of `transactions` (all, and those holding rows); 1/1 unpartitioned. */
  readonly partitions: { total: number; withRows: number };
  readonly loadBefore: number;
  readonly loadAfter: number;
  /** Seconds the conversion to this layout took (the revert, lookups, REINDEX, VACUUM). */
  readonly preparationSeconds: number;
}

export interface PartitionComparison {
  readonly dataset: Dataset;
  readonly ltWidth: string;
  readonly layouts: readonly LayoutResult[];
  readonly rows: readonly LayoutRow[];
  readonly settings: { durationMs: number; coldPerRun: number; concurrency: readonly number[] };
}

const CONCURRENCY = [1, 8] as const;
const HOT_RANKS = [1, 2, 3, 4];
const WARM_UP_MS = 2000;
const loadNow = async (): Promise<number> =>
  Math.round(((await import('node:os')).loadavg()[0] ?? 0) * 100) / 100;

/**
 * The same rows without partitions: migration PartitionHistory and every later one reverted (their
 * way back copies the newer partitions' rows into the oldest and gives it the table's name), then
 * the lookup tables made again as those migrations make them and the account map's rows put back
 * (the service's statements read them), the history tables' indexes rebuilt (rows copied into an indexed table leave its indexes less dense than the bulk
 * build the partitioned side has) and VACUUM ANALYZE, as after the generation.
 */
async function unpartition(
  serverUrl: string,
  name: string,
  log: (m: string) => void,
): Promise<void> {
  const url = withDatabase(serverUrl, name);
  // No longer the dataset its marker describes: a run cut short here must not keep it.
  const admin = await pgClient(serverUrl, 'bench-scale-marker');
  await admin.query(`COMMENT ON DATABASE "${name}" IS NULL`).finally(() => admin.end());
  const historyTables = await nameOldestIndexes(url);
  // The account map goes with the migrations reverted below (AccountLtRanges), but the service's
  // statements read it whatever the layout: its rows are kept aside and put back after.
  const keep = await pgClient(url, 'bench-scale-keep-map');
  await keep
    .query(`CREATE TABLE bench_account_lt_ranges AS TABLE account_lt_ranges`)
    .finally(() => keep.end());
  const ds = createDataSource({ url, applicationName: 'bench-scale-revert', poolSize: 1 });
  await ds.initialize();
  try {
    // The migrations after it (PartitionTraceHistory, the lookups of later ones) go first, newest
    // first, as a rollback to before the partitioning would.
    await revertPartitioning(ds, log);
  } finally {
    await ds.destroy();
  }
  log('every history row is in one table again');
  const client = await pgClient(url, 'bench-scale-unpartition');
  try {
    await client.query(`SET maintenance_work_mem = '1GB'`);
    await createLtLookups(client);
    await client.query(
      `CREATE TABLE action_lts (action_id char(44) NOT NULL, trace_end_lt bigint NOT NULL,
         CONSTRAINT action_lts_pkey PRIMARY KEY (action_id, trace_end_lt))`,
    );
    await fillLtLookups(client);
    await client.query(`ALTER TABLE bench_account_lt_ranges RENAME TO account_lt_ranges`);
    await client.query(
      `ALTER TABLE account_lt_ranges ADD CONSTRAINT account_lt_ranges_pkey
         PRIMARY KEY (account, table_name, lt_from, lt_to)`,
    );
    for (const table of historyTables) {
      await client.query(`REINDEX TABLE "${table}"`);
    }
    await client.query('VACUUM (ANALYZE)');
  } finally {
    await client.end();
  }
}

/**
 * The generation rebuilt the parents' indexes, which named the oldest partitions' own after the
 * partition (`transactions_lt_min_account_lt_idx`); migration PartitionHistory names them
 * `<partition>_<parent index>` and its way back looks them up by those names.
 */
async function nameOldestIndexes(url: string): Promise<string[]> {
  const client = await pgClient(url, 'bench-scale-names');
  try {
    // The partitioned tables, as HistoryPartitions finds them.
    const tables = (
      await client.query(
        `SELECT relname FROM pg_class WHERE relkind = 'p' AND relnamespace = 'public'::regnamespace`,
      )
    ).rows.map((r) => (r as { relname: string }).relname);
    for (const table of tables) {
      const oldest = `${table}_lt_min`;
      const { rows } = await client.query(
        `SELECT c.relname AS child, p.relname AS parent FROM pg_inherits i
         JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
         JOIN pg_index x ON x.indexrelid = c.oid
         WHERE x.indrelid = $1::regclass AND p.relkind = 'I'`,
        [oldest],
      );
      for (const { child, parent } of rows as { child: string; parent: string }[]) {
        if (child === `${oldest}_${parent}`) {
          continue;
        }
        await client.query(`ALTER INDEX "${child}" RENAME TO "${oldest}_${parent}"`);
      }
    }
    return tables;
  } finally {
    await client.end();
  }
}

async function databaseBytes(url: string): Promise<number> {
  const client = await pgClient(url, 'bench-scale-size');
  try {
    const { rows } = await client.query('SELECT pg_database_size(current_database())::float8 AS n');
    return (rows[0] as { n: number }).n;
  } finally {
    await client.end();
  }
}

/**
 * v3 queries as raw SQL (the query service's statements, sent with node-postgres) on one database,
 * partitioned into `partitions` widths of lt, then on the same rows unpartitioned. The database is
 * generated for this run and dropped by the caller.
 */
export async function comparePartitioning(
  serverUrl: string,
  name: string,
  transactions: number,
  partitions: number,
  settings: { durationMs: number; coldPerRun: number },
  log: (m: string) => void,
): Promise<PartitionComparison> {
  const traces = traceCount(transactions);
  const span = newestLt(traces) - firstLt() + 1n;
  const ltWidth = (span + BigInt(partitions) - 1n) / BigInt(partitions);
  const dataset = await ensureV3Dataset(serverUrl, name, transactions, log, { ltWidth });
  const url = withDatabase(serverUrl, name);
  const rows: LayoutRow[] = [];
  const layouts: LayoutResult[] = [];
  const pool = pgPool(url, 16, 'bench-scale-raw', SESSION_OPTIONS);
  const db = pgDataSource(pool);
  try {
    const tail = await coldAccounts(db);
    const kinds = V3_QUERIES.length * CONCURRENCY.length * 2;
    const pools = {
      account: new ColdSubjects(tail.accounts),
      owner: new ColdSubjects(tail.owners),
      message: new ColdSubjects(coldMessages(traces, kinds * settings.coldPerRun)),
    };
    const cold = new Map<string, string[]>();
    for (const layout of ['partitioned', 'unpartitioned'] as const) {
      for (const q of V3_QUERIES) {
        for (const c of CONCURRENCY) {
          cold.set(`${layout}|${q.name}|${String(c)}`, pools[q.takes].take(settings.coldPerRun));
        }
      }
    }
    for (const q of V3_QUERIES) {
      const subject = q.takes === 'message' ? messageHash(1000, 0) : walletAddress(1);
      const check = await sameStatements(q, db, subject);
      if (!check.same) {
        throw new Error(`${q.name}: raw statements differ from the service's: ${check.detail}`);
      }
    }
    for (const layout of ['partitioned', 'unpartitioned'] as const) {
      const started = performance.now();
      if (layout === 'unpartitioned') {
        await unpartition(serverUrl, name, log);
      }
      const preparationSeconds = Math.round((performance.now() - started) / 1000);
      const loadBefore = await loadNow();
      for (const q of V3_QUERIES) {
        const hot =
          q.takes === 'message'
            ? HOT_RANKS.map((r) => messageHash(r * 1000, 0))
            : HOT_RANKS.map(walletAddress);
        const subjectsOf = (t: Temperature, c: number): string[] =>
          t === 'hot' ? hot : (cold.get(`${layout}|${q.name}|${String(c)}`) ?? []);
        const requests = new Map<string, unknown>();
        for (const s of [...hot, ...CONCURRENCY.flatMap((c) => subjectsOf('cold', c))]) {
          requests.set(s, await q.request(s));
        }
        await rawRun(db, q, requests, hot, 1, false, WARM_UP_MS);
        for (const t of ['hot', 'cold'] as const) {
          for (const c of CONCURRENCY) {
            log(`${layout}: ${q.name}, ${t}, concurrency ${String(c)}`);
            const r = await rawRun(
              db,
              q,
              requests,
              subjectsOf(t, c),
              c,
              t === 'cold',
              settings.durationMs,
            );
            rows.push({ ...r, label: layout, layout, query: q.name, temperature: t });
          }
        }
      }
      layouts.push({
        layout,
        databaseBytes: await databaseBytes(url),
        tables: await measureTables(pool),
        partitions:
          layout === 'partitioned' ? await partitionCounts(pool) : { total: 1, withRows: 1 },
        loadBefore,
        loadAfter: await loadNow(),
        preparationSeconds,
      });
    }
  } finally {
    await pool.end();
  }
  return {
    dataset,
    ltWidth: ltWidth.toString(),
    layouts,
    rows,
    settings: { ...settings, concurrency: CONCURRENCY },
  };
}
