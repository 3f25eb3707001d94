/**
 * The ingest catch-up benchmark's phases (bench/ingest-catchup.ts): fetch+parse of the whole
 * history, and the whole path into a fresh database with BackfillRunner, each timed per masterchain
 * block.
 */
import {
  ChainBlockWriter,
  createDataSource,
  type DataSource,
  type HistoryPartitions,
  IndexerCursorRepository,
  IngestProgressRepository,
  type McBlockBatch,
} from '@app/database';
import { createTestDatabase } from '@app/testing';
import pino from 'pino';
import { Registry } from 'prom-client';
import {
  BackfillRunner,
  BatchCommitter,
  BlockSource,
  createBlockDecoder,
  IngestMetrics,
  loadBatches,
  McBatchLoader,
  NO_EVENTS,
} from '@app/ingestor';
import { decodeHistory, type DecodeRun } from './decode-history';
import { type History, historyPool, round1 } from './localnet-history';

export interface Totals {
  mcBlocks: number;
  shardBlocks: number;
  transactions: number;
}

export interface Rate {
  readonly seconds: number;
  readonly mcBlocksPerSecond: number;
  readonly shardBlocksPerSecond: number;
  readonly txPerSecond: number;
  /** The slowest stretch of WINDOW_BLOCKS consecutive masterchain blocks, in transactions/s. */
  readonly worstWindowTxPerSecond: number;
}

export interface PhaseResult extends Rate {
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

/** The span of the worst window, in masterchain blocks. */
export const WINDOW_BLOCKS = 50;

/** Threads decoding blocks, as INGEST_PARSE_THREADS (BENCH_INGEST_PARSE_THREADS, default 1; 0: none). */
function parseThreadsFromEnv(): number {
  const raw = process.env.BENCH_INGEST_PARSE_THREADS;
  const n = raw === undefined || raw === '' ? 1 : Number(raw);
  if (!Number.isSafeInteger(n) || n < 0 || n > 16) {
    throw new Error('BENCH_INGEST_PARSE_THREADS must be an integer 0..16');
  }
  return n;
}
export const PARSE_THREADS = parseThreadsFromEnv();

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

/**
 * The rates of `steps`, timed from `started`; the worst window only looks at the blocks from
 * `trafficFrom` on (the generated traffic, after the seed and the funding).
 */
function rateOf(steps: readonly Step[], started: number, trafficFrom: number): Rate {
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
export async function fetchAndParse(
  history: History,
  window: number,
  trafficFrom: number,
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
    return { result: { phase: 'fetch+parse', ...rateOf(steps, started, trafficFrom) }, totals };
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

/** How the scale-out benchmark varies the whole path (by default: as bench/ingest-catchup.ts runs it). */
export interface WholePathOptions {
  /** The server the fresh database is made on (default TEST_DATABASE_URL's). */
  readonly serverUrl?: string;
  /** Turns the freshly migrated database into the schema measured, before anything is written. */
  readonly prepare?: (url: string) => Promise<void>;
  /** The chain writer's partition upkeep (default: the ingestor's HistoryPartitions). */
  readonly partitions?: (dataSource: DataSource) => HistoryPartitions;
  /** Called when the last block is ingested, before the decoder starts. */
  readonly onIngested?: () => void;
}

/** The whole path into a fresh database: BackfillRunner with `workers` workers over [1, head]. */
export async function wholePath(
  history: History,
  workers: number,
  window: number,
  trafficFrom: number,
  options: WholePathOptions = {},
): Promise<PhaseResult> {
  const db = await createTestDatabase({
    prefix: 'bench_ingest',
    ...(options.serverUrl === undefined ? {} : { serverUrl: options.serverUrl }),
  });
  try {
    await options.prepare?.(db.url);
  } catch (error: unknown) {
    await db.drop();
    throw error;
  }
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
    const writer = new TimedWriter(dataSource, options.partitions?.(dataSource));
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
    const rate = rateOf(steps, started, trafficFrom);
    const rows = await countRows(dataSource);
    options.onIngested?.();
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
