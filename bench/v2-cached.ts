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
  readReport,
  reportHead,
  reportMarkdown,
  runContext,
  target,
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

const PATHS = {
  bare: 'bare node:http, same body',
  sameBytes: 'bare node:http, same headers and body',
  service: 'single process, cached read',
};
/** The bare server's label in reports before it was split in two (it sent the body only). */
const BODY_ONLY_BEFORE = 'bare node:http, same bytes';

/** Whether a run of `rows` is one of `label`'s (the body-only bare server under either name). */
function labelled(label: string): (t: ThroughputResult) => boolean {
  return (t) => t.label === label || (label === PATHS.bare && t.label === BODY_ONLY_BEFORE);
}

/** Headers node:http writes itself (or that vary per connection): not copied to the bare server. */
const WRITTEN_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'content-length']);

function progress(message: string): void {
  process.stderr.write(`[v2-cached] ${message}\n`);
}

/** A bare server on a free port answering the body of `bodyFile` (with `headersFile`'s headers). */
async function startBare(
  bodyFile: string,
  headersFile: string,
): Promise<{ service: Service; url: string }> {
  const port = await findFreePort();
  const service = await startService(
    headersFile === '' ? 'bare-http' : 'bare-http-headers',
    'bench/servers/bare-http.js',
    [],
    { PORT: String(port), BODY_FILE: bodyFile, HEADERS_FILE: headersFile },
    /listening/,
  );
  return { service, url: `http://127.0.0.1:${String(port)}/` };
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
    // no earlier run (first run, or report removed): nothing to compare against.
    return undefined;
  }
}

function meanRps(rows: readonly ThroughputResult[], label: string): number {
  const mine = rows.filter(labelled(label));
  return mine.length === 0 ? 0 : Math.round(mine.reduce((a, t) => a + t.rps, 0) / mine.length);
}

/** The mean server CPU per request of `label`'s runs, '-' when a run has none (older reports). */
function meanCpu(
  rows: readonly (ThroughputResult & { cpuUsPerRequest?: number | null })[],
  label: string,
): string {
  const values = rows.filter(labelled(label)).map((t) => t.cpuUsPerRequest ?? undefined);
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
    `| ${run} | ${String(share ?? '-')} | ${String(meanRps(rows, PATHS.bare))} | ${String(meanRps(rows, PATHS.sameBytes) || '-')} | ${String(meanRps(rows, PATHS.service))} | ${meanCpu(rows, PATHS.bare)} | ${meanCpu(rows, PATHS.sameBytes)} | ${meanCpu(rows, PATHS.service)} | ${load} |`;
  return [
    '',
    '## Compared with the previous report',
    '',
    '| run | share | req/s (mean): bare, same body | bare, same headers and body | service | CPU µs/request: bare, same body | bare, same headers and body | service | load average before / after |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
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
  const measured: { bodyBytes: number; headerNames: string[] } = { bodyBytes: 0, headerNames: [] };
  try {
    const setup = await startLocalnet(services);
    const { service, base } = await startStandalone('cached', setup.configPath, true, databases);
    services.push(service);
    const serviceUrl = await cachedReadUrl(base, setup.wallet);
    const answer = await fetch(serviceUrl);
    const body = Buffer.from(await answer.arrayBuffer());
    measured.bodyBytes = body.length;
    const bodyFile = join(setup.dir, 'body.json');
    writeFileSync(bodyFile, body);
    const headers = [...answer.headers].filter(([name]) => !WRITTEN_BY_NODE.has(name));
    measured.headerNames = headers.map(([name]) => name);
    const headersFile = join(setup.dir, 'headers.json');
    writeFileSync(headersFile, JSON.stringify(headers));
    const bare = await startBare(bodyFile, '');
    const sameBytes = await startBare(bodyFile, headersFile);
    services.push(bare.service, sameBytes.service);
    const urls = { bare: bare.url, sameBytes: sameBytes.url, service: serviceUrl };
    const pids = {
      bare: bare.service.child.pid,
      sameBytes: sameBytes.service.child.pid,
      service: service.child.pid,
    };
    for (let round = 1; round <= ROUNDS; round++) {
      for (const path of ['bare', 'sameBytes', 'service'] as const) {
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
  const shareOf = (floor: string): number | undefined => {
    const requests = total(floor);
    return requests > 0 ? Math.round((total(PATHS.service) / requests) * 1000) / 1000 : undefined;
  };
  const share = shareOf(PATHS.sameBytes);
  const bodyOnlyShare = shareOf(PATHS.bare);
  const targets = [
    target(
      `cached getAddressInformation at a past seqno: throughput over a bare node:http server's returning the same bytes, headers and body (autocannon, ${String(CONNECTIONS)} connections, all rounds)`,
      share,
      '×',
      '>=',
      TARGET_SHARE,
    ),
  ];
  const head = reportHead(ctx, targets);
  const markdown = reportMarkdown(
    head,
    {
      title: 'v2 cached read benchmark: the service against a bare node:http server, same bytes',
      run: [
        `- read: getAddressInformation of the localnet's v4r2 wallet at the masterchain seqno before the head, once asked (the readers keep answers at a seqno, apps/liteserver/src/v2/answer-cache.ts); the single process verifies every liteserver answer (LITESERVER_VERIFY=true); two bare servers (bench/servers/bare-http.ts) return the body of one of its answers (${String(measured.bodyBytes)} bytes), one with a content type only, one with the answer's headers too (${measured.headerNames.join(', ')}; node:http adds date, connection, keep-alive and content-length to all three): the target is over the one sending the same bytes`,
        `- the service over the bare server sending the same body only (the floor of the reports before the headers were copied): ${String(bodyOnlyShare ?? '-')}×`,
        `- load: autocannon, ${String(CONNECTIONS)} keep-alive connections, ${String(DURATION_MS)} ms per run, ${String(ROUNDS)} rounds alternating bare and service; latency at concurrency 1 with fetch from the benchmark process (support/latency.ts)`,
      ],
      nextHeading: 'Throughput (autocannon)',
    },
    [
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
    ],
  );
  return writeReport('v2-cached', markdown, head, {
    durationMs: DURATION_MS,
    connections: CONNECTIONS,
    bodyBytes: measured.bodyBytes,
    headerNames: measured.headerNames,
    bodyOnlyShare,
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
