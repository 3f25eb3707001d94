import { loadavg } from 'node:os';
import { type DataSource, HistoryPartitions } from '@app/database';
import { startStreamingPair } from '../../test/integration/support/streaming-replica.support';
import { type PhaseResult, wholePath } from './ingest-catchup.measure';
import { historySizeFromEnv, intEnv, startHistory } from './localnet-history';
import { pgClient } from './pg';
import { type LagSample, sampleLag, waitLevel, walBytes } from './replica-lag';
import { unpartitionEmptyDatabase } from './unpartitioned-schema';

export type WriteLayout = 'partitioned' | 'unpartitioned';

/** One ingest + decode of the whole history into a fresh database of one layout. */
export interface WriteRun {
  readonly layout: WriteLayout;
  readonly result: PhaseResult;
  /** The standby's lag sampled while the ingestor wrote, then while the decoder did. */
  readonly lag: { readonly ingest: readonly LagSample[]; readonly decode: readonly LagSample[] };
  readonly walBytesWritten: number;
  readonly loadBefore: number;
  readonly loadAfter: number;
}

export interface WriteComparison {
  readonly history: {
    readonly head: number;
    readonly transactions: number;
    readonly wallets: number;
    readonly rounds: number;
    readonly generationSeconds: number;
  };
  readonly window: number;
  readonly sampleEveryMs: number;
  readonly runs: readonly WriteRun[];
}

/** The runs' order: each layout first once and last once, so that a drift of the load weighs on both. */
const ORDER: readonly WriteLayout[] = [
  'partitioned',
  'unpartitioned',
  'unpartitioned',
  'partitioned',
];
const SAMPLE_EVERY_MS = 200;
const round2 = (x: number): number => Math.round(x * 100) / 100;

/** No partition upkeep: the unpartitioned schema has no partitions to keep ahead of the chain. */
class NoPartitions extends HistoryPartitions {
  override ensureCovers(): ReturnType<HistoryPartitions['ensureCovers']> {
    return Promise.resolve([]);
  }
}

/**
 * Ingest and decode throughput on the partitioned schema and on the unpartitioned one, over the same
 * localnet history (bench/support/localnet-history.ts, generated once), and the lag of a streaming
 * standby while they write. Each run is the ingest catch-up benchmark's whole path with one worker
 * (BackfillRunner, then DecoderWorker over what it wrote) into a fresh database on a private primary
 * that a `pg_basebackup -R` standby replays (the read-replica integration test's pair); the
 * unpartitioned databases are made by unpartitionEmptyDatabase before the first block is written.
 */
export async function comparePartitionedWrites(log: (m: string) => void): Promise<WriteComparison> {
  const window = intEnv('BENCH_INGEST_WINDOW', 4);
  const size = historySizeFromEnv();
  const pair = await startStreamingPair();
  try {
    log(`generating a localnet history of ${String(size.mcBlocks)} masterchain blocks`);
    const served = await startHistory(size);
    const { history } = served;
    const trafficFrom = history.head - history.rounds;
    const primary = await pgClient(pair.primary.url('postgres'), 'bench-scale-write-lag-p');
    const standby = await pgClient(pair.standby.url('postgres'), 'bench-scale-write-lag-s');
    const runs: WriteRun[] = [];
    try {
      for (const layout of ORDER) {
        log(`${layout}: ingest and decode of ${String(history.head)} masterchain blocks`);
        await waitLevel(primary, standby);
        const loadBefore = round2(loadavg()[0] ?? 0);
        const walBefore = await walBytes(primary);
        const sampler = sampleLag(primary, standby, SAMPLE_EVERY_MS);
        let ingested = 0;
        const result = await wholePath(history, 1, window, trafficFrom, {
          serverUrl: pair.primary.url('postgres'),
          ...(layout === 'unpartitioned'
            ? {
                prepare: (url: string) => unpartitionEmptyDatabase(url, log),
                partitions: (ds: DataSource) => new NoPartitions(ds),
              }
            : {}),
          onIngested: () => {
            ingested = sampler.count();
          },
        });
        const walBytesWritten = (await walBytes(primary)) - walBefore;
        const samples = await sampler.stop();
        runs.push({
          layout,
          result,
          lag: { ingest: samples.slice(0, ingested), decode: samples.slice(ingested) },
          walBytesWritten,
          loadBefore,
          loadAfter: round2(loadavg()[0] ?? 0),
        });
        log(
          `${layout}: ingest ${String(result.txPerSecond)} tx/s, decode ${String(result.decode?.txPerSecond ?? 0)} tx/s`,
        );
      }
    } finally {
      await primary.end();
      await standby.end();
      await served.stop();
    }
    return {
      history: {
        head: history.head,
        transactions: history.transactions,
        wallets: history.wallets,
        rounds: history.rounds,
        generationSeconds: history.generationSeconds,
      },
      window,
      sampleEveryMs: SAMPLE_EVERY_MS,
      runs,
    };
  } finally {
    await pair.close();
  }
}
