/**
 * Benchmark: a cached immutable v2 read (getAddressInformation of the localnet's v4r2 wallet at a
 * past masterchain seqno, answered from the liteserver readers' cache of answers at a seqno) through
 * the single process, against a bare node:http server returning the same bytes; both driven by the
 * same generator (autocannon) in the same run, alternated per round. With BENCH_CPU_PROF set, a
 * second single process runs under `node --cpu-prof` and the report shows where its CPU went while
 * serving that read and getMasterchainInfo. Writes bench/reports/v2-cached.{md,json}. Not a test.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findFreePort } from '@app/database';
import { type TestDatabase } from '@app/testing';
import { measureThroughput, type ThroughputResult } from './support/autocannon-load';
import {
  builtInCallers,
  newestProfile,
  type ProfileShare,
  profileShares,
} from './support/cpu-profile';
import { type LoadResult, measureLoad } from './support/latency';
import { processCpuSeconds } from './support/process-cpu';
import { startGenesisLocalnet } from './support/genesis-localnet';
import { type Service, startService } from './support/processes';
import { startStandalone } from './support/standalone';
import {
  headLines,
  readReport,
  reportHead,
  runContext,
  target,
  targetsSection,
  writeReport,
} from './support/report';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? '5000');
/** The connections of the measurement (wrk, 2 threads, 16 connections). */
const CONNECTIONS = 16;
/** Rounds alternating bare and service (BENCH_ROUNDS; more rounds even out a shared machine). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? '2');
/** The cached read at >= 50 % of the bare server's throughput. */
const TARGET_SHARE = 0.5;
const PROFILE = process.env.BENCH_CPU_PROF === '1';

const PATHS = { bare: 'bare node:http, same bytes', service: 'single process, cached read' };

function progress(message: string): void {
  process.stderr.write(`[v2-cached] ${message}\n`);
}

async function latency(label: string, url: string): Promise<LoadResult> {
  return measureLoad(label, 1, DURATION_MS, async () => {
    const res = await fetch(url);
    await res.arrayBuffer();
    return res.status === 200;
  });
}

interface Setup {
  readonly configPath: string;
  readonly wallet: string;
  readonly dir: string;
}

async function startLocalnet(services: Service[]): Promise<Setup> {
  const { dir, configPath, walletV4r2 } = await startGenesisLocalnet(services, 'bench-v2c-');
  return { configPath, wallet: walletV4r2.toString({ urlSafe: true, bounceable: true }), dir };
}

/** The cached read's URL at a block before the head, asked once so the next answers are cached. */
async function cachedReadUrl(base: string, wallet: string): Promise<string> {
  const info = (await (await fetch(`${base}/api/v2/getMasterchainInfo`)).json()) as {
    result: { last: { seqno: number } };
  };
  const seqno = Math.max(1, info.result.last.seqno - 1);
  const url = `${base}/api/v2/getAddressInformation?address=${wallet}&seqno=${String(seqno)}`;
  const first = await fetch(url);
  if (first.status !== 200) {
    throw new Error(`the cached read answered ${String(first.status)}: ${await first.text()}`);
  }
  await first.arrayBuffer();
  return url;
}

/** Where a profiled process's CPU went under one read: by part, and the built-ins by caller. */
interface ReadProfile {
  readonly shares: ProfileShare[];
  readonly builtInCallers: ProfileShare[];
}

/** The callers of built-ins listed in the report. */
const TOP_CALLERS = 12;

/** CPU shares of a profiled single process under the cached read, then getMasterchainInfo. */
async function profileRun(
  setup: Setup,
  databases: TestDatabase[],
): Promise<Record<string, ReadProfile>> {
  const shares: Record<string, ReadProfile> = {};
  for (const read of ['cached getAddressInformation', 'getMasterchainInfo'] as const) {
    const profileDir = mkdtempSync(join(setup.dir, 'profile-'));
    const { service, base } = await startStandalone('profiled', setup.configPath, true, databases, [
      '--cpu-prof',
      `--cpu-prof-dir=${profileDir}`,
    ]);
    const url =
      read === 'getMasterchainInfo'
        ? `${base}/api/v2/getMasterchainInfo`
        : await cachedReadUrl(base, setup.wallet);
    progress(`profiling ${read}`);
    const started = performance.now();
    await measureThroughput(read, url, CONNECTIONS, DURATION_MS);
    const loadEnd = performance.now();
    await service.stop();
    const stopped = performance.now();
    const path = newestProfile(profileDir);
    if (path !== undefined) {
      const window = [stopped - started - 200, stopped - loadEnd + 100] as const;
      shares[read] = {
        shares: profileShares(path, ...window),
        builtInCallers: builtInCallers(path, ...window, TOP_CALLERS),
      };
    }
  }
  return shares;
}

/** One autocannon run of a round, with the server process's CPU time (user + system) per request. */
type RoundThroughput = ThroughputResult & {
  readonly round: number;
  readonly cpuUsPerRequest: number | null;
};

function cpuSeconds(pid: number | undefined): number | undefined {
  return pid === undefined ? undefined : processCpuSeconds(pid);
}

/** What the previous report measured, for the comparison section. */
interface PreviousRun {
  readonly commit: string;
  readonly date: string;
  readonly loadAverage: { readonly before: number; readonly after: number };
  readonly share: number | null;
  readonly throughput: readonly (ThroughputResult & {
    round: number;
    cpuUsPerRequest?: number | null;
  })[];
}

function previousRun(): PreviousRun | undefined {
  try {
    return readReport('v2-cached') as PreviousRun;
  } catch {
    return undefined;
  }
}

function meanRps(rows: readonly ThroughputResult[], label: string): number {
  const mine = rows.filter((t) => t.label === label);
  return mine.length === 0 ? 0 : Math.round(mine.reduce((a, t) => a + t.rps, 0) / mine.length);
}

/** The mean server CPU per request of `label`'s runs, '-' when a run has none (older reports). */
function meanCpu(
  rows: readonly (ThroughputResult & { cpuUsPerRequest?: number | null })[],
  label: string,
): string {
  const values = rows.filter((t) => t.label === label).map((t) => t.cpuUsPerRequest ?? undefined);
  if (values.length === 0 || values.some((v) => v === undefined)) {
    return '-';
  }
  return String(Math.round((values as number[]).reduce((a, v) => a + v, 0) / values.length));
}

function comparisonSection(
  previous: PreviousRun | undefined,
  now: { share: number | undefined; throughput: PreviousRun['throughput']; load: string },
): string[] {
  if (previous === undefined) {
    return [];
  }
  const row = (
    run: string,
    share: number | null | undefined,
    rows: PreviousRun['throughput'],
    load: string,
  ): string =>
    `| ${run} | ${String(share ?? '-')} | ${String(meanRps(rows, PATHS.bare))} | ${String(meanRps(rows, PATHS.service))} | ${meanCpu(rows, PATHS.bare)} | ${meanCpu(rows, PATHS.service)} | ${load} |`;
  return [
    '',
    '## Compared with the previous report',
    '',
    '| run | share | bare req/s (mean) | service req/s (mean) | bare CPU µs/request | service CPU µs/request | load average before / after |',
    '|---|---:|---:|---:|---:|---:|---|',
    row(
      `previous (${previous.commit.slice(0, 7)}, ${previous.date})`,
      previous.share,
      previous.throughput,
      `${String(previous.loadAverage.before)} / ${String(previous.loadAverage.after)}`,
    ),
    row('this run', now.share, now.throughput, now.load),
  ];
}

export async function runV2CachedBench(): Promise<string> {
  const ctx = runContext();
  const previous = previousRun();
  const services: Service[] = [];
  const databases: TestDatabase[] = [];
  const throughput: RoundThroughput[] = [];
  const latencies: (LoadResult & { round: number })[] = [];
  let shares: Record<string, ReadProfile> = {};
  const measured = { bodyBytes: 0 };
  try {
    const setup = await startLocalnet(services);
    const { service, base } = await startStandalone('cached', setup.configPath, true, databases);
    services.push(service);
    const serviceUrl = await cachedReadUrl(base, setup.wallet);
    const body = Buffer.from(await (await fetch(serviceUrl)).arrayBuffer());
    measured.bodyBytes = body.length;
    const bodyFile = join(setup.dir, 'body.json');
    writeFileSync(bodyFile, body);
    const barePort = await findFreePort();
    services.push(
      await startService(
        'bare-http',
        'bench/servers/bare-http.js',
        [],
        { PORT: String(barePort), BODY_FILE: bodyFile },
        /listening/,
      ),
    );
    const urls = { bare: `http://127.0.0.1:${String(barePort)}/`, service: serviceUrl };
    const pids = { bare: services.at(-1)?.child.pid, service: service.child.pid };
    for (let round = 1; round <= ROUNDS; round++) {
      for (const path of ['bare', 'service'] as const) {
        progress(`round ${String(round)}: ${PATHS[path]}`);
        const cpuBefore = cpuSeconds(pids[path]);
        const run = await measureThroughput(PATHS[path], urls[path], CONNECTIONS, DURATION_MS);
        const cpuAfter = cpuSeconds(pids[path]);
        throughput.push({
          round,
          ...run,
          cpuUsPerRequest:
            cpuBefore === undefined || cpuAfter === undefined || run.requests === 0
              ? null
              : Math.round(((cpuAfter - cpuBefore) * 1e6) / run.requests),
        });
        latencies.push({ round, ...(await latency(PATHS[path], urls[path])) });
      }
    }
    await service.stop();
    if (PROFILE) {
      shares = await profileRun(setup, databases);
    }
  } finally {
    for (const s of services.reverse()) {
      await s.stop();
    }
    for (const db of databases) {
      await db.drop();
    }
  }
  const total = (label: string): number =>
    throughput.filter((t) => t.label === label).reduce((a, t) => a + t.requests, 0);
  const bare = total(PATHS.bare);
  const share = bare > 0 ? Math.round((total(PATHS.service) / bare) * 1000) / 1000 : undefined;
  const targets = [
    target(
      `cached getAddressInformation at a past seqno: throughput over a bare node:http server's returning the same bytes (autocannon, ${String(CONNECTIONS)} connections, all rounds)`,
      share,
      '×',
      '>=',
      TARGET_SHARE,
    ),
  ];
  const head = reportHead(ctx, targets);
  const markdown = [
    '# v2 cached read benchmark: the service against a bare node:http server, same bytes',
    '',
    headLines(head),
    `- read: getAddressInformation of the localnet's v4r2 wallet at the masterchain seqno before the head, once asked (the readers keep answers at a seqno, apps/liteserver/src/v2/answer-cache.ts); the single process verifies every liteserver answer (LITESERVER_VERIFY=true); the bare server (bench/servers/bare-http.ts) returns the bytes of one of its answers (${String(measured.bodyBytes)} bytes)`,
    `- load: autocannon, ${String(CONNECTIONS)} keep-alive connections, ${String(DURATION_MS)} ms per run, ${String(ROUNDS)} rounds alternating bare and service; latency at concurrency 1 with fetch from the benchmark process (support/latency.ts)`,
    ...targetsSection(targets, 'Throughput (autocannon)'),
    "The server's CPU per request is its process's user and system time (/proc/<pid>/stat) over the run divided by the requests it answered: the loopback TCP work of a write is charged to the writer, so it counts the kernel's share too. It depends less on the other work of a shared machine than req/s does.",
    '',
    '| round | path | req/s | p50 ms | p99 ms | requests | errors | server CPU µs/request |',
    '|---:|---|---:|---:|---:|---:|---:|---:|',
    ...throughput.map(
      (t) =>
        `| ${String(t.round)} | ${t.label} | ${String(t.rps)} | ${String(t.p50Ms)} | ${String(t.p99Ms)} | ${String(t.requests)} | ${String(t.errors)} | ${String(t.cpuUsPerRequest ?? '-')} |`,
    ),
    '',
    '## Latency at concurrency 1 (fetch)',
    '',
    '| round | path | req/s | p50 ms | p99 ms | requests | errors |',
    '|---:|---|---:|---:|---:|---:|---:|',
    ...latencies.map(
      (r) =>
        `| ${String(r.round)} | ${r.label} | ${String(r.rps)} | ${String(r.p50Ms)} | ${String(r.p99Ms)} | ${String(r.requests)} | ${String(r.errors)} |`,
    ),
    ...comparisonSection(previous, {
      share,
      throughput,
      load: `${String(head.loadAverage.before)} / ${String(head.loadAverage.after)}`,
    }),
    ...profileSection(shares),
  ].join('\n');
  return writeReport('v2-cached', markdown, head, {
    durationMs: DURATION_MS,
    connections: CONNECTIONS,
    bodyBytes: measured.bodyBytes,
    throughput,
    latencies,
    share,
    profile: shares,
  });
}

function shareRows(rows: readonly ProfileShare[]): string[] {
  return rows.map((s) => `| ${s.part} | ${String(s.ms)} | ${String(s.percent)} |`);
}

function profileSection(shares: Record<string, ReadProfile>): string[] {
  const reads = Object.keys(shares);
  if (reads.length === 0) {
    return [];
  }
  return [
    '',
    '## Where the CPU goes (node --cpu-prof, BENCH_CPU_PROF=1)',
    '',
    `A separate verified single process under the profiler, driven by autocannon (${String(CONNECTIONS)} connections, ${String(DURATION_MS)} ms) with one read; self time of the busy samples during the load, by part of the path (bench/support/cpu-profile.ts).`,
    'The profiler samples wall time on the main thread: a sample taken while the process is off the core (another process took it, typically the load generator woken by the socket write) lands in the frame that was running, so the socket writes carry the time the machine spent elsewhere.',
    ...reads.flatMap((read) => [
      '',
      `### ${read}`,
      '',
      '| part | ms | % of busy |',
      '|---|---:|---:|',
      ...shareRows(shares[read]?.shares ?? []),
      '',
      `Built-ins without a script by their nearest calling frame with one (the ${String(TOP_CALLERS)} largest; % of all busy time):`,
      '',
      '| built-in ← caller | ms | % of busy |',
      '|---|---:|---:|',
      ...shareRows(shares[read]?.builtInCallers ?? []),
    ]),
  ];
}
