/**
 * Benchmark: scaling out on existing engines (docs/scaling.md). (a) v3 queries as raw SQL on one
 * generated database with its history partitioned by lt, then on the same rows unpartitioned; (b) the
 * ingestor and the decoder over one localnet history into the partitioned schema and into the
 * unpartitioned one, on a private primary whose `pg_basebackup -R` standby's lag is sampled meanwhile
 * (the ingest, decode and v3 reports quoted beside, with whether they ran partitioned); (c) v3
 * reads through the mesh on a private primary alone and with a `pg_basebackup -R` standby in
 * DATABASE_READ_URLS, and the standby's lag while the primary is written; (d) the measured sizes
 * carried to mainnet's volume on paper. Writes bench/reports/scale-out.{md,json}. Not a test. Run:
 *   scripts/build-to.sh .tmp/bench && node .tmp/bench/bench/run.js scale-out
 *
 * Environment: BENCH_SCALE_TRANSACTIONS (default 1,000,000; the database BENCH_SCALE_DATABASE,
 * default `bench_scale`, is generated on TEST_DATABASE_URL's server and dropped at the end),
 * BENCH_SCALE_PARTITIONS (partitions the rows spread over, default 16), BENCH_SCALE_REPLICA_TRANSACTIONS
 * (the replica pair's dataset, default 300,000), BENCH_DURATION_MS (per hot run, default 5000),
 * BENCH_V3_COLD (cold subjects per run, default 200), BENCH_SCALE_PARTS (default `a,b,c`); (b) reads
 * the history size of the ingest benchmarks (BENCH_INGEST_MC_BLOCKS, BENCH_INGEST_TX_PER_BLOCK).
 */
import { execFileSync } from 'node:child_process';
import { dropDatabase } from '@app/database';
import { comparePartitioning, type PartitionComparison } from './support/partition-compare';
import { comparePartitionedWrites, type WriteComparison } from './support/partition-writes';
import { compareReplicaReads, type ReplicaResult } from './support/replica-reads';
import { readReport, runContext } from './support/report';
import {
  earlierPartitioning,
  type Quoted,
  rerenderScaleOutReport,
  writeScaleOutReport,
} from './support/scale-out.report';

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = process.env.BENCH_SCALE_DATABASE ?? 'bench_scale';
const TRANSACTIONS = Number(process.env.BENCH_SCALE_TRANSACTIONS ?? 1_000_000);
const PARTITIONS = Number(process.env.BENCH_SCALE_PARTITIONS ?? 16);
const REPLICA_TRANSACTIONS = Number(process.env.BENCH_SCALE_REPLICA_TRANSACTIONS ?? 300_000);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const COLD_PER_RUN = Number(process.env.BENCH_V3_COLD ?? 200);
const PARTS = (process.env.BENCH_SCALE_PARTS ?? 'a,b,c').split(',');
/** The commit that made the history partitioned (migration PartitionHistory). */
const PARTITIONED_SINCE = 'PartitionHistory1796250000000';

function progress(message: string): void {
  process.stderr.write(`[scale-out] ${message}\n`);
}

/** Whether `commit` already had the partitioning migration (it is in that commit's tree). */
function hasPartitioning(commit: string): boolean {
  try {
    const files = execFileSync(
      'git',
      ['ls-tree', '-r', '--name-only', commit, 'libs/database/src/migrations'],
      { encoding: 'utf8' },
    );
    return files.includes(PARTITIONED_SINCE.replace(/^(\D+)(\d+)$/, '$2-$1'));
  } catch {
    // an unknown commit (shallow clone, rewritten history) is reported as unpartitioned.
    return false;
  }
}

interface EarlierReport {
  commit: string;
  date: string;
  targets: { name: string; value: number | null; unit: string }[];
  dataset?: { transactions: number; sizeBytes: number; generationSeconds: number };
  results?: {
    path: string;
    query: string;
    temperature: string;
    concurrency: number;
    p50Ms: number;
    p99Ms: number;
  }[];
}

function quote(name: string): Quoted | undefined {
  try {
    const r = readReport(name) as EarlierReport;
    const lines =
      name === 'v3-queries'
        ? (r.results ?? [])
            .filter((x) => x.path === 'raw SQL (pg)')
            .map(
              (x) =>
                `raw SQL ${x.query}, ${x.temperature}, concurrency ${String(x.concurrency)}: p50 ${String(x.p50Ms)} ms, p99 ${String(x.p99Ms)} ms (${String(r.dataset?.transactions ?? 0)} transactions, ${((r.dataset?.sizeBytes ?? 0) / 2 ** 30).toFixed(1)} GiB)`,
            )
        : r.targets.map((t) => `${t.name}: ${String(t.value)} ${t.unit}`);
    return { name, commit: r.commit, date: r.date, partitioned: hasPartitioning(r.commit), lines };
  } catch {
    // a report not yet written (or unreadable) is left out of the comparison.
    return undefined;
  }
}

export async function runScaleOutBench(): Promise<string> {
  const ctx = runContext();
  const notes: string[] = [];
  let comparison: PartitionComparison | undefined;
  let replica: ReplicaResult | undefined;
  let writes: WriteComparison | undefined;
  const settings = { durationMs: DURATION_MS, coldPerRun: COLD_PER_RUN };
  if (PARTS.includes('a')) {
    try {
      comparison = await comparePartitioning(
        SERVER_URL,
        DATABASE,
        TRANSACTIONS,
        PARTITIONS,
        settings,
        progress,
      );
    } catch (error: unknown) {
      notes.push(`(a) failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await dropDatabase(SERVER_URL, DATABASE);
    }
  } else {
    comparison = earlier('(a)', earlierPartitioning, notes);
  }
  if (PARTS.includes('b')) {
    try {
      writes = await comparePartitionedWrites(progress);
    } catch (error: unknown) {
      notes.push(`(b) failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (PARTS.includes('c')) {
    try {
      replica = await compareReplicaReads(REPLICA_TRANSACTIONS, settings, progress);
    } catch (error: unknown) {
      notes.push(`(c) failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  } else {
    replica = earlierReplica(notes);
  }
  return writeScaleOutReport(ctx, {
    ...(comparison === undefined ? {} : { comparison }),
    ...(replica === undefined ? {} : { replica }),
    ...(writes === undefined ? {} : { writes }),
    quoted: quotedReports(),
    notes,
  });
}

/** A part of the last report that this run leaves out: quoted, with the run it comes from. */
function earlier<T>(
  part: string,
  read: () => { comparison: T; date: string; commit: string } | undefined,
  notes: string[],
): T | undefined {
  try {
    const r = read();
    if (r !== undefined) {
      notes.push(originNote(part, r.date, r.commit));
    }
    return r?.comparison;
  } catch {
    // No earlier report: the part is reported as not measured.
    return undefined;
  }
}

/**
 * Where the last report's `part` comes from: that run, or the run its own note named when it had
 * quoted the part in turn (so that the origin survives any number of runs that leave it out).
 */
function originNote(part: string, date: string, commit: string): string {
  const prefix = `${part} not measured again:`;
  try {
    const { notes } = readReport('scale-out') as { notes?: readonly string[] };
    const carried = (notes ?? []).find((n) => n.startsWith(prefix));
    if (carried !== undefined) {
      return carried;
    }
  } catch {
    // No earlier report: the origin is the run given.
  }
  return `${prefix} its numbers are those of the run of ${date} (commit ${commit.slice(0, 7)})`;
}

/** (c) of the last report when this run leaves it out: quoted, with the run it comes from. */
function earlierReplica(notes: string[]): ReplicaResult | undefined {
  try {
    const r = readReport('scale-out') as EarlierReport & { replica?: ReplicaResult | null };
    if (r.replica === undefined || r.replica === null) {
      return undefined;
    }
    notes.push(originNote('(c)', r.date, r.commit));
    return r.replica;
  } catch {
    // No earlier report: (c) is reported as not measured.
    return undefined;
  }
}

function quotedReports(): Quoted[] {
  return ['ingest-catchup', 'decode-catchup', 'v3-queries']
    .map(quote)
    .filter((q): q is Quoted => q !== undefined);
}

/** `scale-out --from-report`: the last run's numbers rendered again by the current text. */
export function rerenderScaleOut(): string {
  return rerenderScaleOutReport(
    quotedReports(),
    "its text rendered again from that run's numbers (load comparison and wording of the current renderer), without measuring again",
  );
}
