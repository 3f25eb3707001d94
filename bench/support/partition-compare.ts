import { type DataSource, SESSION_OPTIONS } from '@app/database';
import { type LoadResult } from './latency';
import { pgClient, pgPool } from './pg';
import { type MeasuredTable } from './scale-out.extrapolation';
import { measureTables, partitionCounts } from './table-sizes';
import { ensureV3Dataset, type Dataset } from './v3-dataset';
import { firstLt, messageHash, newestLt, traceCount, walletAddress } from './v3-dataset.sql';
import {
  pgDataSource,
  sameStatements,
  type V3Query,
  type V3QueryName,
  V3_QUERIES,
} from './v3-requests';
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
  /** Seconds this layout's generation took (0: kept from an earlier run). */
  readonly generationSeconds: number;
}

export interface PartitionComparison {
  readonly dataset: Dataset;
  readonly ltWidth: string;
  readonly layouts: readonly LayoutResult[];
  readonly rows: readonly LayoutRow[];
  readonly settings: { durationMs: number; coldPerRun: number; concurrency: readonly number[] };
}

const LAYOUTS = ['partitioned', 'unpartitioned'] as const;
const CONCURRENCY = [1, 8] as const;
const HOT_RANKS = [1, 2, 3, 4];
const WARM_UP_MS = 2000;
const loadNow = async (): Promise<number> =>
  Math.round(((await import('node:os')).loadavg()[0] ?? 0) * 100) / 100;

async function databaseBytes(url: string): Promise<number> {
  const client = await pgClient(url, 'bench-scale-size');
  try {
    const { rows } = await client.query('SELECT pg_database_size(current_database())::float8 AS n');
    return (rows[0] as { n: number }).n;
  } finally {
    await client.end();
  }
}

/** Cold subjects for every layout, query and concurrency, drawn once: no run asks another's. */
async function coldSubjects(
  db: DataSource,
  traces: number,
  coldPerRun: number,
): Promise<Map<string, string[]>> {
  const tail = await coldAccounts(db);
  const kinds = V3_QUERIES.length * CONCURRENCY.length * LAYOUTS.length;
  const pools = {
    account: new ColdSubjects(tail.accounts),
    owner: new ColdSubjects(tail.owners),
    message: new ColdSubjects(coldMessages(traces, kinds * coldPerRun)),
  };
  const cold = new Map<string, string[]>();
  for (const layout of LAYOUTS) {
    for (const q of V3_QUERIES) {
      for (const c of CONCURRENCY) {
        cold.set(`${layout}|${q.name}|${String(c)}`, pools[q.takes].take(coldPerRun));
      }
    }
  }
  return cold;
}

/**
 * v3 queries as raw SQL (the query service's statements, sent with node-postgres) on the same rows
 * twice: generated partitioned into `partitions` widths of lt, then generated again (the generator
 * is deterministic) into the schema without partitions, in the same database name, one after the
 * other so that the disk holds one copy. Generating again is faster at millions of rows than
 * reverting the partitioning in place, which copies every row into an indexed table. The database
 * is dropped by the caller.
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
  const rows: LayoutRow[] = [];
  const layouts: LayoutResult[] = [];
  let dataset: Dataset | undefined;
  let cold: Map<string, string[]> | undefined;
  for (const layout of LAYOUTS) {
    const generated = await ensureV3Dataset(serverUrl, name, transactions, log, {
      ltWidth,
      unpartitioned: layout === 'unpartitioned',
    });
    dataset ??= generated;
    if (JSON.stringify(generated.info.rows) !== JSON.stringify(dataset.info.rows)) {
      throw new Error(`the ${layout} generation wrote other rows than the partitioned one`);
    }
    const pool = pgPool(generated.url, 16, 'bench-scale-raw', SESSION_OPTIONS);
    const db = pgDataSource(pool);
    try {
      cold ??= await coldSubjects(db, traces, settings.coldPerRun);
      for (const q of V3_QUERIES) {
        const subject = q.takes === 'message' ? messageHash(1000, 0) : walletAddress(1);
        const check = await sameStatements(q, db, subject);
        if (!check.same) {
          throw new Error(`${q.name}: raw statements differ from the service's: ${check.detail}`);
        }
      }
      const loadBefore = await loadNow();
      for (const q of V3_QUERIES) {
        rows.push(...(await measureQuery(db, q, layout, cold, settings, log)));
      }
      layouts.push({
        layout,
        databaseBytes: await databaseBytes(generated.url),
        tables: await measureTables(pool),
        partitions:
          layout === 'partitioned' ? await partitionCounts(pool) : { total: 1, withRows: 1 },
        loadBefore,
        loadAfter: await loadNow(),
        generationSeconds: generated.generatedNow ? generated.info.generationSeconds : 0,
      });
    } finally {
      await pool.end();
    }
  }
  if (dataset === undefined) {
    throw new Error('no layout was measured');
  }
  return {
    dataset,
    ltWidth: ltWidth.toString(),
    layouts,
    rows,
    settings: { ...settings, concurrency: CONCURRENCY },
  };
}

/** One query's hot and cold runs at each concurrency on one layout, after a warm-up. */
async function measureQuery(
  db: DataSource,
  q: V3Query,
  layout: Layout,
  cold: ReadonlyMap<string, string[]>,
  settings: { durationMs: number },
  log: (m: string) => void,
): Promise<LayoutRow[]> {
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
  const rows: LayoutRow[] = [];
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
  return rows;
}
