import {
  type ChainBlockHashes,
  type ChainBlockWriter,
  ChainMismatchError,
  type IndexerCursorRepository,
  type IngestProgressRepository,
} from '@app/database';
import { type Logger } from 'pino';
import { backoffMs, sleep } from '../retry';
import { type IngestMetrics } from '../metrics/ingest.metrics';
import { type PipelineItem } from '../source/batch-pipeline';
import { errorText } from '../source/decode/block-decode';

/** SQLSTATE classes that mean "this data cannot be written", not "the database is unavailable". */
const DATA_ERROR_CLASSES = ['22', '23', '42'];
/** Attempts for a batch PostgreSQL rejects as data before it is quarantined. */
const DATA_ERROR_ATTEMPTS = 3;

export interface CommitResult {
  readonly mcSeqno: number;
  readonly transactions: number;
  readonly blocks: number;
  /** gen_utime of the masterchain block (null when it failed to parse). */
  readonly genUtime: number | null;
  readonly quarantined: number;
}

/**
 * Writes what the pipeline yields, in order: a batch in one transaction that also advances the cursor
 * (when a cursor name is given), after quarantining the shard blocks that failed to parse; a failed
 * masterchain block into the quarantine, the cursor moving past it. PostgreSQL being away (restart,
 * failover) is waited out with backoff; a batch the database keeps rejecting as data is quarantined
 * rather than retried forever.
 */
export class BatchCommitter {
  constructor(
    private readonly writer: ChainBlockWriter,
    private readonly progress: IngestProgressRepository,
    private readonly cursors: IndexerCursorRepository,
    private readonly metrics: IngestMetrics,
    private readonly logger: Logger,
  ) {}

  /**
   * The chain the liteservers serve (its zero state, its head block) against the one the index
   * holds; throws ChainMismatchError when they differ (the zero state is recorded on first use).
   */
  async verifyChain(
    head: ChainBlockHashes & { readonly zeroState: ChainBlockHashes },
  ): Promise<void> {
    await this.writer.identity.verifyZeroState(head.zeroState);
    await this.writer.identity.verifyHead(head);
  }

  /** The head block against the index's block of that seqno (ChainMismatchError when they differ). */
  verifyHead(head: ChainBlockHashes): Promise<void> {
    return this.writer.identity.verifyHead(head);
  }

  async commit(
    item: PipelineItem,
    cursorName?: string,
    signal?: AbortSignal,
  ): Promise<CommitResult> {
    if (item.kind === 'failed') {
      this.metrics.parseErrors.inc();
      await this.quarantine(item.mcSeqno, item.error.id, item.error.message, cursorName, signal);
      return { mcSeqno: item.mcSeqno, transactions: 0, blocks: 0, genUtime: null, quarantined: 1 };
    }
    const { batch, failed } = item.loaded;
    for (const block of failed) {
      this.metrics.parseErrors.inc();
      await this.quarantine(item.mcSeqno, block.id, block.error, undefined, signal);
    }
    this.metrics.loadSeconds.observe(item.seconds);
    for (let attempt = 0, dataErrors = 0; ; attempt += 1) {
      const stop = this.metrics.commitSeconds.startTimer();
      try {
        const written = await this.writer.write(batch, cursorName);
        stop();
        this.metrics.blocks.inc({ kind: 'masterchain' }, 1);
        this.metrics.blocks.inc({ kind: 'shard' }, written.blocks - 1);
        this.metrics.transactions.inc(written.transactions);
        return {
          mcSeqno: item.mcSeqno,
          transactions: written.transactions,
          blocks: written.blocks,
          genUtime: batch.masterchain.header.genUtime,
          quarantined: failed.length,
        };
      } catch (error) {
        // Another chain's block is never retried nor quarantined: the follower stops on it.
        if (signal?.aborted === true || error instanceof ChainMismatchError) {
          throw error;
        }
        this.metrics.writeRetries.inc();
        dataErrors += isDataError(error) ? 1 : 0;
        this.logger.warn(
          { mcSeqno: item.mcSeqno, attempt, err: errorText(error) },
          'batch write failed; retrying',
        );
        if (dataErrors >= DATA_ERROR_ATTEMPTS) {
          const id = batch.masterchain.header;
          await this.quarantine(
            item.mcSeqno,
            liteIdOfHeader(id),
            `write: ${errorText(error)}`,
            cursorName,
            signal,
          );
          return {
            mcSeqno: item.mcSeqno,
            transactions: 0,
            blocks: 0,
            genUtime: null,
            quarantined: 1,
          };
        }
        await sleep(backoffMs(attempt), signal);
      }
    }
  }

  private async quarantine(
    mcSeqno: number,
    id: { workchain: number; shard: bigint; seqno: number; rootHash: Buffer },
    error: string,
    cursorName: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    this.logger.error(
      { mcSeqno, workchain: id.workchain, shard: id.shard.toString(), seqno: id.seqno, err: error },
      'block quarantined',
    );
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.progress.quarantine({
          workchain: id.workchain,
          shard: BigInt.asIntN(64, id.shard),
          seqno: id.seqno,
          rootHash: id.rootHash.toString('base64'),
          mcSeqno,
          error,
        });
        if (cursorName !== undefined) {
          await this.cursors.advance(cursorName, mcSeqno);
        }
        this.metrics.quarantined.inc();
        return;
      } catch (dbError) {
        if (signal?.aborted === true) {
          throw dbError;
        }
        await sleep(backoffMs(attempt), signal);
      }
    }
  }
}

function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && DATA_ERROR_CLASSES.includes(code.slice(0, 2));
}

function liteIdOfHeader(h: { workchain: number; shard: bigint; seqno: number; rootHash: string }): {
  workchain: number;
  shard: bigint;
  seqno: number;
  rootHash: Buffer;
} {
  return {
    workchain: h.workchain,
    shard: h.shard,
    seqno: h.seqno,
    rootHash: Buffer.from(h.rootHash, 'base64'),
  };
}
