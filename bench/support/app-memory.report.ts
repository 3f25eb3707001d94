import { type LoadResult } from './latency';
import {
  readReport,
  type ReportHead,
  reportMarkdown,
  rerenderedHead,
  target,
  type Target,
  writeReport,
} from './report';

/**
 * The app-memory report (bench/app-memory.ts) from its samples: what was measured is kept in the JSON,
 * and everything derived (peaks, p95, trends, targets, the Kubernetes sizing) is computed here, so the
 * report can be rendered again from a run's own samples.
 */

export interface Sample {
  readonly atS: number;
  readonly rssMiB: number;
  /** CPU used since the previous sample, in % of one core. */
  readonly cpuPct: number;
}

/** The live heap of an app right after a full collection (support/live-heap.preload.ts). */
export interface LiveSample {
  readonly atS: number;
  readonly heapMiB: number;
  readonly externalMiB: number;
}

/** What the benchmark measured of one app. */
export interface AppSamples {
  readonly app: string;
  readonly idleMiB: number;
  readonly idleCpuPct: number;
  readonly soak: readonly Sample[];
  /** Absent from reports written before the live heap was sampled. */
  readonly live?: readonly LiveSample[];
}

export interface AppSummary extends AppSamples {
  readonly loadPeakMiB: number;
  readonly loadP95MiB: number;
  readonly loadCpuMeanPct: number;
  readonly loadCpuP95Pct: number;
  /** Least-squares slope of every RSS sample over the soak's second half (GC sawtooth included). */
  readonly trendMiBPerMin: number;
  /** Slope of the per-minute RSS minimum over the second half: what memory GC no longer returns. */
  readonly floorTrendMiBPerMin: number;
  /**
   * Slope of the live memory (heap + external after a full collection) over the second half: what a
   * leak grows. Undefined without live samples (the leak check then falls back to the RSS floor).
   */
  readonly liveTrendMiBPerMin: number | undefined;
  readonly suggested: {
    readonly memoryRequestMiB: number;
    readonly memoryLimitMiB: number;
    readonly cpuRequestMillis: number;
  };
}

export interface AppMemoryData {
  readonly soakSeconds: number;
  readonly sampleMs: number;
  readonly idleMs: number;
  readonly concurrency: number;
  readonly paths: readonly string[];
  readonly load: LoadResult;
  readonly apps: readonly AppSamples[];
  readonly notes: readonly string[];
}

/** A growth above this over the soak's second half counts as a leak. */
export const LEAK_MIB_PER_MIN = 1;
const FLOOR_WINDOW_S = 60;

const round1 = (x: number): number => Math.round(x * 10) / 10;
const round2 = (x: number): number => Math.round(x * 100) / 100;

function p95(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))] ?? 0;
}

/** Least-squares slope of (seconds, MiB) points, in MiB per minute. */
function slopePerMinute(points: readonly (readonly [number, number])[]): number {
  const n = points.length;
  if (n < 2) {
    return 0;
  }
  const meanT = points.reduce((s, [t]) => s + t, 0) / n;
  const meanR = points.reduce((s, [, r]) => s + r, 0) / n;
  let num = 0;
  let den = 0;
  for (const [t, r] of points) {
    num += (t - meanT) * (r - meanR);
    den += (t - meanT) ** 2;
  }
  return den === 0 ? 0 : round2((num / den) * 60);
}

/** The lowest RSS of each FLOOR_WINDOW_S window from `fromS` on, at the window's middle. */
function floors(samples: readonly Sample[], fromS: number, toS: number): [number, number][] {
  const out: [number, number][] = [];
  for (let t0 = fromS; t0 < toS; t0 += FLOOR_WINDOW_S) {
    const window = samples.filter((s) => s.atS >= t0 && s.atS < t0 + FLOOR_WINDOW_S);
    if (window.length > 0) {
      out.push([t0 + FLOOR_WINDOW_S / 2, Math.min(...window.map((s) => s.rssMiB))]);
    }
  }
  return out;
}

/** Memory to request: the p95 RSS under load rounded up to 32 MiB. */
function memoryRequestMiB(loadP95MiB: number): number {
  return Math.ceil(loadP95MiB / 32) * 32;
}

/** Memory limit: twice the request, and at least the peak plus 128 MiB, rounded up to 64 MiB. */
function memoryLimitMiB(loadP95MiB: number, loadPeakMiB: number): number {
  return Math.ceil(Math.max(2 * memoryRequestMiB(loadP95MiB), loadPeakMiB + 128) / 64) * 64;
}

/** CPU to request: the mean CPU under load rounded up to 50m (at least 50m). */
function cpuRequestMillis(loadCpuMeanPct: number): number {
  return Math.max(50, Math.ceil((loadCpuMeanPct * 10) / 50) * 50);
}

const liveMiB = (s: LiveSample): number => round1(s.heapMiB + s.externalMiB);

function liveTrend(live: readonly LiveSample[], fromS: number): number | undefined {
  const points = live.filter((s) => s.atS >= fromS).map((s) => [s.atS, liveMiB(s)] as const);
  return points.length < 2 ? undefined : slopePerMinute(points);
}

/** The number the leak check judges: the live-memory slope, or the RSS floor's for old reports. */
function leakSlope(m: AppSummary): number {
  return m.liveTrendMiBPerMin ?? m.floorTrendMiBPerMin;
}

export function summarize(a: AppSamples, soakSeconds: number): AppSummary {
  const rss = a.soak.map((s) => s.rssMiB);
  const cpu = a.soak.map((s) => s.cpuPct);
  const half = soakSeconds / 2;
  const loadPeakMiB = Math.max(0, ...rss);
  const loadP95MiB = p95(rss);
  const loadCpuMeanPct = round1(cpu.reduce((x, y) => x + y, 0) / Math.max(1, cpu.length));
  return {
    ...a,
    loadPeakMiB,
    loadP95MiB,
    loadCpuMeanPct,
    loadCpuP95Pct: p95(cpu),
    trendMiBPerMin: slopePerMinute(
      a.soak.filter((s) => s.atS >= half).map((s) => [s.atS, s.rssMiB] as const),
    ),
    floorTrendMiBPerMin: slopePerMinute(floors(a.soak, half, soakSeconds)),
    liveTrendMiBPerMin: liveTrend(a.live ?? [], half),
    suggested: {
      memoryRequestMiB: memoryRequestMiB(loadP95MiB),
      memoryLimitMiB: memoryLimitMiB(loadP95MiB, loadPeakMiB),
      cpuRequestMillis: cpuRequestMillis(loadCpuMeanPct),
    },
  };
}

export function appMemoryTargets(apps: readonly AppSummary[], soakSeconds: number): Target[] {
  return apps.map((m) =>
    target(
      `${m.app}: no leak in the ${String(soakSeconds)} s soak (slope of ${m.liveTrendMiBPerMin === undefined ? 'the per-minute RSS floor' : 'the live heap + external memory after a full collection'} over its second half)`,
      leakSlope(m),
      'MiB/min',
      '<=',
      LEAK_MIB_PER_MIN,
    ),
  );
}

function render(head: ReportHead, data: AppMemoryData, apps: readonly AppSummary[]): string {
  const leaks = apps.filter((m) => leakSlope(m) > LEAK_MIB_PER_MIN);
  const sampledLive = apps.some((m) => m.liveTrendMiBPerMin !== undefined);
  const { load } = data;
  return reportMarkdown(
    head,
    {
      title: 'Memory and CPU of each app, idle, under load and over a soak (issues 10 and 11)',
      run: [
        '- setup: localnet CLI (genesis seed, 1 block/s), the six mesh apps as separate processes on a NATS server of their own with JetStream, PostgreSQL, live ingestor and decoder following the chain',
        `- idle: ${String(data.idleMs / 1000)} s after every app is healthy, no client traffic (the ingestor and decoder follow the chain)`,
        `- load: ${String(data.concurrency)} client loops for ${String(data.soakSeconds)} s cycling ${data.paths.map((p) => `\`${p.split('?')[0] ?? p}\``).join(', ')}; ${String(load.requests)} requests, ${String(load.errors)} errors, ${String(Math.round(load.rps))} req/s, p50 ${String(load.p50Ms)} ms, p99 ${String(load.p99Ms)} ms`,
        `- RSS (VmRSS) and CPU (utime + stime, % of one core) sampled every ${String(data.sampleMs / 1000)} s from /proc`,
        sampledLive
          ? "- leak check: every 30 s each app runs a full garbage collection and reports what is still alive (V8 heap used + external memory, Buffers among them; bench/support/live-heap.preload.ts, loaded only by this benchmark); the slope of that live memory over the soak's second half is the check. RSS is not: V8 keeps the heap it grew reserved between collections and returns it lazily, so the RSS of a healthy app is a sawtooth of 50–80 MiB whose floor wanders; its per-minute floor and slope are shown for sizing"
          : "- leak check: the slope of the lowest RSS of each minute over the soak's second half (the floor GC returns to); the slope of every sample is shown too, but V8's sawtooth (50–80 MiB between collections) dominates it",
        `- no leak (slope <= ${String(LEAK_MIB_PER_MIN)} MiB/min for every app): **${leaks.length === 0 ? 'met' : `NOT met (${leaks.map((m) => m.app).join(', ')})`}**`,
        ...data.notes.map((n) => `- note: ${n}`),
      ],
      nextHeading: 'Per app',
    },
    [
      '| app | idle RSS (MiB) | idle CPU % | RSS under load p95 / peak (MiB) | end of soak (MiB) | RSS floor slope (MiB/min) | slope of all RSS samples (MiB/min) | live memory first / last (MiB) | live slope, 2nd half (MiB/min) | CPU % under load mean / p95 |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...apps.map((m) => {
        const live = m.live ?? [];
        const first = live[0];
        const last = live[live.length - 1];
        const liveSpan =
          first === undefined || last === undefined
            ? 'n/a'
            : `${String(liveMiB(first))} / ${String(liveMiB(last))}`;
        return `| ${m.app} | ${String(m.idleMiB)} | ${String(m.idleCpuPct)} | ${String(m.loadP95MiB)} / ${String(m.loadPeakMiB)} | ${String(m.soak[m.soak.length - 1]?.rssMiB ?? 0)} | ${String(m.floorTrendMiBPerMin)} | ${String(m.trendMiBPerMin)} | ${liveSpan} | ${m.liveTrendMiBPerMin === undefined ? 'n/a' : String(m.liveTrendMiBPerMin)} | ${String(m.loadCpuMeanPct)} / ${String(m.loadCpuP95Pct)} |`;
      }),
      '',
      ...(sampledLive
        ? [
            'Live memory (heap + external after a full collection, MiB) every 30 s of the soak:',
            '',
            ...apps.map(
              (m) => `- ${m.app}: ${(m.live ?? []).map((s) => String(liveMiB(s))).join(', ')}`,
            ),
            '',
          ]
        : []),
      'Per-minute RSS floor over the whole soak (MiB):',
      '',
      ...apps.map(
        (m) =>
          `- ${m.app}: ${floors(m.soak, 0, data.soakSeconds)
            .map(([, r]) => String(r))
            .join(', ')}`,
      ),
      '',
      '## Kubernetes sizing derived from it',
      '',
      'Memory request = p95 RSS under load rounded up to 32 MiB; limit = twice the request and at least the',
      'peak plus 128 MiB (V8 grows its heap before collecting under bursts), rounded up to 64 MiB; CPU',
      'request = mean CPU under load rounded up to 50m. On two shared cores these are floors: production',
      'traffic, caches and indexer backlogs grow them (docs/operations.md, "Sizing").',
      '',
      '| app | memory request | memory limit | CPU request |',
      '|---|---:|---:|---:|',
      ...apps.map(
        (m) =>
          `| ${m.app} | ${String(m.suggested.memoryRequestMiB)}Mi | ${String(m.suggested.memoryLimitMiB)}Mi | ${String(m.suggested.cpuRequestMillis)}m |`,
      ),
    ],
  );
}

/** Writes bench/reports/app-memory.{md,json} for the head of a run and its samples. */
export function writeAppMemoryReport(
  head: (targets: readonly Target[]) => ReportHead,
  data: AppMemoryData,
): string {
  const apps = data.apps.map((a) => summarize(a, data.soakSeconds));
  const h = head(appMemoryTargets(apps, data.soakSeconds));
  return writeReport('app-memory', render(h, data, apps), h, { ...data, apps });
}

/**
 * The report again from the samples of its last run (bench/reports/app-memory.json), with the
 * derived numbers computed by this code: the soak is ten minutes of both cores.
 */
export function rerenderAppMemoryReport(reason: string, paths: readonly string[]): string {
  const earlier = readReport('app-memory') as ReportHead &
    Omit<AppMemoryData, 'idleMs' | 'paths'> & { idleMs?: number; paths?: string[] };
  const data: AppMemoryData = {
    soakSeconds: earlier.soakSeconds,
    sampleMs: earlier.sampleMs,
    idleMs: earlier.idleMs ?? 20_000,
    concurrency: earlier.concurrency,
    paths: earlier.paths ?? paths,
    load: earlier.load,
    apps: earlier.apps.map((a) => ({
      app: a.app,
      idleMiB: a.idleMiB,
      idleCpuPct: a.idleCpuPct,
      soak: a.soak,
      ...(a.live === undefined ? {} : { live: a.live }),
    })),
    notes: earlier.notes,
  };
  return writeAppMemoryReport((targets) => rerenderedHead(earlier, targets, reason), data);
}
