/**
 * Benchmark (issues 10 and 11): the resident memory and CPU of every app of the mesh, each in its own
 * process as Kubernetes runs them, idle and under a steady mixed v2/v3 load, then a soak at that load
 * whose RSS trend tells whether anything leaks. The Kubernetes requests and limits (k8s/base) and the
 * sizing of docs/operations.md come from this report.
 *
 * Setup: a fresh database with the migrations, a NATS server of its own (JetStream on: the ingestor's
 * events), the localnet CLI (genesis seed, one block a second) and the six mesh apps started from
 * dist/ with the environment docker-compose.yml gives them. RSS (VmRSS) and CPU time (utime + stime)
 * are read from /proc/<pid> every few seconds; every half minute each app is asked for a full garbage
 * collection and reports its live heap (support/live-heap.preload.ts), the measure of a leak.
 *
 * BENCH_SOAK_SECONDS (default 600, the 10 minutes) sets the soak; BENCH_LOAD_CONCURRENCY
 * (default 8) the number of client loops.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createDatabase,
  createDataSource,
  dropDatabase,
  findFreePort,
  runPendingMigrations,
  withDatabase,
} from '@app/database';
import { measureLoad } from './support/latency';
import { liveHeapEnv, sampleLiveHeap } from './support/live-heap';
import { startPrivateNats } from './support/nats-server';
import { type Service, startService, waitHealthy } from './support/processes';
import {
  rerenderAppMemoryReport,
  type LiveSample,
  type Sample,
  writeAppMemoryReport,
} from './support/app-memory.report';
import { reportHead, runContext } from './support/report';

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const CONCURRENCY = Number(process.env.BENCH_LOAD_CONCURRENCY ?? 8);
const SAMPLE_MS = 5000;
/** How often each app is asked for a full collection and its live heap (live-heap.preload.ts). */
const LIVE_SAMPLE_MS = 30_000;
const IDLE_MS = 20_000;
const APPS = ['gateway', 'liteserver', 'query', 'sender', 'ingestor', 'decoder'] as const;
type AppName = (typeof APPS)[number];

/** Clock ticks per second of /proc/<pid>/stat times (`getconf CLK_TCK`, 100 on Linux). */
function clockTicks(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    // getconf missing or failing: Linux's USER_HZ is 100 on every supported kernel.
    return 100;
  }
}
const CLK_TCK = clockTicks();

function rssMiB(pid: number | undefined): number {
  if (pid === undefined) {
    return 0;
  }
  const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kb === undefined ? 0 : Math.round((Number(kb) / 1024) * 10) / 10;
}

/** User + system CPU seconds of the process so far (proc(5): fields 14 and 15 of stat). */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) {
    return 0;
  }
  const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / CLK_TCK;
}

const round1 = (x: number): number => Math.round(x * 10) / 10;

/** The mixed load: head reads, an account read, and indexed v3 lists. */
function loadPaths(address: string): string[] {
  return [
    '/api/v2/getMasterchainInfo',
    `/api/v2/getAddressInformation?address=${address}`,
    `/api/v2/getTransactions?address=${address}&limit=10`,
    '/api/v3/masterchainInfo',
    `/api/v3/transactions?account=${address}&limit=100`,
    '/api/v3/blocks?limit=20',
  ];
}

/**
 * `app-memory --from-report`: the report again from the last run's samples (the soak takes ten
 * minutes of both cores); `reason` says why in the report.
 */
export function rerenderAppMemory(reason: string): string {
  return rerenderAppMemoryReport(reason, loadPaths('<wallet>'));
}

export async function runAppMemoryBench(): Promise<string> {
  const ctx = runContext();
  const dir = mkdtempSync(join(tmpdir(), 'app-memory-'));
  const dbName = `bench_memory_${String(Date.now())}`;
  await createDatabase(SERVER_URL, dbName);
  const databaseUrl = withDatabase(SERVER_URL, dbName);
  const ds = await createDataSource({ url: databaseUrl, poolSize: 1 }).initialize();
  await runPendingMigrations(ds);
  await ds.destroy();

  const notes: string[] = [];
  const services: Service[] = [];
  try {
    // A NATS server of its own: a shared one would let other processes answer or consume.
    const nats = await startPrivateNats(join(dir, 'jetstream'));
    if (nats !== undefined) {
      services.push(nats.service);
    } else {
      notes.push('no nats-server binary: the apps shared the NATS of NATS_URL');
    }
    const natsUrl = nats?.url ?? process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
    const config = join(dir, 'localnet.config.json');
    const accounts = join(dir, 'accounts.json');
    const lsPort = await findFreePort();
    services.push(
      await startService(
        'localnet',
        'apps/localnet/src/cli.js',
        [
          '--seed',
          'genesis',
          '--block-interval',
          '1000',
          '--port',
          String(lsPort),
          '--admin-port',
          String(await findFreePort()),
          '--config-out',
          config,
          '--accounts-out',
          accounts,
        ],
        {},
        /localnet ready/,
      ),
    );
    const { accounts: seeded } = JSON.parse(readFileSync(accounts, 'utf8')) as {
      accounts: { kind: string; address: string }[];
    };
    const wallet = seeded.find((a) => a.kind === 'wallet')?.address ?? seeded[0]?.address;
    if (wallet === undefined) {
      throw new Error('the genesis seed wrote no accounts');
    }
    const gatewayPort = await findFreePort();
    const pids = new Map<AppName, number | undefined>();
    const appServices = new Map<AppName, Service>();
    const liveFile = (app: AppName): string => join(dir, `live-heap-${app}.json`);
    for (const app of APPS) {
      const metricsPort = await findFreePort();
      const service = await startService(
        app,
        `apps/${app}/src/main.js`,
        [],
        {
          NATS_URL: natsUrl,
          DATABASE_URL: databaseUrl,
          TON_NETWORK: 'local',
          LITESERVERS_CONFIG: config,
          LOG_LEVEL: 'warn',
          PORT: String(gatewayPort),
          METRICS_PORT: String(metricsPort),
          // The gateway's edge would hold the bench's client to 1 anonymous request a second.
          RATE_LIMIT_ANONYMOUS_RPS: '1000000',
          ...liveHeapEnv(liveFile(app)),
        },
        /.*/,
      );
      services.push(service);
      appServices.set(app, service);
      pids.set(app, service.child.pid);
      const port = app === 'gateway' ? gatewayPort : metricsPort;
      await waitHealthy(`http://127.0.0.1:${String(port)}/healthz`);
    }
    // Idle: the chain advances, the ingestor and decoder follow it, no client traffic.
    const idleCpu = new Map(APPS.map((app) => [app, cpuSeconds(pids.get(app))]));
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const idle = new Map(
      APPS.map((app) => [
        app,
        {
          rss: rssMiB(pids.get(app)),
          cpuPct: round1(
            ((cpuSeconds(pids.get(app)) - (idleCpu.get(app) ?? 0)) / (IDLE_MS / 1000)) * 100,
          ),
        },
      ]),
    );
    const base = `http://127.0.0.1:${String(gatewayPort)}`;
    const paths = loadPaths(wallet);
    const soak = new Map<AppName, Sample[]>(APPS.map((app) => [app, []]));
    const live = new Map<AppName, LiveSample[]>(APPS.map((app) => [app, []]));
    let next = 0;
    const started = Date.now();
    let lastCpu = new Map(APPS.map((app) => [app, cpuSeconds(pids.get(app))]));
    let lastAt = started;
    // An app that dies under the soak ends the run with its name and last output, not a bare ENOENT
    // from /proc.
    let died: Error | undefined;
    const stopOnDeath = (app: AppName, service: Service): void => {
      service.child.once('exit', (code, signal) => {
        died ??= new Error(
          `${app} exited (${String(code ?? signal)}) during the soak:\n${service.output().slice(-3000)}`,
        );
      });
    };
    for (const [app, service] of appServices) {
      stopOnDeath(app, service);
    }
    const sampler = setInterval(() => {
      if (died !== undefined) {
        return;
      }
      const now = Date.now();
      const atS = Math.round((now - started) / 1000);
      const cpu = new Map(APPS.map((app) => [app, cpuSeconds(pids.get(app))]));
      for (const app of APPS) {
        const used = (cpu.get(app) ?? 0) - (lastCpu.get(app) ?? 0);
        soak.get(app)?.push({
          atS,
          rssMiB: rssMiB(pids.get(app)),
          cpuPct: round1((used / ((now - lastAt) / 1000)) * 100),
        });
      }
      lastCpu = cpu;
      lastAt = now;
    }, SAMPLE_MS);
    const mib = (bytes: number): number => round1(bytes / 1048576);
    const sampleLive = async (): Promise<void> => {
      const atS = Math.round((Date.now() - started) / 1000);
      for (const app of APPS) {
        if (died !== undefined) {
          return;
        }
        const heap = await sampleLiveHeap(pids.get(app), liveFile(app));
        if (heap !== undefined) {
          live
            .get(app)
            ?.push({ atS, heapMiB: mib(heap.heapUsed), externalMiB: mib(heap.external) });
        }
      }
    };
    let liveRound = sampleLive();
    const liveSampler = setInterval(() => {
      liveRound = liveRound.then(sampleLive);
    }, LIVE_SAMPLE_MS);
    const load = await measureLoad('mixed v2/v3', CONCURRENCY, SOAK_SECONDS * 1000, async () => {
      if (died !== undefined) {
        throw died;
      }
      const path = paths[next++ % paths.length] ?? '/api/v2/getMasterchainInfo';
      const res = await fetch(`${base}${path}`);
      await res.arrayBuffer();
      return res.ok;
    });
    clearInterval(sampler);
    clearInterval(liveSampler);
    await liveRound;
    if (died !== undefined) {
      throw died;
    }
    return writeAppMemoryReport((targets) => reportHead(ctx, targets), {
      soakSeconds: SOAK_SECONDS,
      sampleMs: SAMPLE_MS,
      idleMs: IDLE_MS,
      concurrency: CONCURRENCY,
      paths,
      load,
      apps: APPS.map((app) => ({
        app,
        idleMiB: idle.get(app)?.rss ?? 0,
        idleCpuPct: idle.get(app)?.cpuPct ?? 0,
        soak: soak.get(app) ?? [],
        live: live.get(app) ?? [],
      })),
      notes,
    });
  } finally {
    for (const service of services.reverse()) {
      await service.stop();
    }
    await dropDatabase(SERVER_URL, dbName);
  }
}
