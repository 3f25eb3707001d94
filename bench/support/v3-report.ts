import { type LoadResult } from './latency';
import {
  reportHead,
  reportMarkdown,
  type RunContext,
  target,
  type Target,
  writeReport,
} from './report';
import { type Dataset } from './v3-dataset';
import { type V3QueryName, V3_QUERIES } from './v3-requests';

export type Temperature = 'hot' | 'cold';
export type V3Path = 'raw SQL (pg)' | 'gateway, single process' | 'gateway, mesh (NATS)';
export const V3_PATHS: readonly V3Path[] = [
  'raw SQL (pg)',
  'gateway, single process',
  'gateway, mesh (NATS)',
];

export interface V3Row extends LoadResult {
  readonly query: V3QueryName;
  readonly temperature: Temperature;
  readonly path: V3Path;
  /** Distinct subjects the run asked for (cold runs: each at most once). */
  readonly subjects: number;
}

export interface V3ReportSettings {
  readonly durationMs: number;
  readonly concurrency: readonly number[];
  readonly coldPerRun: number;
  readonly hotMinRequests: number;
  readonly targetP99Ms: number;
}

const ratio = (a: number | undefined, b: number | undefined): string =>
  a === undefined || b === undefined || b === 0 ? '–' : (a / b).toFixed(2);

/** The gateway path the targets are read from: the mesh (as deployed) when it ran. */
function gatewayOf(rows: readonly V3Row[]): V3Path {
  return rows.some((r) => r.path === 'gateway, mesh (NATS)')
    ? 'gateway, mesh (NATS)'
    : 'gateway, single process';
}

/**
 * p99 through the deployed path at concurrency 1 for hot and cold subjects, and for hot subjects at
 * every higher concurrency the run measured (many clients asking for the same busy accounts at once).
 */
export function v3Targets(rows: readonly V3Row[], settings: V3ReportSettings): Target[] {
  const gateway = gatewayOf(rows);
  const levels = (t: 'hot' | 'cold'): readonly number[] =>
    t === 'hot' ? settings.concurrency : settings.concurrency.filter((c) => c === 1);
  return V3_QUERIES.flatMap((q) =>
    (['hot', 'cold'] as const).flatMap((t) =>
      levels(t).map((c) => {
        const row = rows.find(
          (r) =>
            r.query === q.name && r.temperature === t && r.path === gateway && r.concurrency === c,
        );
        return target(
          `v3 ${q.label}, ${t} ${q.takes === 'message' ? 'hashes' : 'accounts'}: p99 at 10M transactions through the ${gateway.replace('gateway, ', 'gateway ')}, concurrency ${String(c)}`,
          row?.p99Ms,
          'ms',
          '<',
          settings.targetP99Ms,
        );
      }),
    ),
  );
}

export function writeV3Report(
  ctx: RunContext,
  dataset: Dataset,
  rows: readonly V3Row[],
  statements: ReadonlyMap<V3QueryName, readonly string[]>,
  notes: readonly string[],
  settings: V3ReportSettings,
): string {
  const targets = v3Targets(rows, settings);
  const head = reportHead(ctx, targets);
  const find = (q: V3QueryName, t: Temperature, p: V3Path, c: number): V3Row | undefined =>
    rows.find((r) => r.query === q && r.temperature === t && r.path === p && r.concurrency === c);
  const cells = (r: V3Row | undefined): string =>
    r === undefined
      ? '– | – | – | –'
      : `${String(r.p50Ms)} | ${String(r.p99Ms)} | ${String(r.rps)} | ${String(r.requests)} / ${String(r.errors)}`;
  const table: string[] = [];
  const overhead: string[] = [];
  for (const q of V3_QUERIES) {
    for (const t of ['hot', 'cold'] as const) {
      for (const c of settings.concurrency) {
        table.push(
          `| ${q.label} | ${t} | ${String(c)} | ${settings.concurrency.length > 0 ? V3_PATHS.map((p) => cells(find(q.name, t, p, c))).join(' | ') : ''} |`,
        );
        const raw = find(q.name, t, 'raw SQL (pg)', c);
        const single = find(q.name, t, 'gateway, single process', c);
        const mesh = find(q.name, t, 'gateway, mesh (NATS)', c);
        overhead.push(
          `| ${q.label} | ${t} | ${String(c)} | ${ratio(single?.p50Ms, raw?.p50Ms)} | ${ratio(mesh?.p50Ms, raw?.p50Ms)} | ${ratio(raw?.rps, single?.rps)} | ${ratio(raw?.rps, mesh?.rps)} |`,
        );
      }
    }
  }
  const info = dataset.info;
  const markdown = reportMarkdown(
    head,
    {
      title: 'v3 queries at 10M transactions: gateway vs raw SQL (issues 7 and 11)',
      run: [
        `- database \`${dataset.url.split('/').pop() ?? ''}\`: ${String(info.transactions)} transactions, ${String(info.rows.messages ?? 0)} messages, ${String(info.traces)} traces, ${String(info.rows.actions ?? 0)} actions, ${String(info.rows.jetton_transfers ?? 0)} Jetton transfers, ${String(info.rows.latest_account_states ?? 0)} accounts; ${(info.sizeBytes / 2 ** 30).toFixed(1)} GiB; generated ${info.generatedAt} in ${String(info.generationSeconds)} s${dataset.generatedNow ? ' (by this run)' : ' (kept from an earlier run)'}${dataset.migrationsApplied.length > 0 && !dataset.generatedNow ? `; migrations applied to it by this run: ${dataset.migrationsApplied.join(', ')}` : ''}`,
        '- data: synthetic rows that follow the schema (bench/support/v3-dataset.sql.ts): 200k wallets chosen with a Zipf-like skew (exponent 1.1: the most active wallet is in about a tenth of the traces, the tail has one or two transactions), TON transfers (2 transactions), Jetton transfers (5 transactions, an action, a jetton_transfers row) and lone externals; message bodies are real BoCs from a pool of templates; every index of the migrations in place, vacuumed and analysed',
        `- load: ${String(settings.durationMs)} ms per run (hot: longer, up to 4×, until ${String(settings.hotMinRequests)} requests) or, for cold subjects, until each of the run's ${String(settings.coldPerRun)} subjects was asked once; hot = the 4 most active wallets (or 4 fixed message hashes) in turn, cached after the warm-up; cold = accounts of rank > 20,000 (for jetton/transfers those with a Jetton wallet; messages spread over the history), a fresh set for every run and path, so no path warms another's`,
        '- paths: raw SQL = the statements the query service sends for the request when it has nothing kept (checked equal, text and parameters, to what its handler sends), issued with node-postgres from the benchmark process, no service; gateway = HTTP GET through `apps/standalone` (one process) or the mesh (`apps/gateway` + `apps/query` over a private nats-server); each request answers with the full JSON (address_book, metadata)',
        "- the service's defaults: the query service keeps rendered finalized transactions, classified traces' actions and address book entries (`QUERY_RENDER_CACHE_MB`, 32 MiB), with their JSON text spliced into replies, so after the warm-up the hot pages' transactions, messages, account states, actions and address book come from memory and only the page's rows (transactions) or trace heads (traces) are read, with the two cursor rows that date the address book: raw SQL is then more work than the service does, and a ratio below 1 is that cache; the address book is dropped whenever the ingestor or decoder moves, which a live chain does every block and this static database never does; cold subjects are never kept before their one request. The gateway checks forwarded replies against their contracts within 25 % of a core (`REPLY_CHECK_CPU_PERCENT`): a 1.1 MB traces page costs ~40 ms to check, so most hot traces pages go unchecked",
        ...notes.map((n) => `- note: ${n}`),
      ],
      nextHeading: 'Latency (ms) and throughput',
    },
    [
      `| query | subjects | concurrency | ${V3_PATHS.map((p) => `${p} p50 | p99 | req/s | requests / errors`).join(' | ')} |`,
      `|---|---|---:|${V3_PATHS.map(() => '---:|---:|---:|---:').join('|')}|`,
      ...table,
      '',
      '## Service overhead over raw SQL',
      '',
      'p50 of the gateway over p50 of the raw statements, and raw req/s over gateway req/s (how many times',
      'more requests the database alone answers than the service in front of it, on the same two cores).',
      '',
      '| query | subjects | concurrency | p50 single / raw | p50 mesh / raw | req/s raw / single | req/s raw / mesh |',
      '|---|---|---:|---:|---:|---:|---:|',
      ...overhead,
      '',
      '## The statements of one request',
      '',
      ...V3_QUERIES.flatMap((q) => [
        `- ${q.label}: ${String(statements.get(q.name)?.length ?? 0)} statements`,
        ...(statements.get(q.name) ?? []).map(
          (s) => `  - \`${s.slice(0, 140)}${s.length > 140 ? '…' : ''}\``,
        ),
      ]),
    ],
  );
  return writeReport('v3-queries', markdown, head, {
    dataset: {
      ...info,
      database: dataset.url.split('/').pop(),
      generatedNow: dataset.generatedNow,
    },
    settings,
    results: rows,
    statements: Object.fromEntries(statements),
    notes,
  });
}
