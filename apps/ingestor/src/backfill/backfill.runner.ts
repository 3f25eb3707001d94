import { type IngestProgressRepository, type McBlockBatch } from '@app/database';
import { type BlockIndexedEvent } from '@app/contracts';
import { type Logger } from 'pino';
import { type BlockIndexedPublisher } from '../events/block-indexed.publisher';
import { type BatchCommitter } from '../follow/batch-committer';
import { loadBatches } from '../source/batch-pipeline';
import { type McBatchLoader } from '../source/mc-batch.loader';
import { contiguousRanges, type SeqnoRange } from './contiguous-ranges';
import { type ProgressSnapshot } from './progress-reporter';

export interface BackfillOptions {
  readonly from: number;
  readonly to: number;
  /** Ranges worked on at the same time. */
  readonly workers: number;
  /** Masterchain blocks each worker loads ahead. */
  readonly window: number;
  /** Longest range one worker takes at a time. */
  readonly rangeSize?: number;
}

export interface BackfillResult extends ProgressSnapshot {
  readonly skipped: number;
}

/**
 * Fills [from, to] with the masterchain blocks that are not in the database yet (gaps are found by
 * query, so a range already present is skipped and an interrupted run resumes), `workers` contiguous
 * ranges at a time. It runs beside the live follower without coordination: writes are idempotent and
 * latest_account_states only moves forward, and it never touches the follower's cursor. Events are
 * published per batch (best effort; the decoder also follows PostgreSQL).
 */
export class BackfillRunner {
  private done = 0;
  private total = 0;
  private transactions = 0;
  private quarantined = 0;
  private started = performance.now();

  constructor(
    private readonly loader: McBatchLoader,
    private readonly committer: BatchCommitter,
    private readonly progress: IngestProgressRepository,
    private readonly publisher: BlockIndexedPublisher,
    private readonly logger: Logger,
  ) {}

  snapshot(): ProgressSnapshot {
    return {
      done: this.done,
      total: this.total,
      transactions: this.transactions,
      quarantined: this.quarantined,
      elapsedSeconds: (performance.now() - this.started) / 1000,
    };
  }

  async run(options: BackfillOptions, signal?: AbortSignal): Promise<BackfillResult> {
    if (options.from > options.to) {
      throw new RangeError(`--from ${String(options.from)} is after --to ${String(options.to)}`);
    }
    const missing = await this.progress.missingMcSeqnos(options.from, options.to);
    const skipped = options.to - options.from + 1 - missing.length;
    this.total = missing.length;
    this.started = performance.now();
    const queue = contiguousRanges(missing, options.rangeSize ?? 500);
    this.logger.info(
      {
        from: options.from,
        to: options.to,
        missing: missing.length,
        skipped,
        ranges: queue.length,
      },
      'backfill started',
    );
    const worker = async (): Promise<void> => {
      for (
        let range = queue.shift();
        range !== undefined && signal?.aborted !== true;
        range = queue.shift()
      ) {
        await this.fill(range, options.window, signal);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.workers) }, worker));
    return { ...this.snapshot(), skipped };
  }

  private async fill(range: SeqnoRange, window: number, signal?: AbortSignal): Promise<void> {
    for await (const item of loadBatches(this.loader, range.from, range.to, window)) {
      if (signal?.aborted === true) {
        return;
      }
      const result = await this.committer.commit(item, undefined, signal);
      this.done += 1;
      this.transactions += result.transactions;
      this.quarantined += result.quarantined;
      if (item.kind === 'batch') {
        await this.publisher.publish(batchEvent(item.loaded.batch)).catch((error: unknown) => {
          this.logger.warn({ mcSeqno: item.mcSeqno, err: String(error) }, 'event not published');
        });
      }
    }
  }
}

/** The `block.indexed` event of a batch (references only). */
export function batchEvent(batch: McBlockBatch): BlockIndexedEvent {
  const blocks = [batch.masterchain, ...batch.shardBlocks].map((b) => ({
    workchain: b.header.workchain,
    shard: b.header.shard.toString(),
    seqno: b.header.seqno,
    root_hash: b.header.rootHash,
    file_hash: b.header.fileHash,
  }));
  const txCount = [batch.masterchain, ...batch.shardBlocks].reduce(
    (sum, b) => sum + b.transactions.length,
    0,
  );
  return { mc_seqno: batch.mcSeqno, blocks, tx_count: txCount };
}
