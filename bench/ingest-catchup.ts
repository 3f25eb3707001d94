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
import { installFastBitOps, installNativeSha256 } from '@app/ton';
import {
  fetchAndParse,
  PARSE_THREADS,
  type PhaseResult,
  type Totals,
  wholePath,
} from './support/ingest-catchup.measure';
import { type IngestData, ingestTargets, markdown, TARGET } from './support/ingest-catchup.report';
import { historySizeFromEnv, intEnv, startHistory } from './support/localnet-history';
import { reportHead, runContext, writeReport } from './support/report';

export { rerenderIngestCatchupReport } from './support/ingest-catchup.report';

export async function runIngestCatchupBench(): Promise<string> {
  const phases = (process.env.BENCH_INGEST_PHASES ?? 'fetch,w1,w2').split(',');
  const window = intEnv('BENCH_INGEST_WINDOW', 4);
  // As the ingestor apps (and their parse threads) do, unless BENCH_INGEST_NATIVE_SHA=0.
  const nativeSha256 =
    process.env.BENCH_INGEST_NATIVE_SHA !== '0' && installNativeSha256() && installFastBitOps();
  const ctx = runContext();
  const { child, history } = await startHistory(historySizeFromEnv());
  process.stdout.write(`history: ${JSON.stringify(history)}\n`);
  const trafficFrom = history.head - history.rounds;
  const results: PhaseResult[] = [];
  let totals: Totals = { mcBlocks: history.head, shardBlocks: 0, transactions: 0 };
  try {
    if (phases.includes('fetch')) {
      const measured = await fetchAndParse(history, window, trafficFrom);
      totals = measured.totals;
      results.push(measured.result);
      process.stdout.write(`${JSON.stringify(measured.result)}\n`);
    }
    for (const workers of [1, 2]) {
      if (phases.includes(`w${String(workers)}`)) {
        const result = await wholePath(history, workers, window, trafficFrom);
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
