/**
 * The ingest catch-up benchmark's targets and report (bench/reports/ingest-catchup.md), from a run's
 * numbers or again from the last JSON.
 */
import { type History, TRANSFERS_PER_EXTERNAL } from './localnet-history';
import { type PhaseResult, type Totals, WINDOW_BLOCKS } from './ingest-catchup.measure';
import {
  readReport,
  type ReportHead,
  reportMarkdown,
  rerenderedHead,
  target,
  type Target,
  writeReport,
} from './report';

export const TARGET = { mcBlocksPerSecond: 25, txPerSecond: 2000 };

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
export function ingestTargets(phases: readonly PhaseResult[]): Target[] {
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

export function markdown(
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
  return reportMarkdown(
    head,
    {
      title: 'Ingestor catch-up benchmark',
      run: [
        '- two cores carry the liteserver, the ingestor and PostgreSQL at once',
        `- history: localnet, genesis seed, 2 basechain shards, ${String(history.head)} masterchain blocks, ${String(totals.shardBlocks)} shard blocks, ${String(totals.transactions)} transactions (${String(history.wallets)} wallets v4, ${String(history.rounds)} rounds of one external with ${String(TRANSFERS_PER_EXTERNAL)} transfers per wallet); ${issueSize ? 'the size the issue asks for' : `**smaller than the issue's 2,000 blocks / 200,000 transactions** (BENCH_INGEST_MC_BLOCKS, BENCH_INGEST_TX_PER_BLOCK)`}`,
        `- generation: ${String(history.generationSeconds)} s (funding ${String(history.fundingSeconds)} s; emulator ${String(history.executeSeconds)} s, block building ${String(history.buildSeconds)} s), once per run; every phase below reads the same history from the generator's liteserver (a separate process)`,
        `- ingest: window ${String(json.window)} masterchain blocks ahead, ${json.parseThreads === undefined ? 'blocks parsed on the event loop' : `${String(json.parseThreads)} parse thread(s) (INGEST_PARSE_THREADS)`}, node:crypto SHA-256 for cell hashes${json.parseThreads === undefined ? '' : ' and the byte-wise BitReader'} ${json.nativeSha256 ? 'installed (as the ingestor apps do)' : 'NOT installed'}; PostgreSQL 15 local, fresh database with the migrations per whole-path run`,
        `- target: ${String(TARGET.mcBlocksPerSecond)} masterchain blocks/s with their shard blocks and ${String(TARGET.txPerSecond)} tx/s sustained, whole path: ${verdict}`,
      ],
    },
    [
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
    ],
  );
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

/** The benchmark's own fields of the JSON report (after the head). */
export interface IngestData {
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
