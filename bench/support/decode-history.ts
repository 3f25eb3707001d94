import { type DataSource, IndexerCursorRepository } from '@app/database';
import { type LiteserverPool } from '@app/liteclient';
import pino from 'pino';
import {
  interfaceDetector,
  testDecoderWorker,
} from '../../test/integration/support/decode-support';
import { ingestBlocks } from '../../test/integration/support/ingest-support';
import { PostgresCpu } from './postgres-cpu';

const round1 = (x: number): number => Math.round(x * 10) / 10;

/** What the decoder did over an ingested history, and how fast. */
export interface DecodeRun {
  readonly seconds: number;
  readonly transactions: number;
  readonly traces: number;
  readonly actions: number;
  readonly txPerSecond: number;
  readonly tracesPerSecond: number;
  readonly actionsPerSecond: number;
  /** Over the blocks from `trafficFrom` on (the generated traffic, past the seed and the funding). */
  readonly traffic: { readonly fromSeqno: number; readonly txPerSecond: number } | null;
  /** Database transactions the worker committed (ranges of blocks). */
  readonly commits: number;
  /** CPU seconds of the decoding process and of PostgreSQL's sessions on the database. */
  readonly cpu: {
    readonly decoderSeconds: number;
    readonly postgresSeconds: number | null;
    /** Transactions per CPU second of both together. */
    readonly txPerCpuSecond: number | null;
  };
}

/**
 * Ingests masterchain blocks 1..head into `ds` with the ingestor's own components and moves the live
 * cursor to the head, as the follower would have: what the decoder then decodes.
 */
export async function ingestHistory(
  ds: DataSource,
  pool: LiteserverPool,
  head: number,
): Promise<void> {
  const quarantined = await ingestBlocks(ds, pool, head, pino({ level: 'warn' }));
  if (quarantined > 0) {
    throw new Error(`${String(quarantined)} blocks quarantined`);
  }
}

/**
 * The decoder over an ingested history, as the app runs it: DecoderWorker strictly in masterchain
 * order with a BlockDecoder detecting interfaces by get-methods at each block through `pool` (trace
 * assembly, token events, classification, ranges of blocks prepared ahead and committed together).
 * The tables are analyzed first: a database bulk-loaded a moment ago has no statistics yet (autovacuum
 * gathers them on a live one), and without them PostgreSQL plans the decoder's lookups as scans.
 */
export async function decodeHistory(
  ds: DataSource,
  pool: LiteserverPool,
  head: number,
  trafficFrom?: number,
): Promise<DecodeRun> {
  // The decoder never passes the cursor it follows: a history whose cursor was not moved to the head
  // would wait out the hour below instead of failing.
  const source = await new IndexerCursorRepository(ds).get('masterchain');
  if (source === null || source < head) {
    throw new Error(
      `the masterchain cursor is at ${String(source)}, below the head ${String(head)}: nothing past it would be decoded`,
    );
  }
  await ds.query('ANALYZE');
  const count = async (sql: string): Promise<number> => {
    const rows: { n: number }[] = await ds.query(sql);
    return rows[0]?.n ?? 0;
  };
  const perBlock: { seqno: number; n: number }[] = await ds.query(
    `SELECT mc_block_seqno AS seqno, count(*)::int AS n FROM transactions GROUP BY mc_block_seqno`,
  );
  const txOf = new Map(perBlock.map((r) => [r.seqno, r.n]));
  const transactions = perBlock.reduce((n, r) => n + r.n, 0);
  const commits: { seqno: number; at: number }[] = [];
  const worker = testDecoderWorker(ds, {
    detector: interfaceDetector(pool),
    pollMs: 20,
    logger: pino({ level: 'warn' }),
    onDecoded: (seqno) => commits.push({ seqno, at: performance.now() }),
  });
  const pgCpu = new PostgresCpu(ds);
  await pgCpu.start();
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  worker.start();
  const done = await worker.waitForSeqno(head, 60 * 60_000);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const postgresSeconds = await pgCpu.stop();
  await worker.stop();
  if (!done) {
    throw new Error('the decoder did not reach the head');
  }
  const traces = await count('SELECT count(*)::int AS n FROM traces');
  const actions = await count('SELECT count(*)::int AS n FROM actions');
  const decoderSeconds = round1((cpu.user + cpu.system) / 1e6);
  return {
    seconds: round1(seconds),
    transactions,
    traces,
    actions,
    txPerSecond: Math.round(transactions / seconds),
    tracesPerSecond: Math.round(traces / seconds),
    actionsPerSecond: Math.round(actions / seconds),
    traffic: trafficFrom === undefined ? null : trafficRate(commits, txOf, trafficFrom),
    commits: commits.length,
    cpu: {
      decoderSeconds,
      postgresSeconds,
      txPerCpuSecond:
        postgresSeconds === null
          ? null
          : Math.round(transactions / (decoderSeconds + postgresSeconds)),
    },
  };
}

/** Transactions per second of the blocks from `fromSeqno` on, from the commit before them to the last. */
function trafficRate(
  commits: readonly { seqno: number; at: number }[],
  txOf: ReadonlyMap<number, number>,
  fromSeqno: number,
): { fromSeqno: number; txPerSecond: number } | null {
  const before = [...commits].reverse().find((c) => c.seqno < fromSeqno);
  const last = commits[commits.length - 1];
  if (before === undefined || last === undefined || last.seqno < fromSeqno) {
    return null;
  }
  let txs = 0;
  for (let s = before.seqno + 1; s <= last.seqno; s += 1) {
    txs += txOf.get(s) ?? 0;
  }
  return {
    fromSeqno: before.seqno + 1,
    txPerSecond: Math.round((txs * 1000) / Math.max(1, last.at - before.at)),
  };
}
