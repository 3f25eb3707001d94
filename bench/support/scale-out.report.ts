import { percentile } from './latency';
import { type LayoutRow, type PartitionComparison } from './partition-compare';
import { type WriteComparison } from './partition-writes';
import { type ReplicaResult } from './replica-reads';
import {
  headLines,
  readReport,
  reportHead,
  type ReportHead,
  rerenderedHead,
  type RunContext,
  writeReport,
} from './report';
import {
  bytesText,
  DEFAULT_LT_WIDTH,
  MAINNET,
  projectToMainnet,
  replicasFor,
} from './scale-out.extrapolation';
import { writeLines } from './scale-out.writes.report';
import { V3_QUERIES } from './v3-requests';

/** An earlier report quoted beside this run's numbers (another run: only its own figures). */
export interface Quoted {
  readonly name: string;
  readonly commit: string;
  readonly date: string;
  /** Whether its commit already had the partitioned schema. */
  readonly partitioned: boolean;
  readonly lines: readonly string[];
}

export interface ScaleOutInput {
  readonly comparison?: PartitionComparison;
  readonly replica?: ReplicaResult;
  readonly writes?: WriteComparison;
  readonly quoted: readonly Quoted[];
  readonly notes: readonly string[];
}

/** The p-th percentile of `values` in any order. */
const percentileOf = (values: readonly number[], p: number): number =>
  percentile(
    [...values].sort((x, y) => x - y),
    p,
  );

const label = (name: string): string => V3_QUERIES.find((q) => q.name === name)?.label ?? name;
const ratio = (a: number | undefined, b: number | undefined): string =>
  a === undefined || b === undefined || b === 0 ? '–' : (a / b).toFixed(2);

function layoutLines(c: PartitionComparison): string[] {
  const find = (l: string, q: string, t: string, n: number): LayoutRow | undefined =>
    c.rows.find(
      (r) => r.layout === l && r.query === q && r.temperature === t && r.concurrency === n,
    );
  const part = c.layouts.find((l) => l.layout === 'partitioned');
  const lines = [
    '## (a) v3 queries: partitioned vs unpartitioned, same rows',
    '',
    `- dataset: ${String(c.dataset.info.transactions)} transactions (${String(c.dataset.info.traces)} traces) of bench/support/v3-dataset (deterministic), generated once per layout (the generator is deterministic: the same rows in both)`,
    `- partitioned: lt width ${c.ltWidth}, so the rows spread over ${String(part?.partitions.withRows ?? 0)} partitions of \`transactions\` (${String(part?.partitions.total ?? 0)} with the empty ones below and above), as ${String(part?.partitions.withRows ?? 0)} months of mainnet spread over the default width; unpartitioned: the same rows generated again, after the partitioned runs, into the schema without partitions (PartitionHistory and every later migration reverted on the empty database, the later ones that do not partition applied again, the hash → lt lookup tables and the account map in the same width kept, since the service's statements read them), every index built after the load and VACUUM ANALYZE, as on the partitioned side`,
    `- raw SQL only: the query service's statements for each request (checked equal to its handler's), sent with node-postgres; ${String(c.settings.durationMs)} ms per hot run (at least 300 requests), cold runs ask each of ${String(c.settings.coldPerRun)} fresh subjects once (distinct subjects per layout: both layouts draw from the same tail)`,
    loadComparison(c),
    ...c.layouts.map(
      (l) =>
        `- ${l.layout}: database ${bytesText(l.databaseBytes)}; load average ${String(l.loadBefore)} → ${String(l.loadAfter)} over its runs${l.generationSeconds > 0 ? `; generated in ${String(l.generationSeconds)} s` : '; kept from an earlier run'}`,
    ),
    '',
    '| query | subjects | concurrency | partitioned p50 | p99 | req/s | unpartitioned p50 | p99 | req/s | p50 part/unpart | p99 part/unpart |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const q of V3_QUERIES) {
    for (const t of ['hot', 'cold'] as const) {
      for (const n of c.settings.concurrency) {
        const p = find('partitioned', q.name, t, n);
        const u = find('unpartitioned', q.name, t, n);
        const cell = (r: LayoutRow | undefined): string =>
          r === undefined
            ? '– | – | –'
            : `${String(r.p50Ms)} | ${String(r.p99Ms)} | ${String(r.rps)}`;
        lines.push(
          `| ${q.label} | ${t} | ${String(n)} | ${cell(p)} | ${cell(u)} | ${ratio(p?.p50Ms, u?.p50Ms)} | ${ratio(p?.p99Ms, u?.p99Ms)} |`,
        );
      }
    }
  }
  return lines;
}

/** Which layout ran under the higher load, said plainly: it slows that layout's numbers. */
function loadComparison(c: PartitionComparison): string {
  const [a, b] = c.layouts;
  if (a === undefined || b === undefined) {
    return '- load: one layout only';
  }
  const mean = (l: { loadBefore: number; loadAfter: number }): number =>
    (l.loadBefore + l.loadAfter) / 2;
  const [high, low] = mean(a) >= mean(b) ? [a, b] : [b, a];
  const factor = mean(high) / Math.max(mean(low), 0.01);
  return `- load: the ${high.layout} runs had the higher load average (mean ${mean(high).toFixed(1)} vs ${mean(low).toFixed(1)} for ${low.layout}, ${factor.toFixed(2)}×, on 2 cores): with this many runnable processes per core a statement waits for CPU most of its time, so up to about that factor of a ratio below can be the load, not the layout; a ratio well beyond it is the layout`;
}

function replicaLines(r: ReplicaResult): string[] {
  const bytes = r.lag.map((s) => s.bytes);
  const seconds = r.lag.map((s) => s.seconds);
  const find = (s: string, q: string, t: string): string => {
    const row = r.rows.find((x) => x.setup === s && x.query === q && x.temperature === t);
    return row === undefined
      ? '– | – | –'
      : `${String(row.p50Ms)} | ${String(row.p99Ms)} | ${String(row.rps)}`;
  };
  const queries = [...new Set(r.rows.map((x) => x.query))];
  return [
    '## (c) reads: primary alone vs primary + one streaming replica; replica lag under writes',
    '',
    `- a private primary and a \`pg_basebackup -R\` hot standby on this machine (test/integration/support/streaming-replica.support.ts: fsync off, default shared_buffers), both on the same two shared cores; ${String(r.transactions)}-transaction dataset generated on the primary`,
    `- lag under writes: the standby sampled every 200 ms while the primary took the generation (a bulk write far above the ingestor's rate): ${bytesText(r.walBytesWritten)} of WAL in ${r.writeSeconds.toFixed(0)} s (${bytesText(r.walBytesWritten / r.writeSeconds)}/s); ${String(r.lag.length)} samples: lag bytes p50 ${bytesText(percentileOf(bytes, 50))}, p99 ${bytesText(percentileOf(bytes, 99))}, max ${bytesText(Math.max(0, ...bytes))}; replay age p50 ${percentileOf(seconds, 50).toFixed(2)} s, p99 ${percentileOf(seconds, 99).toFixed(2)} s, max ${Math.max(0, ...seconds).toFixed(2)} s (the router skips a replica beyond 16 MiB: DATABASE_READ_MAX_LAG_BYTES)`,
    '- reads: HTTP through the mesh (gateway + query service over a private nats-server), concurrency 8; hot = the 4 most active wallets (the service keeps their rendered rows), cold = fresh tail accounts each asked once',
    ...(['primary alone', 'primary + one replica'] as const).map(
      (s) =>
        `- ${s}: answered by ${Object.entries(r.shares[s])
          .map(([server, n]) => `${server}: ${String(n)}`)
          .join(
            ', ',
          )} (tonapi_db_reads_total); load average ${String(r.loads[s].before)} → ${String(r.loads[s].after)}`,
    ),
    '',
    '| query | subjects | primary alone p50 | p99 | req/s | primary + replica p50 | p99 | req/s |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...queries.flatMap((q) =>
      (['hot', 'cold'] as const).map(
        (t) =>
          `| ${label(q)} | ${t} | ${find('primary alone', q, t)} | ${find('primary + one replica', q, t)} |`,
      ),
    ),
    ...r.notes.map((n) => `- note: ${n}`),
  ];
}

function projectionLines(c: PartitionComparison, replica: ReplicaResult | undefined): string[] {
  const part = c.layouts.find((l) => l.layout === 'partitioned');
  if (part === undefined) {
    return [];
  }
  const p = projectToMainnet(c.dataset.info.transactions, part.databaseBytes, part.tables);
  const cold = c.rows.find(
    (r) =>
      r.layout === 'partitioned' &&
      r.query === 'transactions' &&
      r.temperature === 'cold' &&
      r.concurrency === 8,
  );
  const toDate = p.partitionsToDate;
  return [
    '## (d) on paper: mainnet',
    '',
    `Measured here: ${String(p.bytesPerTransaction)} bytes of database per transaction (every table and index, synthetic mix of the dataset). Mainnet today: ~${String(MAINNET.transactionsPerDay / 1e6)}M transactions a day, lt +10^13 a year, lt ≈ 5·10^13 now.`,
    '',
    `- growth: ${bytesText(p.bytesPerYear)} a year at today's volume from this ratio (toncenter reports ~${bytesText(MAINNET.bytesPerYear)}: the same order)`,
    `- default width ${String(DEFAULT_LT_WIDTH)}: a partition is ${p.daysPerPartition.toFixed(1)} days, ${(p.transactionsPerPartition / 1e6).toFixed(0)}M transactions; ${String(p.partitionsPerYear)} a year per table; a database indexed from genesis would have ~${String(toDate)} per table (the early ones nearly empty); one migrated from an existing index keeps all of its history in \`<table>_lt_min\` (several TB, its old indexes) and grows monthly partitions after it`,
    '',
    '| table | partitioned | rows per partition | heap + TOAST per partition | indexes per partition | whole table per year |',
    '|---|---|---:|---:|---|---:|',
    ...p.tables.map(
      (t) =>
        `| ${t.table} | ${t.partitioned ? 'yes' : 'no'} | ${(t.rowsPerPartition / 1e6).toFixed(0)}M | ${bytesText(t.tableBytesPerPartition)} | ${t.indexBytesPerPartition.map((i) => `${i.name.replace(/_lt_min|_lt_\d+/, '')} ${bytesText(i.bytes)}`).join('; ')} | ${bytesText(t.bytesPerYear)} |`,
    ),
    '',
    'What a query touches (docs/scaling.md, "Partitioned history"; the plan tests assert it):',
    '',
    `- an account's newest page: the newest partition first, older ones only until the page is full. An active account's 100 rows are in the newest month; an account with fewer than a page of transactions in all of history is probed in every partition (~${String(toDate)} index probes from genesis, ${String(p.partitionsPerYear)} per year of history), which is what the cold rows of (a) measure at ${String(part.partitions.withRows)} partitions`,
    '- by transaction or message hash: the lookup table (one B-tree probe in an unpartitioned table that grows by the per-year figure above) and then one partition',
    '- lists by something else than lt (`/messages` by source, jetton/nft transfers by owner, `/actions` by account): one index probe per partition unless `start_lt`/`end_lt` narrow it: these grow linearly with the partition count; a client that pages by lt range stays at one or two',
    `- replicas: each holds the whole database (${bytesText(p.bytesPerYear)} more a year, each). Read capacity scales with them, not with partitions: at the cold account-page rate measured in (a) (${String(cold?.rps ?? 0)} req/s of raw SQL on 2 shared cores), 1000 cold reads/s need ${String(replicasFor(1000, cold?.rps ?? 0, 2, 16))} replicas of 16 cores (linear in cores, one spare), ${String(replicasFor(5000, cold?.rps ?? 0, 2, 16))} for 5000${replica === undefined ? '' : "; the replica of (c) shared its primary's two cores, so it could not add capacity there: its differences are the load's noise, and the capacity a replica adds needs a machine of its own"}`,
  ];
}

export function writeScaleOutReport(head: ReportHead | RunContext, input: ScaleOutInput): string {
  head = 'targets' in head ? head : reportHead(head, []);
  const c = input.comparison;
  const markdown = [
    '# Scale-out: partitioned history, a read replica, mainnet on paper',
    '',
    headLines(head),
    "- what is measured: (a) v3 query p50/p99 with the history partitioned vs the same rows unpartitioned; (b) ingest and decode throughput on the partitioned vs the unpartitioned schema over the same localnet history, and a streaming standby's lag under them; (c) v3 reads with the primary alone vs primary + one streaming replica, and the replica's lag under writes; (d) sizes carried to mainnet on paper. No targets: the issue asks for the measurements",
    '- the machine is shared (2 cores, other work running): the load average is given per part; compare only numbers of the same part of this run; each part gives the load of each of its sides, and (a) says how far the difference between them reaches',
    ...input.notes.map((n) => `- note: ${n}`),
    '',
    ...(c === undefined ? ['## (a) not measured in this run', ''] : [...layoutLines(c), '']),
    ...(input.writes === undefined
      ? ['## (b) ingest and decode: not measured in this run', '']
      : [...writeLines(input.writes), '']),
    '### Earlier reports quoted',
    '',
    ...input.quoted.flatMap((q) => [
      `- ${q.name} (bench/reports/${q.name}.md), run of ${q.date} at commit ${q.commit.slice(0, 7)}: ${q.partitioned ? 'with the partitioned schema' : '**before the partitioned schema** (not yet measured with partitioning)'}`,
      ...q.lines.map((l) => `  - ${l}`),
    ]),
    '',
    ...(input.replica === undefined
      ? ['## (c) not measured in this run', '']
      : [...replicaLines(input.replica), '']),
    ...(c === undefined ? [] : projectionLines(c, input.replica)),
  ].join('\n');
  return writeReport('scale-out', markdown, head, {
    partitioning:
      c === undefined
        ? null
        : {
            dataset: c.dataset.info,
            ltWidth: c.ltWidth,
            layouts: c.layouts,
            settings: c.settings,
            results: c.rows,
          },
    replica: input.replica ?? null,
    writes: input.writes ?? null,
    quoted: input.quoted,
    notes: input.notes,
  });
}

/** The JSON this report writes, as read back to render it again. */
interface ScaleOutJson extends ReportHead {
  readonly partitioning: {
    readonly dataset: PartitionComparison['dataset']['info'] & { database?: string };
    readonly ltWidth: string;
    readonly layouts: PartitionComparison['layouts'];
    readonly settings: PartitionComparison['settings'];
    readonly results: PartitionComparison['rows'];
  } | null;
  readonly replica: ReplicaResult | null;
  /** Absent from the reports written before (b) was measured. */
  readonly writes?: WriteComparison | null;
  readonly notes: readonly string[];
}

/** (a) as a report's JSON holds it, made a comparison again (undefined when that run left it out). */
function comparisonOf(p: ScaleOutJson['partitioning']): PartitionComparison | undefined {
  return p === null
    ? undefined
    : {
        dataset: { url: '', info: p.dataset, generatedNow: true, migrationsApplied: [] },
        ltWidth: p.ltWidth,
        layouts: p.layouts,
        rows: p.results,
        settings: p.settings,
      };
}

/** The last report's (a), with the run it comes from, for a run that leaves (a) out. */
export function earlierPartitioning():
  { comparison: PartitionComparison; date: string; commit: string } | undefined {
  const earlier = readReport('scale-out') as ScaleOutJson;
  const comparison = comparisonOf(earlier.partitioning);
  return comparison === undefined
    ? undefined
    : { comparison, date: earlier.date, commit: earlier.commit };
}

/** Renders the last run's report again from its JSON (no measuring), with today's earlier reports. */
export function rerenderScaleOutReport(quoted: readonly Quoted[], reason: string): string {
  const earlier = readReport('scale-out') as ScaleOutJson;
  const comparison = comparisonOf(earlier.partitioning);
  return writeScaleOutReport(rerenderedHead(earlier, [], reason), {
    ...(comparison === undefined ? {} : { comparison }),
    ...(earlier.replica === null ? {} : { replica: earlier.replica }),
    ...(earlier.writes === undefined || earlier.writes === null ? {} : { writes: earlier.writes }),
    quoted,
    notes: earlier.notes,
  });
}
