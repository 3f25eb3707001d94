import type { LoadResult } from './latency';
import { type ReportHead, reportMarkdown } from './report';
import type { Scenario } from './v2-methods.reads';

/** One measured run: a read, a scenario and a path at one concurrency. */
export type Row = LoadResult & { read: string; scenario: Scenario; listWraps?: number };

/** The report of the v2-methods benchmark (bench/reports/v2-methods.md). */
export function markdownOf(
  head: ReportHead,
  results: readonly Row[],
  bare: readonly LoadResult[],
  notes: readonly string[],
  distinctStarts: number,
  settings: {
    readonly durationMs: number;
    readonly concurrency: readonly number[];
    readonly fanOutRounds: number;
  },
): string {
  const find = (read: string, label: string, c: number, scenario: Scenario) =>
    results.find(
      (r) => r.read === read && r.label === label && r.concurrency === c && r.scenario === scenario,
    );
  const cells = (r: Row | undefined) =>
    r
      ? `${String(r.rps)} | ${String(r.p50Ms)} | ${String(r.p99Ms)} | ${String(r.errors)}`
      : '– | – | – | –';
  const rows: string[] = [];
  for (const read of ['getAddressInformation', 'runGetMethod', 'getTransactions']) {
    for (const label of [
      'direct ton-lite-client',
      'gateway, single process',
      'gateway, mesh (NATS)',
    ]) {
      for (const c of settings.concurrency) {
        rows.push(
          `| ${read} | ${label} | ${String(c)} | ${cells(find(read, label, c, 'uncached'))} | ${cells(find(read, label, c, 'cached'))} |`,
        );
      }
    }
  }
  const wraps = results
    .filter((r) => r.listWraps !== undefined)
    .map((r) => `${r.label}: ${String(r.listWraps)} at concurrency ${String(r.concurrency)}`)
    .join(', ');
  return reportMarkdown(
    head,
    {
      title: 'v2 reads benchmark: gateway vs direct ton-lite-client, uncached and cached',
      run: [
        `- duration per run: ${String(settings.durationMs)} ms; localnet genesis seed, one liteserver, a block every 400 ms; the single process runs with INGEST_FOLLOW=off (no indexing beside the reads)`,
        '- the direct client makes the liteserver calls the service makes on a miss (head or block lookup, then the read); ton-lite-client keeps its own per-block caches of block lookups and account states, which flatters the direct reads at a fixed seqno',
        '- uncached: getAddressInformation and runGetMethod read the head (never cached); getTransactions starts each request from another (transaction, limit) pair out of ' +
          `${String(distinctStarts)} (every transaction of the seed's accounts but the v5r1 wallet, and of the ${String(settings.fanOutRounds * 255)} accounts that wallet paid before the runs, × limits 1…16, in one fixed shuffled order; the wallet's own fan-out transactions, 255 outbound messages and a 42 KB BoC each, are left out); times the gateway went through the whole list: ${wraps || 'none'}`,
        '- cached: the same immutable request repeated (getAddressInformation and runGetMethod at a fixed past seqno; getTransactions from a fixed transaction id, limit 10)',
        '- paths: direct ton-lite-client from the benchmark process; the single process (`apps/standalone`); the mesh (`apps/liteserver` and `apps/gateway` over a nats-server of their own); the floor of any HTTP answer is a bare Fastify handler returning a constant, measured in the same run',
        ...notes.map((n) => `- note: ${n}`),
      ],
    },
    [
      '| read | path | concurrency | uncached req/s | p50 ms | p99 ms | errors | cached req/s | p50 ms | p99 ms | errors |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...rows,
      '',
      'The floor, a bare Fastify constant handler (no liteserver, no service):',
      '',
      '| concurrency | req/s | p50 ms | p99 ms | errors |',
      '|---:|---:|---:|---:|---:|',
      ...bare.map(
        (r) =>
          `| ${String(r.concurrency)} | ${String(r.rps)} | ${String(r.p50Ms)} | ${String(r.p99Ms)} | ${String(r.errors)} |`,
      ),
    ],
  );
}
