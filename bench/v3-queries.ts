/**
 * Benchmark (issues 7 and 11): the v3 single-account queries at 10 million transactions — through the
 * gateway (single process and mesh) and as the same SQL sent directly with node-postgres — with
 * p50/p99 latency, requests/s and the service's overhead over raw SQL. Writes
 * bench/reports/v3-queries.{md,json}. Not a test. Run:
 *   scripts/build-to.sh .tmp/bench && node .tmp/bench/bench/run.js v3-queries
 *
 * The database (BENCH_V3_DATABASE, default `bench_v3`, on the server of TEST_DATABASE_URL) is generated
 * by the first run and kept (bench/support/v3-dataset.ts); later runs reuse it. Queries: transactions
 * by account, traces by account with actions, jetton/transfers by owner (limit 100 each), messages by
 * hash; for "hot" subjects (the four most active accounts, repeated: cached) and "cold" ones (each run
 * its own accounts from the long tail, each asked once: mostly not cached).
 *
 * Environment: BENCH_V3_TRANSACTIONS (default 10,000,000), BENCH_DURATION_MS (per run, default 5000),
 * BENCH_V3_COLD (distinct cold subjects per run, default 400).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DataSource, findFreePort, SESSION_OPTIONS } from '@app/database';
import { type LoadResult, measureLoad } from './support/latency';
import { startPrivateNats } from './support/nats-server';
import { pgPool } from './support/pg';
import { type Service, startService, waitHealthy } from './support/processes';
import { runContext } from './support/report';
import { type Dataset, ensureV3Dataset } from './support/v3-dataset';
import {
  ACCOUNTS,
  messageHash,
  traceCount,
  traceKind,
  walletAddress,
} from './support/v3-dataset.sql';
import {
  type Temperature,
  type V3Path,
  V3_PATHS,
  type V3Row,
  writeV3Report,
} from './support/v3-report';
import {
  pgDataSource,
  sameStatements,
  type V3Query,
  type V3QueryName,
  V3_QUERIES,
} from './support/v3-requests';

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = process.env.BENCH_V3_DATABASE ?? 'bench_v3';
const TRANSACTIONS = Number(process.env.BENCH_V3_TRANSACTIONS ?? 10_000_000);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const COLD_PER_RUN = Number(process.env.BENCH_V3_COLD ?? 400);
const CONCURRENCY = [1, 8] as const;
const HOT_RANKS = [1, 2, 3, 4];
/** Cold accounts come from ranks past this one (a handful of transactions each, or none). */
export const COLD_FROM_RANK = 20_000;
const TARGET_P99_MS = 50;
const WARM_UP_MS = 2000;
/** Hot runs go on past the duration (up to 4×) until this many requests: p99 of ~100 samples is the max. */
const HOT_MIN_REQUESTS = 300;

function progress(message: string): void {
  process.stderr.write(`[v3-queries] ${message}\n`);
}

/** Hands out fresh cold subjects: no two runs (of any path or query) share one. */
export class ColdSubjects {
  private next = 0;

  constructor(private readonly pool: readonly string[]) {}

  take(n: number): string[] {
    const out = this.pool.slice(this.next, this.next + n);
    this.next += n;
    if (out.length < n) {
      throw new Error(`only ${String(this.pool.length)} cold subjects; lower BENCH_V3_COLD`);
    }
    return out;
  }
}

/**
 * Accounts of the long tail in a fixed scattered order: Jetton owners (with a Jetton wallet, so that
 * jetton/transfers has something to find) and, apart from them, accounts with transactions.
 */
export async function coldAccounts(
  db: DataSource,
): Promise<{ owners: string[]; accounts: string[] }> {
  const candidates: string[] = [];
  // A stride coprime with the range visits it in a scattered order.
  const span = ACCOUNTS - COLD_FROM_RANK;
  for (let i = 0; i < span; i++) {
    candidates.push(walletAddress(COLD_FROM_RANK + ((i * 7919) % span) + 1));
  }
  const present = async (sql: string): Promise<Set<string>> =>
    new Set((await db.query<{ account: string }[]>(sql, [candidates])).map((r) => r.account));
  const withState = await present(
    'SELECT account FROM latest_account_states WHERE account = ANY($1::varchar[])',
  );
  const owners = await present(
    'SELECT DISTINCT owner AS account FROM jetton_wallets WHERE owner = ANY($1::varchar[])',
  );
  return {
    owners: candidates.filter((c) => owners.has(c)),
    accounts: candidates.filter((c) => withState.has(c) && !owners.has(c)),
  };
}

/** Message hashes of traces spread over the whole history (externals and internal transfers). */
export function coldMessages(traces: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const t = 1 + ((i * 1_000_003) % traces);
    return messageHash(t, traceKind(t) < 2 && i % 2 === 1 ? 1 : 0);
  });
}

/** Requests of one run in turn from `subjects` (cold: each once, the run stops when they are used). */
function rotation(subjects: readonly string[]): () => string {
  let i = 0;
  return () => subjects[i++ % subjects.length] ?? '';
}

/** The first failed answer of a run (status and the start of the body), for the report's notes. */
type FirstFailure = { status: number; body: string } | undefined;

export async function httpRun(
  base: string,
  query: V3Query,
  subjects: readonly string[],
  concurrency: number,
  once: boolean,
  durationMs: number,
): Promise<LoadResult & { firstFailure: FirstFailure }> {
  const next = rotation(subjects);
  let firstFailure: FirstFailure;
  const result = await measureLoad(
    'http',
    concurrency,
    durationMs,
    async () => {
      const res = await fetch(`${base}${query.url(next())}`);
      const body = await res.text();
      if (res.status !== 200) {
        firstFailure ??= { status: res.status, body: body.slice(0, 200) };
      }
      return res.status === 200;
    },
    once ? { maxRequests: subjects.length } : { minRequests: HOT_MIN_REQUESTS },
  );
  return { ...result, firstFailure };
}

export async function rawRun(
  db: DataSource,
  query: V3Query,
  requests: ReadonlyMap<string, unknown>,
  subjects: readonly string[],
  concurrency: number,
  once: boolean,
  durationMs: number,
): Promise<LoadResult> {
  const next = rotation(subjects);
  return measureLoad(
    'raw',
    concurrency,
    durationMs,
    async () => {
      await query.raw(db, requests.get(next()));
      return true;
    },
    once ? { maxRequests: subjects.length } : { minRequests: HOT_MIN_REQUESTS },
  );
}

/** The services of one gateway path, started from dist/ as operators start them. */
export async function startPath(
  path: Exclude<V3Path, 'raw SQL (pg)'>,
  databaseUrl: string,
  dir: string,
  notes: string[],
  env: Readonly<Record<string, string>> = {},
): Promise<{ base: string; services: Service[]; metricsPort?: number }> {
  const services: Service[] = [];
  const port = await findFreePort();
  let queryMetricsPort: number | undefined;
  const common = {
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    // Throughput, not limits: the bench's anonymous client is not held to toncenter's 1 request a
    // second, which the edge enforces in memory without Redis.
    RATE_LIMIT_ANONYMOUS_RPS: '1000000',
    ...env,
  };
  if (path === 'gateway, single process') {
    // The single process needs liteservers for its v2 side: a localnet sealing rarely.
    const config = join(dir, 'localnet.config.json');
    services.push(
      await startService(
        'localnet',
        'apps/localnet/src/cli.js',
        ['--seed', 'genesis', '--block-interval', '60000', '--config-out', config],
        {},
        /localnet ready/,
      ),
    );
    services.push(
      await startService(
        'standalone',
        'apps/standalone/src/main.js',
        [],
        {
          ...common,
          PORT: String(port),
          LITESERVERS_CONFIG: config,
          NATS_URL: '',
          // Nothing to index: the dataset is the database.
          INGEST_FOLLOW: 'off',
        },
        /.*/,
      ),
    );
  } else {
    const nats = await startPrivateNats();
    if (nats !== undefined) {
      services.push(nats.service);
    } else {
      notes.push('no nats-server binary: the mesh ran on the shared NATS_URL');
    }
    const natsUrl = nats?.url ?? process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
    const metricsPort = await findFreePort();
    queryMetricsPort = metricsPort;
    services.push(
      await startService(
        'query',
        'apps/query/src/main.js',
        [],
        { ...common, NATS_URL: natsUrl, METRICS_PORT: String(metricsPort) },
        /.*/,
      ),
    );
    await waitHealthy(`http://127.0.0.1:${String(metricsPort)}/healthz`);
    services.push(
      await startService(
        'gateway',
        'apps/gateway/src/main.js',
        [],
        {
          ...common,
          NATS_URL: natsUrl,
          PORT: String(port),
          METRICS_PORT: String(await findFreePort()),
        },
        /.*/,
      ),
    );
  }
  const base = `http://127.0.0.1:${String(port)}`;
  await waitHealthy(`${base}/healthz`);
  return {
    base,
    services,
    ...(queryMetricsPort === undefined ? {} : { metricsPort: queryMetricsPort }),
  };
}

/** The gateway answers the hot subjects from the bench database (not an empty one). */
async function checkAnswers(base: string, hot: ReadonlyMap<V3QueryName, string[]>): Promise<void> {
  const [account] = hot.get('transactions') ?? [];
  const res = await fetch(`${base}/api/v3/transactions?account=${account ?? ''}&limit=100`);
  const body = (await res.json()) as { transactions?: unknown[] };
  if (res.status !== 200 || body.transactions?.length !== 100) {
    throw new Error(`the gateway does not serve the bench database (status ${String(res.status)})`);
  }
}

export async function runV3QueriesBench(): Promise<string> {
  const ctx = runContext();
  const dataset: Dataset = await ensureV3Dataset(SERVER_URL, DATABASE, TRANSACTIONS, progress);
  // The service's session settings (libs/database SESSION_OPTIONS): the same SQL under the same plan rules.
  const pool = pgPool(dataset.url, Math.max(...CONCURRENCY) * 2, 'bench-v3-raw', SESSION_OPTIONS);
  const db = pgDataSource(pool);
  const dir = mkdtempSync(join(tmpdir(), 'bench-v3-'));
  const notes: string[] = [];
  const rows: V3Row[] = [];
  const statements = new Map<V3QueryName, string[]>();
  try {
    const traces = traceCount(TRANSACTIONS);
    const hot = new Map<V3QueryName, string[]>(
      V3_QUERIES.map((q) => [
        q.name,
        q.takes === 'message'
          ? HOT_RANKS.map((r) => messageHash(r * 1000, 0))
          : HOT_RANKS.map(walletAddress),
      ]),
    );
    const runsPerKind = V3_PATHS.length * CONCURRENCY.length;
    const tail = await coldAccounts(db);
    const pools = {
      account: new ColdSubjects(tail.accounts),
      owner: new ColdSubjects(tail.owners),
      message: new ColdSubjects(coldMessages(traces, runsPerKind * COLD_PER_RUN)),
    };
    // Cold subjects of every run, fixed before any run so that no path warms another's.
    const cold = new Map<string, string[]>();
    for (const q of V3_QUERIES) {
      for (const path of V3_PATHS) {
        for (const c of CONCURRENCY) {
          cold.set(`${q.name}|${path}|${String(c)}`, pools[q.takes].take(COLD_PER_RUN));
        }
      }
    }
    // The raw side sends exactly the service's statements (checked on a hot subject).
    for (const q of V3_QUERIES) {
      const [subject] = hot.get(q.name) ?? [];
      const check = await sameStatements(q, db, subject ?? '');
      if (!check.same) {
        throw new Error(`${q.name}: raw statements differ from the service's: ${check.detail}`);
      }
      statements.set(
        q.name,
        check.statements.map((s) => s.sql.replace(/\s+/g, ' ').trim()),
      );
    }
    for (const path of V3_PATHS) {
      progress(`path: ${path}`);
      const started =
        path === 'raw SQL (pg)' ? undefined : await startPath(path, dataset.url, dir, notes);
      try {
        if (started !== undefined) {
          await checkAnswers(started.base, hot);
        }
        for (const q of V3_QUERIES) {
          const requests = new Map<string, unknown>();
          const subjectsOf = (t: Temperature, c: number): string[] =>
            t === 'hot'
              ? (hot.get(q.name) ?? [])
              : (cold.get(`${q.name}|${path}|${String(c)}`) ?? []);
          if (started === undefined) {
            for (const t of ['hot', 'cold'] as const) {
              for (const c of CONCURRENCY) {
                for (const s of subjectsOf(t, c)) {
                  requests.set(s, await q.request(s));
                }
              }
            }
          }
          const run = (t: Temperature, c: number, ms = DURATION_MS): Promise<LoadResult> => {
            const subjects = subjectsOf(t, c);
            const once = t === 'cold';
            return started === undefined
              ? rawRun(db, q, requests, subjects, c, once, ms)
              : httpRun(started.base, q, subjects, c, once, ms).then(({ firstFailure, ...r }) => {
                  if (firstFailure !== undefined && ms === DURATION_MS) {
                    notes.push(
                      `${path}, ${q.label}, ${t}, concurrency ${String(c)}: ${String(r.errors)} failed answers, the first HTTP ${String(firstFailure.status)} ${firstFailure.body}`,
                    );
                  }
                  return r;
                });
          };
          // Warm-up on the hot subjects (JIT, connection pools, the hot rows): not reported.
          await run('hot', 1, WARM_UP_MS);
          for (const t of ['hot', 'cold'] as const) {
            for (const c of CONCURRENCY) {
              progress(`${q.name}, ${t}, concurrency ${String(c)}`);
              const result = await run(t, c);
              rows.push({
                ...result,
                label: path,
                query: q.name,
                temperature: t,
                path,
                subjects: subjectsOf(t, c).length,
              });
            }
          }
        }
      } finally {
        for (const s of (started?.services ?? []).reverse()) {
          await s.stop();
        }
      }
    }
  } finally {
    await pool.end();
  }
  return writeV3Report(ctx, dataset, rows, statements, notes, {
    durationMs: DURATION_MS,
    concurrency: CONCURRENCY,
    coldPerRun: COLD_PER_RUN,
    hotMinRequests: HOT_MIN_REQUESTS,
    targetP99Ms: TARGET_P99_MS,
  });
}
