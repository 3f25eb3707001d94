/**
 * Benchmark: the cost of proof verification on v2's uncached head reads. The same reads, in the same
 * run, against the same local liteserver, through two single processes (`apps/standalone`) that
 * differ only in LITESERVER_VERIFY (true: every answer proven from the localnet's global config; false:
 * taken as sent), beside the direct ton-lite-client making the liteserver calls a miss makes, with its
 * own caches off. Writes bench/reports/v2-verify.{md,json} and compares with the previous report.
 * Not a test.
 */
import { type Address } from '@ton/core';
import { findFreePort } from '@app/database';
import { type TestDatabase } from '@app/testing';
import { type LiteClient } from 'ton-lite-client';
import { type LoadResult, measureLoad, mergedLoad } from './support/latency';
import {
  type GenesisLocalnet,
  type LocalnetAccount,
  startGenesisLocalnet,
} from './support/genesis-localnet';
import { type Service, startService } from './support/processes';
import { startStandalone } from './support/standalone';
import {
  headLines,
  type ReportHead,
  readReport,
  reportHead,
  runContext,
  target,
  type Target,
  targetsTable,
  writeReport,
} from './support/report';
import { DIRECT_READS, directClient, type DirectReadName } from './support/v2-direct-reads';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? '2000');
const CONCURRENCY = [1, 16];
/**
 * The hot-path bound: an uncached head read, verified, within 1.5× the direct client's p50, both
 * answered over HTTP to the same client (the direct client behind a bare node:http server).
 */
const MAX_DIRECT_RATIO = 1.5;
/**
 * How long every read is called on every path before measuring: the emulator's first run loads its
 * WASM, and the benchmark's own fetch and the services' hot path are compiled by V8's optimising tier
 * only after some thousands of calls. With a few calls only, the first HTTP path measured (the
 * verified one) paid the benchmark client's and its own JIT warm-up in its p50 at concurrency 1.
 */
const WARM_UP_MS = Number(process.env.BENCH_WARM_UP_MS ?? '1000');
/** A case keeps going past its duration (up to 4×) until this many calls: a p50 needs samples. */
const MIN_REQUESTS = 20;
/** Slices each HTTP path's run is cut into, rotating the three paths (a multiple of three). */
const SLICES = 6;

const PATHS = {
  direct: 'direct ton-lite-client (caches off)',
  directHttp: 'direct ton-lite-client (caches off) behind a bare node:http server',
  verified: 'single process, LITESERVER_VERIFY=true',
  unverified: 'single process, LITESERVER_VERIFY=false',
} as const;
type PathKey = keyof typeof PATHS;

interface Read {
  readonly name: DirectReadName;
  http(base: string): Promise<boolean>;
}

type HttpPath = Exclude<PathKey, 'direct'>;
/** The HTTP paths, measured in alternating slices (each slice starts one further along). */
const HTTP_PATHS: readonly HttpPath[] = ['verified', 'unverified', 'directHttp'];
type Row = LoadResult & { readonly read: string; readonly path: PathKey };

const ok = async (res: Response): Promise<boolean> => {
  const body = (await res.json()) as { ok?: boolean };
  return res.status === 200 && body.ok === true;
};

function reads(wallet: Address): Read[] {
  const friendly = wallet.toString({ urlSafe: true, bounceable: true });
  return [
    {
      name: 'getMasterchainInfo',
      http: async (base) => ok(await fetch(`${base}/api/v2/getMasterchainInfo`)),
    },
    {
      name: 'getAddressInformation',
      http: async (base) =>
        ok(await fetch(`${base}/api/v2/getAddressInformation?address=${friendly}`)),
    },
    {
      name: 'runGetMethod',
      http: async (base) =>
        ok(
          await fetch(`${base}/api/v2/runGetMethod`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ address: friendly, method: 'seqno', stack: [] }),
          }),
        ),
    },
    {
      name: 'getTransactions',
      http: async (base) =>
        ok(await fetch(`${base}/api/v2/getTransactions?address=${friendly}&limit=10`)),
    },
  ];
}

/** The direct client behind a bare node:http server (bench/servers/direct-lite-http.ts), on `localnet`. */
async function startDirectHttp(
  localnet: GenesisLocalnet<LocalnetAccount>,
): Promise<{ service: Service; base: string }> {
  const port = await findFreePort();
  const service = await startService(
    'direct-lite-http',
    'bench/servers/direct-lite-http.js',
    [],
    {
      PORT: String(port),
      LITESERVER_HOST: localnet.endpoint.host,
      LITESERVER_PORT: String(localnet.endpoint.port),
      LITESERVER_KEY: localnet.endpoint.publicKey.toString('base64'),
      WALLET: localnet.walletV4r2.toRawString(),
    },
    /listening/,
  );
  return { service, base: `http://127.0.0.1:${String(port)}` };
}

const direct = (read: Read, client: LiteClient, wallet: Address) => () =>
  DIRECT_READS[read.name](client, wallet);

export async function runV2VerifyBench(): Promise<string> {
  const ctx = runContext();
  const previous = readPrevious();
  const services: Service[] = [];
  const databases: TestDatabase[] = [];
  const results: Row[] = [];
  try {
    const localnet = await startGenesisLocalnet(services, 'bench-v2v-');
    const { configPath, endpoint, walletV4r2 } = localnet;
    const floor = await startDirectHttp(localnet);
    services.push(floor.service);
    const verified = await startStandalone('verified', configPath, true, databases);
    services.push(verified.service);
    const unverified = await startStandalone('unverified', configPath, false, databases);
    services.push(unverified.service);
    const lite = await directClient(endpoint);
    const { client } = lite;
    const bases: Record<HttpPath, string> = {
      verified: verified.base,
      unverified: unverified.base,
      directHttp: floor.base,
    };
    const all = reads(walletV4r2);
    for (const read of all) {
      await measureLoad('warm-up', 1, WARM_UP_MS, direct(read, client, walletV4r2));
      for (const path of HTTP_PATHS) {
        await measureLoad('warm-up', 1, WARM_UP_MS, () => read.http(bases[path]));
      }
    }
    for (const read of all) {
      for (const c of CONCURRENCY) {
        results.push({
          read: read.name,
          path: 'direct',
          ...(await measureLoad(PATHS.direct, c, DURATION_MS, direct(read, client, walletV4r2), {
            minRequests: MIN_REQUESTS,
          })),
        });
        // The HTTP paths in rotating slices (V N F, N F V, …), so what follows the direct run (the
        // liteserver's own backlog) or a change of the shared machine's load falls on all three.
        const slices: Record<HttpPath, LoadResult[]> = {
          verified: [],
          unverified: [],
          directHttp: [],
        };
        const samples: Record<HttpPath, number[]> = {
          verified: [],
          unverified: [],
          directHttp: [],
        };
        for (let slice = 0; slice < SLICES; slice++) {
          const order = HTTP_PATHS.map((_, i) => HTTP_PATHS[(i + slice) % HTTP_PATHS.length]);
          for (const path of order) {
            if (path === undefined) {
              continue;
            }
            slices[path].push(
              await measureLoad(
                PATHS[path],
                c,
                DURATION_MS / SLICES,
                () => read.http(bases[path]),
                { minRequests: Math.ceil(MIN_REQUESTS / SLICES) },
                samples[path],
              ),
            );
          }
        }
        for (const path of HTTP_PATHS) {
          results.push({
            read: read.name,
            path,
            ...mergedLoad(PATHS[path], c, slices[path], samples[path]),
          });
        }
      }
    }
    lite.close();
  } finally {
    for (const s of services.reverse()) {
      await s.stop();
    }
    for (const db of databases) {
      await db.drop();
    }
  }
  const head = reportHead(ctx, targetsOf(results));
  return writeReport('v2-verify', markdownOf(head, results, previous), head, {
    durationMs: DURATION_MS,
    results,
  });
}

function find(results: readonly Row[], read: string, path: PathKey, c: number): Row | undefined {
  return results.find((r) => r.read === read && r.path === path && r.concurrency === c);
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

/** The verified process's p50 over `base`'s, same read and concurrency. */
function p50Ratio(results: readonly Row[], read: string, base: PathKey, c: number): number | null {
  const v = find(results, read, 'verified', c);
  const d = find(results, read, base, c);
  return v && d && d.p50Ms > 0 ? round2(v.p50Ms / d.p50Ms) : null;
}

function targetsOf(results: readonly Row[]): Target[] {
  const names = [...new Set(results.map((r) => r.read))];
  return names.flatMap((read) =>
    CONCURRENCY.map((c) =>
      target(
        `uncached ${read}, verified: p50 over the direct client's behind bare node:http at concurrency ${String(c)}`,
        p50Ratio(results, read, 'directHttp', c),
        '×',
        '<=',
        MAX_DIRECT_RATIO,
      ),
    ),
  );
}

interface PreviousReport {
  readonly date: string;
  readonly commit: string;
  readonly loadAverage: { readonly before: number; readonly after: number };
  readonly results: readonly Row[];
}

function readPrevious(): PreviousReport | undefined {
  try {
    return readReport('v2-verify') as PreviousReport;
  } catch {
    // No previous report (a fresh checkout, or the first run): nothing to compare with.
    return undefined;
  }
}

const cells = (r: Row | undefined): string =>
  r
    ? `${String(r.rps)} | ${String(r.p50Ms)} | ${String(r.p99Ms)} | ${String(r.errors)}`
    : '– | – | – | –';

function markdownOf(
  head: ReportHead,
  results: readonly Row[],
  previous: PreviousReport | undefined,
): string {
  const names = [...new Set(results.map((r) => r.read))];
  const rows = names.flatMap((read) =>
    CONCURRENCY.flatMap((c) =>
      (Object.keys(PATHS) as PathKey[]).map(
        (path) =>
          `| ${read} | ${PATHS[path]} | ${String(c)} | ${cells(find(results, read, path, c))} |`,
      ),
    ),
  );
  const inProcessRows = names.flatMap((read) =>
    CONCURRENCY.map(
      (c) =>
        `| ${read} | ${String(c)} | ${String(p50Ratio(results, read, 'direct', c) ?? '–')} | ${String(p50Ratio(results, read, 'directHttp', c) ?? '–')} |`,
    ),
  );
  const costRows = names.flatMap((read) =>
    CONCURRENCY.map((c) => {
      const v = find(results, read, 'verified', c);
      const u = find(results, read, 'unverified', c);
      if (!v || !u || u.rps === 0) {
        return `| ${read} | ${String(c)} | – | – | – |`;
      }
      return `| ${read} | ${String(c)} | ${String(round2(v.rps / u.rps))} | ${String(round2(v.p50Ms - u.p50Ms))} | ${String(round2(v.p99Ms - u.p99Ms))} |`;
    }),
  );
  return [
    '# v2 reads benchmark: proof verification on vs off, same run, same liteserver',
    '',
    headLines(head),
    `- duration per case: ${String(DURATION_MS)} ms (BENCH_DURATION_MS), longer (at most 4×) until ${String(MIN_REQUESTS)} calls; every read called for ${String(WARM_UP_MS)} ms on every path before measuring (JIT warm-up of the client and the services); localnet genesis seed, one liteserver, a block every 400 ms; each case runs the direct client, then the three HTTP paths in ${String(SLICES)} rotating slices each (verified, unverified, floor; unverified, floor, verified; …) merged into one result per path`,
    '- reads: uncached head reads (the answer changes every block): getMasterchainInfo (the pool keeps the head 200 ms), getAddressInformation and runGetMethod `seqno` of the v4r2 wallet at the head, getTransactions of that wallet from its last transaction (limit 10)',
    '- paths: two single processes (`apps/standalone`, INGEST_FOLLOW=off, a PostgreSQL database each) on the same liteserver, one verifying every answer from the localnet global config\'s `validator` section (docs/trustless.md), one with LITESERVER_VERIFY=false; the direct ton-lite-client makes the liteserver calls a miss makes (head, then the read) with its block, header, shard and account caches off, in the benchmark\'s process and, as the floor of an HTTP service, behind a bare node:http server in its own process (bench/servers/direct-lite-http.ts: the same liteserver calls, answered `{"ok":true}`, nothing validated, rendered or verified)',
    '- the emulator runs get-methods here (the localnet is at the global version the emulator supports); the runSmcMethod fallback of a newer network is not measured',
    '',
    '## Targets',
    '',
    "The hot-path bound for uncached head reads, with verification on: p50 within 1.5× the direct client's, at concurrency 1 and 16. Both are asked over HTTP by the same client (Node's fetch): the service, and the direct client behind a bare node:http server. The in-process direct client (no HTTP at all) is shown below too; fetch's own round trip to a server that answers fixed bytes is about 0.25 ms on this machine, above 1.5× an in-process getMasterchainInfo (about 0.15 ms), so no HTTP service could meet the bound against that one.",
    '',
    targetsTable(head.targets),
    '',
    '## Over the in-process direct client',
    '',
    'p50 of the verified process over the direct client in the benchmark process (no HTTP), and over the same client behind bare node:http:',
    '',
    '| read | concurrency | over in-process | over bare node:http |',
    '|---|---:|---:|---:|',
    ...inProcessRows,
    '',
    '## Results',
    '',
    '| read | path | concurrency | req/s | p50 ms | p99 ms | errors |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    '## The cost of verification',
    '',
    'Verified over unverified, same read, same concurrency, same run:',
    '',
    '| read | concurrency | req/s ratio | p50 added ms | p99 added ms |',
    '|---|---:|---:|---:|---:|',
    ...costRows,
    '',
    ...comparisonLines(results, previous),
  ].join('\n');
}

function comparisonLines(results: readonly Row[], previous: PreviousReport | undefined): string[] {
  if (!previous) {
    return ['No previous report to compare with: this is the first run of this benchmark.'];
  }
  const rows = results.map((r) => {
    const before = find(previous.results, r.read, r.path, r.concurrency);
    return `| ${r.read} | ${PATHS[r.path]} | ${String(r.concurrency)} | ${before ? String(before.p50Ms) : '–'} | ${String(r.p50Ms)} | ${before ? String(before.rps) : '–'} | ${String(r.rps)} |`;
  });
  return [
    `Compared with the previous report (${previous.date}, commit ${previous.commit.slice(0, 7)}, load average ${String(previous.loadAverage.before)} before, ${String(previous.loadAverage.after)} after):`,
    '',
    '| read | path | concurrency | previous p50 ms | p50 ms | previous req/s | req/s |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...rows,
  ];
}
