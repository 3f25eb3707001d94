/**
 * Benchmark: getMasterchainInfo through the gateway — single-process and mesh — against the
 * same call made directly with ton-lite-client on the same localnet, and against a bare Fastify
 * handler returning a constant. Writes bench/reports/v2-gateway.{md,json}. Not a test.
 *
 * Every service runs in its own process, started from dist/ exactly as users start it; the load is
 * generated here. Latency at concurrency 1 shows per-request overhead; concurrency 32 shows throughput.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseGlobalConfig } from '@app/ton';
import { findFreePort } from '@app/database';
import { LiteClient, LiteSingleEngine } from 'ton-lite-client';
import { measureThroughput, type ThroughputResult } from './support/autocannon-load';
import { type LoadResult, measureLoad } from './support/latency';
import { type Service, startService } from './support/processes';
import { startV2Mesh } from './support/v2-mesh';
import { reportHead, reportMarkdown, runContext, target, writeReport } from './support/report';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? '5000');
const CONCURRENCY = [1, 32];
const TARGET_OVERHEAD_P50_MS = 1;
/** Connections of the autocannon run on each HTTP path. */
const THROUGHPUT_CONNECTIONS = 32;

function progress(message: string): void {
  process.stderr.write(`[v2-gateway] ${message}\n`);
}

async function httpLoad(label: string, url: string, concurrency: number): Promise<LoadResult> {
  progress(`${label}, concurrency ${concurrency}`);
  return measureLoad(label, concurrency, DURATION_MS, async () => {
    const res = await fetch(url);
    await res.arrayBuffer();
    return res.status === 200;
  });
}

/** The measureLoad runs of an HTTP path, then its autocannon throughput. */
async function httpPath(
  label: string,
  url: string,
  results: LoadResult[],
  throughput: ThroughputResult[],
): Promise<void> {
  for (const c of CONCURRENCY) {
    results.push(await httpLoad(label, url, c));
  }
  progress(`${label}, autocannon with ${String(THROUGHPUT_CONNECTIONS)} connections`);
  throughput.push(await measureThroughput(label, url, THROUGHPUT_CONNECTIONS, DURATION_MS));
}

export async function runV2GatewayBench(): Promise<string> {
  const ctx = runContext();
  const dir = mkdtempSync(join(tmpdir(), 'bench-v2-'));
  const configPath = join(dir, 'localnet.config.json');
  const services: Service[] = [];
  const results: LoadResult[] = [];
  const throughput: ThroughputResult[] = [];
  const notes: string[] = [];
  try {
    services.push(
      await startService(
        'localnet',
        'apps/localnet/src/cli.js',
        ['--seed', 'genesis', '--liteservers', '1', '--config-out', configPath],
        {},
        /localnet ready/,
      ),
    );
    const [endpoint] = parseGlobalConfig(JSON.parse(readFileSync(configPath, 'utf8')) as unknown);
    if (!endpoint) {
      throw new Error('the localnet wrote no liteserver');
    }

    progress('localnet started');
    // Direct ton-lite-client: the floor of the liteserver path.
    const engine = new LiteSingleEngine({
      host: `tcp://${endpoint.host}:${endpoint.port}`,
      publicKey: endpoint.publicKey,
    });
    await new Promise((r) => engine.once('ready', r));
    const client = new LiteClient({ engine });
    for (const c of CONCURRENCY) {
      results.push(
        await measureLoad('direct ton-lite-client', c, DURATION_MS, async () => {
          await client.getMasterchainInfo();
          return true;
        }),
      );
    }
    engine.close();

    const barePort = await findFreePort();
    const bare = await startService(
      'bare-fastify',
      'bench/servers/bare-fastify.js',
      [],
      { PORT: String(barePort) },
      /listening/,
    );
    services.push(bare);
    await httpPath(
      'bare Fastify constant',
      `http://127.0.0.1:${String(barePort)}/api/v2/getMasterchainInfo`,
      results,
      throughput,
    );
    await bare.stop();

    const singlePort = await findFreePort();
    const single = await startService(
      'standalone',
      'apps/standalone/src/main.js',
      [],
      {
        PORT: String(singlePort),
        HOST: '127.0.0.1',
        LITESERVERS_CONFIG: configPath,
        NATS_URL: '',
        // Throughput, not limits: the bench's anonymous client is not held to toncenter's 1 request a
        // second, which the edge enforces in memory without Redis.
        RATE_LIMIT_ANONYMOUS_RPS: '1000000',
        LOG_LEVEL: 'info',
      },
      /ready: open/,
    );
    services.push(single);
    await httpPath(
      'gateway, single process',
      `http://127.0.0.1:${String(singlePort)}/api/v2/getMasterchainInfo`,
      results,
      throughput,
    );
    await single.stop();

    const meshBase = await startV2Mesh(configPath, services, notes);
    if (meshBase !== undefined) {
      await httpPath(
        'gateway, mesh (NATS)',
        `${meshBase}/api/v2/getMasterchainInfo`,
        results,
        throughput,
      );
    }
  } finally {
    for (const s of services.reverse()) {
      progress(`stopping ${s.name}`);
      await s.stop();
    }
  }

  const at = (label: string, c: number): LoadResult | undefined =>
    results.find((r) => r.label === label && r.concurrency === c);
  const direct = at('direct ton-lite-client', 1);
  const mesh = at('gateway, mesh (NATS)', 1) ?? at('gateway, single process', 1);
  const overhead =
    direct && mesh ? Math.round((mesh.p50Ms - direct.p50Ms) * 1000) / 1000 : undefined;
  const meshRan = at('gateway, mesh (NATS)', 1) !== undefined;
  const targets = [
    target(
      `v2 getMasterchainInfo: ${meshRan ? 'mesh' : 'single-process'} gateway's overhead over the direct ton-lite-client call, p50 at concurrency 1`,
      overhead,
      'ms',
      '<',
      TARGET_OVERHEAD_P50_MS,
    ),
  ];
  const head = reportHead(ctx, targets);
  const rows = results.map(
    (r) =>
      `| ${r.label} | ${r.concurrency} | ${r.rps} | ${r.p50Ms} | ${r.p99Ms} | ${r.requests} | ${r.errors} |`,
  );
  const ratios = CONCURRENCY.map((c) => {
    const d = at('direct ton-lite-client', c);
    const b = at('bare Fastify constant', c);
    const s = at('gateway, single process', c);
    const m = at('gateway, mesh (NATS)', c);
    const ratio = (x?: LoadResult, y?: LoadResult): string =>
      x && y && y.rps > 0 ? (x.rps / y.rps).toFixed(2) : 'n/a';
    return `| ${c} | ${ratio(s, d)} | ${ratio(m, d)} | ${ratio(s, b)} | ${ratio(m, b)} |`;
  });
  const markdown = reportMarkdown(
    head,
    {
      title: 'v2 gateway benchmark: getMasterchainInfo',
      run: [
        `- duration per run: ${String(DURATION_MS)} ms; latency and the ratios: load generated in the benchmark process with fetch (HTTP) or ton-lite-client (direct), timed the same way to the microsecond; throughput ceiling: autocannon (${String(THROUGHPUT_CONNECTIONS)} keep-alive connections, whole-millisecond latencies); the mesh runs on a NATS server of its own`,
        "- note: the service answers getMasterchainInfo from its liteserver pool's 200 ms head cache (toncenter caches head reads too); the direct client asks the liteserver every time. Before that cache, the mesh overhead measured 1.18 ms at p50 (commit 4f6ef50); bench/reports/v2-methods.md compares uncached reads",
        ...notes.map((n) => `- note: ${n}`),
      ],
    },
    [
      '| path | concurrency | req/s | p50 ms | p99 ms | requests | errors |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...rows,
      '',
      'Throughput ratios (req/s of the row over req/s of the column):',
      '',
      '| concurrency | single / direct | mesh / direct | single / bare | mesh / bare |',
      '|---:|---:|---:|---:|---:|',
      ...ratios,
      '',
      `## Throughput ceiling (autocannon, ${String(THROUGHPUT_CONNECTIONS)} connections)`,
      '',
      'The same URLs driven by autocannon, whose client costs less CPU per request than fetch: on two',
      'shared cores, what the server reaches when the client is not the bottleneck.',
      '',
      '| path | connections | req/s | p50 ms | p99 ms | requests | errors |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...throughput.map(
        (t) =>
          `| ${t.label} | ${String(t.connections)} | ${String(t.rps)} | ${String(t.p50Ms)} | ${String(t.p99Ms)} | ${String(t.requests)} | ${String(t.errors)} |`,
      ),
    ],
  );
  return writeReport('v2-gateway', markdown, head, {
    durationMs: DURATION_MS,
    results,
    throughput,
    overheadP50Ms: overhead,
    notes,
  });
}
