import { percentile } from './latency';
import { type WriteComparison, type WriteLayout, type WriteRun } from './partition-writes';
import { type LagSample } from './replica-lag';
import { bytesText } from './scale-out.extrapolation';

const sorted = (xs: readonly number[]): number[] => [...xs].sort((a, b) => a - b);
const round1 = (x: number): number => Math.round(x * 10) / 10;

/** p50, p99 and max of one field of the samples, as text (`–` without samples). */
function stats(
  samples: readonly LagSample[],
  field: 'bytes' | 'seconds',
  show: (x: number) => string,
): [string, string, string] {
  if (samples.length === 0) {
    return ['–', '–', '–'];
  }
  const s = sorted(samples.map((x) => x[field]));
  return [show(percentile(s, 50)), show(percentile(s, 99)), show(s[s.length - 1] ?? 0)];
}

const spread = (...args: Parameters<typeof stats>): string => stats(...args).join(' | ');
const summary = (...args: Parameters<typeof stats>): string => {
  const [p50, p99, max] = stats(...args);
  return `p50 ${p50}, p99 ${p99}, max ${max}`;
};

const seconds = (x: number): string => `${x.toFixed(2)} s`;

/** Totals of a layout's runs: rates over the summed seconds (not a mean of rates). */
interface LayoutTotals {
  readonly runs: number;
  readonly ingestSeconds: number;
  readonly mcBlocks: number;
  readonly transactions: number;
  readonly decodeSeconds: number;
  readonly decodeCpuSeconds: number;
  readonly meanLoad: number;
}

function totals(runs: readonly WriteRun[], layout: WriteLayout): LayoutTotals {
  const mine = runs.filter((r) => r.layout === layout);
  const sum = (f: (r: WriteRun) => number): number => mine.reduce((n, r) => n + f(r), 0);
  return {
    runs: mine.length,
    ingestSeconds: sum((r) => r.result.seconds),
    mcBlocks: sum((r) => r.result.mcBlocksPerSecond * r.result.seconds),
    transactions: sum((r) => r.result.rowsInDatabase?.transactions ?? 0),
    decodeSeconds: sum((r) => r.result.decode?.seconds ?? 0),
    decodeCpuSeconds: sum(
      (r) =>
        (r.result.decode?.cpu.decoderSeconds ?? 0) + (r.result.decode?.cpu.postgresSeconds ?? 0),
    ),
    meanLoad:
      mine.length === 0 ? 0 : round1(sum((r) => (r.loadBefore + r.loadAfter) / 2) / mine.length),
  };
}

const perSecond = (n: number, s: number): number => (s > 0 ? Math.round(n / s) : 0);
const ratio = (a: number, b: number): string => (b > 0 ? (a / b).toFixed(2) : '–');

function runRow(r: WriteRun, index: number): string {
  const x = r.result;
  const d = x.decode;
  return `| ${String(index + 1)} | ${r.layout} | ${String(r.loadBefore)} → ${String(r.loadAfter)} | ${String(x.seconds)} | ${String(x.mcBlocksPerSecond)} | ${String(x.txPerSecond)} | ${String(x.worstWindowTxPerSecond)} | ${String(x.commitMs?.p50 ?? '–')} | ${String(x.commitMs?.p99 ?? '–')} | ${String(d?.seconds ?? '–')} | ${String(d?.txPerSecond ?? '–')} | ${String(d?.tracesPerSecond ?? '–')} | ${String(d?.actionsPerSecond ?? '–')} | ${String(d?.cpu.decoderSeconds ?? '–')} | ${String(d?.cpu.postgresSeconds ?? '–')} |`;
}

function lagRow(r: WriteRun, index: number): string {
  return [
    `| ${String(index + 1)} | ${r.layout} | ${bytesText(r.walBytesWritten)}`,
    `${String(r.lag.ingest.length)} | ${spread(r.lag.ingest, 'bytes', bytesText)} | ${spread(r.lag.ingest, 'seconds', seconds)}`,
    `${String(r.lag.decode.length)} | ${spread(r.lag.decode, 'bytes', bytesText)} | ${spread(r.lag.decode, 'seconds', seconds)} |`,
  ].join(' | ');
}

/** Section (b) of the scale-out report: the measured write comparison and the standby's lag. */
export function writeLines(w: WriteComparison): string[] {
  const p = totals(w.runs, 'partitioned');
  const u = totals(w.runs, 'unpartitioned');
  const rate = (t: LayoutTotals): string =>
    `${(t.ingestSeconds > 0 ? t.mcBlocks / t.ingestSeconds : 0).toFixed(1)} | ${String(perSecond(t.transactions, t.ingestSeconds))} | ${String(perSecond(t.transactions, t.decodeSeconds))} | ${String(perSecond(t.transactions, t.decodeCpuSeconds))} | ${String(t.meanLoad)}`;
  const pIngest = perSecond(p.transactions, p.ingestSeconds);
  const uIngest = perSecond(u.transactions, u.ingestSeconds);
  const pDecode = perSecond(p.transactions, p.decodeSeconds);
  const uDecode = perSecond(u.transactions, u.decodeSeconds);
  const allIngest = w.runs.flatMap((r) => r.lag.ingest);
  return [
    '## (b) ingest and decode: partitioned vs unpartitioned schema, same history; a standby under them',
    '',
    `- history: localnet, genesis seed, 2 basechain shards, ${String(w.history.head)} masterchain blocks, ${String(w.runs[0]?.result.rowsInDatabase?.transactions ?? 0)} transactions written per run (${String(w.history.wallets)} wallets v4, ${String(w.history.rounds)} rounds of transfers): the generator of bench/ingest-catchup.ts, run once (${String(w.history.generationSeconds)} s); every run reads it from the generator's liteserver`,
    `- each run: the whole path of bench/ingest-catchup.ts with 1 worker (BackfillRunner, ChainBlockWriter, window ${String(w.window)}) into a fresh database, then the decoder of bench/decode-catchup.ts (DecoderWorker, interface detection through the same liteserver) over what it wrote; the database is on a private primary (fsync off, default shared_buffers) that a \`pg_basebackup -R\` standby replays throughout (test/integration/support/streaming-replica.support.ts); generator, ingestor, decoder, primary and standby share the 2 cores`,
    "- partitioned: the migrations as shipped (history tables lt-partitioned, partitions made ahead by the writer's HistoryPartitions, the account map's insert triggers); unpartitioned: PartitionHistory and every later migration reverted, TelemintItems and ActionLts applied again, `transaction_lts` and `message_lts` made again (the chain writer inserts into them in both layouts), no account map, a writer without partition upkeep",
    `- order of the runs: ${w.runs.map((r) => r.layout).join(', ')} (each layout first once and last once, so that a drift of the load weighs on both)`,
    '',
    '| layout | runs | ingest mc blocks/s | ingest tx/s | decode tx/s | decode tx per CPU s | mean load |',
    '|---|---:|---:|---:|---:|---:|---:|',
    `| partitioned | ${String(p.runs)} | ${rate(p)} |`,
    `| unpartitioned | ${String(u.runs)} | ${rate(u)} |`,
    `| partitioned / unpartitioned | | ${ratio(p.mcBlocks / Math.max(p.ingestSeconds, 1e-9), u.mcBlocks / Math.max(u.ingestSeconds, 1e-9))} | ${ratio(pIngest, uIngest)} | ${ratio(pDecode, uDecode)} | ${ratio(perSecond(p.transactions, p.decodeCpuSeconds), perSecond(u.transactions, u.decodeCpuSeconds))} | |`,
    '',
    'Rates are over the summed seconds of a layout\'s runs. "decode tx per CPU s" counts the decoding process and PostgreSQL\'s sessions on the database (bench/decode-catchup.ts): the cost that does not depend on the load.',
    '',
    '| run | layout | load | ingest s | mc blocks/s | tx/s | worst 50 tx/s | commit p50 ms | p99 ms | decode s | decode tx/s | traces/s | actions/s | CPU decoder s | CPU PostgreSQL s |',
    '|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...w.runs.map(runRow),
    '',
    `The standby's lag, sampled every ${String(w.sampleEveryMs)} ms: bytes = the primary's \`pg_current_wal_lsn()\` minus the standby's \`pg_last_wal_replay_lsn()\`; age = \`now() - pg_last_xact_replay_timestamp()\` on the standby while it has WAL left to replay (0 when level). Over every ingest of this run (${String(allIngest.length)} samples): bytes ${summary(allIngest, 'bytes', bytesText)}; age ${summary(allIngest, 'seconds', seconds)}.`,
    '',
    '| run | layout | WAL written | ingest samples | lag p50 | p99 | max | age p50 | p99 | max | decode samples | lag p50 | p99 | max | age p50 | p99 | max |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...w.runs.map(lagRow),
  ];
}
