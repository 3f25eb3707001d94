/**
 * Benchmark: catch-up speed of the ingestor on a pre-generated localnet history.
 * Writes bench/reports/ingest-catchup.{md,json}. Not a test. Run:
 *   scripts/build-to.sh .tmp/bench && node .tmp/bench/bench/run.js ingest-catchup
 *
 * A child process (bench/support/localnet-history.ts, shared with bench/decode-catchup.ts) starts a
 * two-shard manual-mode localnet (genesis seed), generates the history — wallets v4 paying each other,
 * each external carrying several transfers, so one masterchain block holds about
 * BENCH_INGEST_TX_PER_BLOCK transactions — and then serves it over its liteserver. The parent ingests
 * the whole range with the ingestor's own components:
 *
 * - fetch+parse: `loadBatches` over BlockSource → LiteserverPool → McBatchLoader, nothing written;
 * - whole path: BackfillRunner (McBatchLoader, loadBatches, BatchCommitter, ChainBlockWriter) into a
 *   fresh PostgreSQL database with the real migrations, once with 1 worker and once with 2.
 *
 * The history is generated once per run and reused by every phase (it lives in the child's memory).
 * Environment: BENCH_INGEST_MC_BLOCKS (default 2000), BENCH_INGEST_TX_PER_BLOCK (default 105),
 * BENCH_INGEST_WINDOW (masterchain blocks loaded ahead, default 4, as the CLI),
 * BENCH_INGEST_PHASES (comma list of fetch, w1, w2; default all), BENCH_INGEST_NATIVE_SHA (default
 * 1; 0 keeps @ton/crypto's JavaScript SHA-256 in the ingesting process), BENCH_INGEST_REPORT (default
 * 1; 0 prints the numbers without writing the report, for profiling runs).
 */
import {
  ChainBlockWriter,
  createDataSource,
  type DataSource,
  IndexerCursorRepository,
  IngestProgressRepository,
  type McBlockBatch,
} from '@app/database';
import { createTestDatabase } from '@app/testing';
import { installFastBitOps, installNativeSha256 } from '@app/ton';
import pino from 'pino';
import { Registry } from 'prom-client';
import { BackfillRunner } from '../apps/ingestor/src/backfill/backfill.runner';
import { NO_EVENTS } from '../apps/ingestor/src/events/block-indexed.publisher';
import { BatchCommitter } from '../apps/ingestor/src/follow/batch-committer';
import { IngestMetrics } from '../apps/ingestor/src/metrics/ingest.metrics';
import { loadBatches } from '../apps/ingestor/src/source/batch-pipeline';
import { BlockSource } from '../apps/ingestor/src/source/block-source';
import { createBlockDecoder } from '../apps/ingestor/src/source/decode/block-decoder.pool';
import { McBatchLoader } from '../apps/ingestor/src/source/mc-batch.loader';
import { decodeHistory, type DecodeRun } from './support/decode-history';
import {
  type History,
  historyPool,
  historySizeFromEnv,
  intEnv,
  round1,
  startHistory,
  TRANSFERS_PER_EXTERNAL,
} from './support/localnet-history';
import {
  headLines,
  readReport,
  type ReportHead,
  reportHead,
  rerenderedHead,
  runContext,
  target,
  type Target,
  targetsSection,
  writeReport,
} from './support/report';

const TARGET = { mcBlocksPerSecond: 25, txPerSecond: 2000 };
interface Totals {
  mcBlocks: number;
  shardBlocks: number;
  transactions: number;
}

interface Rate {
  readonly seconds: number;
  readonly mcBlocksPerSecond: number;
  readonly shardBlocksPerSecond: number;
  readonly txPerSecond: number;
  /** The slowest stretch of WINDOW_BLOCKS consecutive masterchain blocks, in transactions/s. */
  readonly worstWindowTxPerSecond: number;
}

interface PhaseResult extends Rate {
  readonly phase: string;
  readonly workers?: number;
  readonly rangeSize?: number;
  readonly commitMs?: { p50: number; p90: number; p99: number; max: number };
  readonly rowsInDatabase?: { transactions: number; messages: number; blocks: number };
  /** The decoder over what this phase wrote: traces, actions, interfaces. */
  readonly decode?: DecodeResult;
}

/** The decoder over the same history (bench/support/decode-history.ts). */
type DecodeResult = DecodeRun;

const WINDOW_BLOCKS = 50;

/** Threads decoding blocks, as INGEST_PARSE_THREADS (BENCH_INGEST_PARSE_THREADS, default 1; 0: none). */
function parseThreadsFromEnv(): number {
  const raw = process.env.BENCH_INGEST_PARSE_THREADS;
  const n = raw === undefined || raw === '' ? 1 : Number(raw);
  if (!Number.isSafeInteger(n) || n < 0 || n > 16) {
    throw new Error('BENCH_INGEST_PARSE_THREADS must be an integer 0..16');
  }
  return n;
}
const PARSE_THREADS = parseThreadsFromEnv();

/** Per masterchain block: when it was done and what it held (for rates and the worst window). */
interface Step {
  readonly at: number;
  readonly mcSeqno: number;
  readonly shardBlocks: number;
  readonly transactions: number;
}

function batchCounts(batch: McBlockBatch): {
  mcSeqno: number;
  shardBlocks: number;
  transactions: number;
} {
  const blocks = [batch.masterchain, ...batch.shardBlocks];
  return {
    mcSeqno: batch.mcSeqno,
    shardBlocks: batch.shardBlocks.length,
    transactions: blocks.reduce((n, b) => n + b.transactions.length, 0),
  };
}

/** Masterchain seqnos from which the generated traffic runs (the worst window only looks there). */
let trafficFrom = 1;

function rateOf(steps: readonly Step[], started: number): Rate {
  const end = steps[steps.length - 1]?.at ?? started;
  const seconds = (end - started) / 1000;
  const totals = steps.reduce(
    (t, s) => ({
      shardBlocks: t.shardBlocks + s.shardBlocks,
      transactions: t.transactions + s.transactions,
    }),
    { shardBlocks: 0, transactions: 0 },
  );
  let worst = Number.POSITIVE_INFINITY;
  for (let i = 1; i + WINDOW_BLOCKS <= steps.length; i += 1) {
    if ((steps[i]?.mcSeqno ?? 0) < trafficFrom) {
      continue;
    }
    const from = steps[i - 1]?.at ?? started;
    const to = steps[i + WINDOW_BLOCKS - 1]?.at ?? from;
    let txs = 0;
    for (let k = i; k < i + WINDOW_BLOCKS; k += 1) {
      txs += steps[k]?.transactions ?? 0;
    }
    worst = Math.min(worst, (txs * 1000) / Math.max(1, to - from));
  }
  return {
    seconds: round1(seconds),
    mcBlocksPerSecond: round1(steps.length / seconds),
    shardBlocksPerSecond: round1(totals.shardBlocks / seconds),
    txPerSecond: Math.round(totals.transactions / seconds),
    worstWindowTxPerSecond: Number.isFinite(worst)
      ? Math.round(worst)
      : Math.round(totals.transactions / seconds),
  };
}

/** Fetch and parse every masterchain block of the history with its shard blocks; nothing written. */
async function fetchAndParse(
  history: History,
  window: number,
): Promise<{ result: PhaseResult; totals: Totals }> {
  const pool = historyPool(history);
  await pool.start();
  const decoder = createBlockDecoder(PARSE_THREADS);
  try {
    const loader = new McBatchLoader(new BlockSource(pool, decoder));
    const steps: Step[] = [];
    const started = performance.now();
    for await (const item of loadBatches(loader, 1, history.head, window)) {
      if (item.kind !== 'batch') {
        throw new Error(`masterchain block ${String(item.mcSeqno)} failed to parse`);
      }
      steps.push({ at: performance.now(), ...batchCounts(item.loaded.batch) });
    }
    const totals: Totals = {
      mcBlocks: steps.length,
      shardBlocks: steps.reduce((n, s) => n + s.shardBlocks, 0),
      transactions: steps.reduce((n, s) => n + s.transactions, 0),
    };
    return { result: { phase: 'fetch+parse', ...rateOf(steps, started) }, totals };
  } finally {
    pool.close();
    await decoder.close();
  }
}

/** ChainBlockWriter that times each batch's database transaction and notes when it finished. */
class TimedWriter extends ChainBlockWriter {
  readonly commitMs: number[] = [];
  readonly steps: Step[] = [];

  override async write(
    batch: McBlockBatch,
    cursorName?: string,
  ): ReturnType<ChainBlockWriter['write']> {
    const t0 = performance.now();
    const written = await super.write(batch, cursorName);
    const t1 = performance.now();
    this.commitMs.push(t1 - t0);
    this.steps.push({ at: t1, ...batchCounts(batch) });
    return written;
  }
}

function percentiles(xs: readonly number[]): NonNullable<PhaseResult['commitMs']> {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number): number =>
    round1(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0);
  return { p50: at(50), p90: at(90), p99: at(99), max: round1(s[s.length - 1] ?? 0) };
}

async function countRows(dataSource: DataSource): Promise<PhaseResult['rowsInDatabase']> {
  const count = async (table: string): Promise<number> => {
    const rows: { n: string }[] = await dataSource.query(
      `SELECT count(*)::text AS n FROM "${table}"`,
    );
    return Number(rows[0]?.n ?? 0);
  };
  return {
    transactions: await count('transactions'),
    messages: await count('messages'),
    blocks: await count('blocks'),
  };
}

/** The whole path into a fresh database: BackfillRunner with `workers` workers over [1, head]. */
async function wholePath(history: History, workers: number, window: number): Promise<PhaseResult> {
  const db = await createTestDatabase({ prefix: 'bench_ingest' });
  const dataSource = await createDataSource({
    url: db.url,
    applicationName: 'bench-ingest',
    poolSize: workers + 2,
  }).initialize();
  const pool = historyPool(history);
  await pool.start();
  const decoder = createBlockDecoder(PARSE_THREADS);
  try {
    const logger = pino({ level: 'warn' });
    const progress = new IngestProgressRepository(dataSource);
    const cursors = new IndexerCursorRepository(dataSource);
    const writer = new TimedWriter(dataSource);
    const runner = new BackfillRunner(
      new McBatchLoader(new BlockSource(pool, decoder)),
      new BatchCommitter(writer, progress, cursors, new IngestMetrics(new Registry()), logger),
      progress,
      NO_EVENTS,
      logger,
    );
    // One range per worker and a few more, so that both workers stay busy to the end.
    const rangeSize = workers === 1 ? 500 : Math.ceil(history.head / (workers * 4));
    const started = performance.now();
    const result = await runner.run({ from: 1, to: history.head, workers, window, rangeSize });
    if (result.quarantined > 0) {
      throw new Error(`${String(result.quarantined)} blocks quarantined`);
    }
    // With several workers the commits interleave; the worst window is over commit order.
    const steps = [...writer.steps].sort((a, b) => a.at - b.at);
    const rate = rateOf(steps, started);
    const rows = await countRows(dataSource);
    if (workers === 1) {
      // A backfill leaves the live cursor alone; the decoder follows that cursor, so it is moved to
      // the head as the follower would have (support/decode-history.ts ingestHistory does the same).
      await cursors.advance('masterchain', history.head);
    }
    return {
      phase: 'whole path',
      workers,
      rangeSize,
      ...rate,
      commitMs: percentiles(writer.commitMs),
      rowsInDatabase: rows,
      ...(workers === 1 ? { decode: await decodeHistory(dataSource, pool, history.head) } : {}),
    };
  } finally {
    pool.close();
    await decoder.close();
    await dataSource.destroy();
    await db.drop();
  }
}

/** The best whole-path run (the targets are the ingestor's, writing included). */
function bestWholePath(phases: readonly PhaseResult[]): PhaseResult | undefined {
  return phases
    .filter((p) => p.phase === 'whole path')
    .reduce<PhaseResult | undefined>(
      (b, p) => (b === undefined || p.txPerSecond > b.txPerSecond ? p : b),
      undefined,
    );
}

/** The ingestor's targets on the best whole path, and the decoder's: the decoder keeps up with 2,000 tx/s. */
function ingestTargets(phases: readonly PhaseResult[]): Target[] {
  const best = bestWholePath(phases);
  const decode = phases.find((p) => p.decode !== undefined)?.decode;
  const workers = best?.workers === undefined ? '' : ` (${String(best.workers)} worker(s))`;
  return [
    target(
      `ingest catch-up, whole path${workers}: masterchain blocks/s with their shard blocks`,
      best?.mcBlocksPerSecond,
      'mc blocks/s',
      '>=',
      TARGET.mcBlocksPerSecond,
    ),
    target(
      `ingest catch-up, whole path${workers}: transactions/s`,
      best?.txPerSecond,
      'tx/s',
      '>=',
      TARGET.txPerSecond,
    ),
    target(
      'decoder over the same history: transactions/s (keeps up with the ingest target)',
      decode?.txPerSecond,
      'tx/s',
      '>=',
      TARGET.txPerSecond,
    ),
  ];
}

function markdown(
  head: ReportHead,
  history: History,
  totals: Totals,
  phases: readonly PhaseResult[],
  json: { nativeSha256: boolean; window: number; parseThreads?: number | undefined },
): string {
  const met = (p: PhaseResult): boolean =>
    p.mcBlocksPerSecond >= TARGET.mcBlocksPerSecond && p.txPerSecond >= TARGET.txPerSecond;
  const best = bestWholePath(phases);
  const verdict =
    best === undefined
      ? 'not measured (no whole-path run)'
      : met(best)
        ? `**met** (${String(best.mcBlocksPerSecond)} mc blocks/s, ${String(best.txPerSecond)} tx/s with ${String(best.workers)} worker(s))`
        : `**NOT met** (best whole-path run: ${String(best.mcBlocksPerSecond)} mc blocks/s, ${String(best.txPerSecond)} tx/s with ${String(best.workers)} worker(s))`;
  const issueSize = history.head >= 2000 && totals.transactions >= 200_000;
  return [
    '# Ingestor catch-up benchmark',
    '',
    headLines(head),
    '- two cores carry the liteserver, the ingestor and PostgreSQL at once',
    `- history: localnet, genesis seed, 2 basechain shards, ${String(history.head)} masterchain blocks, ${String(totals.shardBlocks)} shard blocks, ${String(totals.transactions)} transactions (${String(history.wallets)} wallets v4, ${String(history.rounds)} rounds of one external with ${String(TRANSFERS_PER_EXTERNAL)} transfers per wallet); ${issueSize ? 'the size the issue asks for' : `**smaller than the issue's 2,000 blocks / 200,000 transactions** (BENCH_INGEST_MC_BLOCKS, BENCH_INGEST_TX_PER_BLOCK)`}`,
    `- generation: ${String(history.generationSeconds)} s (funding ${String(history.fundingSeconds)} s; emulator ${String(history.executeSeconds)} s, block building ${String(history.buildSeconds)} s), once per run; every phase below reads the same history from the generator's liteserver (a separate process)`,
    `- ingest: window ${String(json.window)} masterchain blocks ahead, ${json.parseThreads === undefined ? 'blocks parsed on the event loop' : `${String(json.parseThreads)} parse thread(s) (INGEST_PARSE_THREADS)`}, node:crypto SHA-256 for cell hashes${json.parseThreads === undefined ? '' : ' and the byte-wise BitReader'} ${json.nativeSha256 ? 'installed (as the ingestor apps do)' : 'NOT installed'}; PostgreSQL 15 local, fresh database with the migrations per whole-path run`,
    `- target: ${String(TARGET.mcBlocksPerSecond)} masterchain blocks/s with their shard blocks and ${String(TARGET.txPerSecond)} tx/s sustained, whole path: ${verdict}`,
    ...targetsSection(head.targets),
    '`fetch+parse`: loadBatches over BlockSource → LiteserverPool → McBatchLoader (lookupBlock, getBlock of',
    'the masterchain block and of every shard block it commits, BoC decode, parseBlock), nothing written.',
    '`whole path`: BackfillRunner (the code of `npm run ingest`) with a BatchCommitter and ChainBlockWriter:',
    `one database transaction per masterchain block. "worst ${String(WINDOW_BLOCKS)}" is the transaction rate of the`,
    `slowest ${String(WINDOW_BLOCKS)} consecutive masterchain blocks of the traffic (after the seed and the funding),`,
    'in the order they were done; commit = one ChainBlockWriter.write (ms).',
    '',
    `| phase | workers | seconds | mc blocks/s | shard blocks/s | tx/s | worst ${String(WINDOW_BLOCKS)} tx/s | commit p50 | p90 | p99 | max | rows (tx / msg / blocks) |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...phases.map(
      (p) =>
        `| ${p.phase} | ${p.workers === undefined ? '' : String(p.workers)} | ${String(p.seconds)} | ${String(p.mcBlocksPerSecond)} | ${String(p.shardBlocksPerSecond)} | ${String(p.txPerSecond)} | ${String(p.worstWindowTxPerSecond)} | ${p.commitMs ? `${String(p.commitMs.p50)} | ${String(p.commitMs.p90)} | ${String(p.commitMs.p99)} | ${String(p.commitMs.max)}` : ' | | | '} | ${p.rowsInDatabase ? `${String(p.rowsInDatabase.transactions)} / ${String(p.rowsInDatabase.messages)} / ${String(p.rowsInDatabase.blocks)}` : ''} |`,
    ),
    '',
    ...decodeSection(phases),
    '## Where the time goes (profiles of 2026-11-22, node --cpu-prof, 120–200-block histories)',
    '',
    '- Before this session the ingesting process was CPU-bound on one core: BoC decode and `parseBlock`',
    "  (~60 %), the `adnl` package's client (pure-JavaScript AES-CTR; every answer spread into a JavaScript",
    '  array to hash it) and garbage collection. Whole path then: 9.7 mc blocks/s, 772 tx/s (300 blocks).',
    '- The pool now speaks ADNL through its own client on node:crypto (libs/liteclient/src/adnl).',
    '- Blocks are decoded on a worker thread (INGEST_PARSE_THREADS, default 1): the event loop only',
    '  fetches, builds rows and writes, and the parse thread is the busiest thread of the run.',
    '- @ton/core reads every unsigned integer one bit at a time (a BigInt addition per bit) and copies',
    '  bit strings bit by bit; `installFastBitOps` (libs/ton/src/perf) does both a byte at a time, which',
    '  was a third of `parseBlock`. node:crypto SHA-256 is installed as before.',
    "- The localnet liteserver answers getBlock with the BoC kept from building, and keeps each block's",
    '  header proof, so serving the history costs it little; its cells are held weakly (2 MB of heap per',
    '  masterchain block instead of 8), which is what lets the 2,000-block history fit in memory.',
    '- On two cores the parse thread, the event loop, PostgreSQL and the liteserver share the CPU; the',
    '  commit (one transaction of seven unnest inserts, p50 ~23 ms for ~100 transactions and ~180',
    '  messages) is serial per worker, which is why a second backfill worker still adds a little.',
    '- A run\'s slowest 50 blocks ("worst 50") can fall far under its average: a stall of a few',
    "  seconds. The likely cause is the generator's liteserver, whose ~7 GB heap pauses it for full",
    '  collections; not measured further.',
    '- Reusing a history across runs: the localnet keeps its blocks and states in memory only; within a',
    '  run every phase reuses the one generated history (about 35 minutes to generate). Dumping the block',
    '  BoCs and replaying them from a small lite_api server would make it reusable; not built.',
    '',
  ].join('\n');
}

/** The decoder benchmark: the decoder must keep up with the ingestor's target (2,000 tx/s). */
function decodeSection(phases: readonly PhaseResult[]): string[] {
  const d = phases.find((p) => p.decode !== undefined)?.decode;
  if (d === undefined) {
    return [];
  }
  return [
    '## Decoder over the same history',
    '',
    'DecoderWorker over the database the 1-worker whole path wrote: trace assembly, interface detection',
    '(get-methods at every block through the same liteserver, once per code hash to probe), Jetton/NFT',
    'events, classification of every completed trace; one database transaction per masterchain block.',
    '',
    '| seconds | tx/s | traces/s | actions/s | traces | actions | keeps up with 2,000 tx/s |',
    '|---:|---:|---:|---:|---:|---:|---|',
    `| ${String(d.seconds)} | ${String(d.txPerSecond)} | ${String(d.tracesPerSecond)} | ${String(d.actionsPerSecond)} | ${String(d.traces)} | ${String(d.actions)} | ${d.txPerSecond >= TARGET.txPerSecond ? 'yes' : '**no**'} |`,
    '',
  ];
}

export async function runIngestCatchupBench(): Promise<string> {
  const phases = (process.env.BENCH_INGEST_PHASES ?? 'fetch,w1,w2').split(',');
  const window = intEnv('BENCH_INGEST_WINDOW', 4);
  // As the ingestor apps (and their parse threads) do, unless BENCH_INGEST_NATIVE_SHA=0.
  const nativeSha256 =
    process.env.BENCH_INGEST_NATIVE_SHA !== '0' && installNativeSha256() && installFastBitOps();
  const ctx = runContext();
  const { child, history } = await startHistory(historySizeFromEnv());
  process.stdout.write(`history: ${JSON.stringify(history)}\n`);
  trafficFrom = history.head - history.rounds;
  const results: PhaseResult[] = [];
  let totals: Totals = { mcBlocks: history.head, shardBlocks: 0, transactions: 0 };
  try {
    if (phases.includes('fetch')) {
      const measured = await fetchAndParse(history, window);
      totals = measured.totals;
      results.push(measured.result);
      process.stdout.write(`${JSON.stringify(measured.result)}\n`);
    }
    for (const workers of [1, 2]) {
      if (phases.includes(`w${String(workers)}`)) {
        const result = await wholePath(history, workers, window);
        results.push(result);
        process.stdout.write(`${JSON.stringify(result)}\n`);
        if (totals.transactions === 0) {
          totals = {
            mcBlocks: history.head,
            shardBlocks: 0,
            transactions: result.rowsInDatabase?.transactions ?? 0,
          };
        }
      }
    }
  } finally {
    child.disconnect();
    await new Promise((resolve) => child.once('exit', resolve));
  }
  const head = reportHead(ctx, ingestTargets(results));
  const data: IngestData = {
    target: TARGET,
    history: { ...history, endpoints: [], shardBlocks: totals.shardBlocks },
    window,
    parseThreads: PARSE_THREADS,
    nativeSha256,
    phases: results,
  };
  if (process.env.BENCH_INGEST_REPORT === '0') {
    return 'not written (BENCH_INGEST_REPORT=0)';
  }
  return writeReport(
    'ingest-catchup',
    markdown(head, history, totals, results, {
      nativeSha256,
      window,
      parseThreads: PARSE_THREADS,
    }),
    head,
    { ...data },
  );
}

/** The benchmark's own fields of the JSON report (after the head). */
interface IngestData {
  readonly target: typeof TARGET;
  readonly history: History & { readonly shardBlocks: number };
  readonly window: number;
  /** Absent in reports from before the parse threads. */
  readonly parseThreads?: number;
  readonly nativeSha256: boolean;
  readonly phases: readonly PhaseResult[];
}

/**
 * The report again from the numbers of the last run (bench/reports/ingest-catchup.json), with the
 * current head and targets: the run itself takes about forty minutes of both cores. Reports written
 * before the shared head kept the load average under `load` and no targets.
 */
export function rerenderIngestCatchupReport(): string {
  const earlier = readReport('ingest-catchup') as IngestData &
    Omit<ReportHead, 'loadAverage'> & {
      loadAverage?: ReportHead['loadAverage'];
      load?: ReportHead['loadAverage'];
    };
  const phases = earlier.phases;
  const wholePath = phases.find((p) => p.rowsInDatabase !== undefined);
  const totals: Totals = {
    mcBlocks: earlier.history.head,
    shardBlocks: earlier.history.shardBlocks,
    transactions: wholePath?.rowsInDatabase?.transactions ?? earlier.history.transactions,
  };
  const head = rerenderedHead(
    {
      commit: earlier.commit,
      date: earlier.date,
      machine: earlier.machine,
      node: earlier.node,
      loadAverage: earlier.loadAverage ?? earlier.load ?? { before: 0, after: 0 },
    },
    ingestTargets(phases),
    "its text rendered again from that run's numbers, without measuring again (the run takes about forty minutes of both cores)",
  );
  const data: IngestData = {
    target: TARGET,
    history: { ...earlier.history, endpoints: [] },
    window: earlier.window,
    ...(earlier.parseThreads === undefined ? {} : { parseThreads: earlier.parseThreads }),
    nativeSha256: earlier.nativeSha256,
    phases,
  };
  return writeReport(
    'ingest-catchup',
    markdown(head, earlier.history, totals, phases, {
      nativeSha256: earlier.nativeSha256,
      window: earlier.window,
      parseThreads: earlier.parseThreads,
    }),
    head,
    { ...data },
  );
}
