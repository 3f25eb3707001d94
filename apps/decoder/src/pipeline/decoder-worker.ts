import { type DataSource, type IndexerCursorRepository } from '@app/database';
import { WakeLatch } from '@app/nats';
import { type Logger } from 'pino';
import { type BlockDecoder } from './block-decoder';
import { type DecoderMetrics } from './decoder.metrics';

export interface DecoderWorkerOptions {
  /** The ingestor's cursor the decoder follows, e.g. `masterchain`. */
  readonly sourceCursor: string;
  /** The decoder's own watermark (indexer_cursor name). */
  readonly cursor: string;
  /** The safety-net poll of the ingestor's watermark (wake() normally comes first). */
  readonly pollMs: number;
  /**
   * Told each masterchain seqno once its transaction has committed (the `txs.decoded` event in the
   * mesh); it must return at once and never throw (TxsDecodedNotifier).
   */
  readonly onDecoded?: (mcSeqno: number) => void;
}

/**
 * Decodes masterchain blocks strictly in order (trace assembly needs it), one database transaction per
 * block (or per range of blocks the decoder prepared ahead) that also advances the watermark, so a
 * crash replays at most the blocks in flight and changes nothing twice. PostgreSQL is the source of
 * truth: events only wake it up (`wake()`: the ingestor's in-process signal in one process,
 * `block.indexed` in the mesh); the poll is the safety net.
 */
export class DecoderWorker {
  private readonly abort = new AbortController();
  private running: Promise<void> | undefined;
  /** A wake() while a round is under way is kept, so the next wait returns at once. */
  private readonly wakeUp = new WakeLatch();
  private decoded: number | null = null;
  /** Callers of waitForSeqno, each released by the next commit. */
  private readonly commitWaiters = new Set<() => void>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly cursors: IndexerCursorRepository,
    private readonly decoder: BlockDecoder,
    private readonly metrics: DecoderMetrics,
    private readonly logger: Logger,
    private readonly options: DecoderWorkerOptions,
  ) {}

  start(): void {
    this.running ??= this.loop();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
  }

  wake(): void {
    this.wakeUp.wake();
  }

  /**
   * Resolves true once `seqno` is decoded, false after `timeoutMs` (the event is then redelivered).
   * Each commit of this worker ends the wait at once (what acknowledges a `block.indexed` event, and
   * lets the listener take the next one, without a poll's delay); the watermark in PostgreSQL is
   * re-read every `pollMs` only for a commit made elsewhere.
   */
  async waitForSeqno(seqno: number, timeoutMs = 30_000): Promise<boolean> {
    const { signal } = this.abort;
    const deadline = Date.now() + timeoutMs;
    while (!signal.aborted && Date.now() < deadline) {
      const decoded = this.decoded ?? (await this.cursors.get(this.options.cursor));
      // A commit during the read above set `decoded`: look at it before waiting for the next one.
      const known = Math.max(decoded ?? -1, this.decoded ?? -1);
      if (known >= seqno) {
        return true;
      }
      await this.nextCommit(Math.min(this.options.pollMs, deadline - Date.now()));
    }
    return false;
  }

  /** Last decoded masterchain seqno (null before the first). */
  decodedSeqno(): number | null {
    return this.decoded;
  }

  private async loop(): Promise<void> {
    const { signal } = this.abort;
    while (!signal.aborted) {
      try {
        const progressed = await this.catchUp(signal);
        if (!progressed) {
          await this.wakeUp.wait(this.options.pollMs, signal);
        }
      } catch (error) {
        this.logger.warn({ err: String(error) }, 'decoder step failed; retrying');
        await new Promise((r) => setTimeout(r, this.options.pollMs * 4));
      }
    }
  }

  /** Resolves at this worker's next commit, after `ms`, or when the worker stops. */
  private nextCommit(ms: number): Promise<void> {
    const { signal } = this.abort;
    return new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        this.commitWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      this.commitWaiters.add(done);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  private releaseCommitWaiters(): void {
    for (const release of [...this.commitWaiters]) {
      release();
    }
  }

  private async catchUp(signal: AbortSignal): Promise<boolean> {
    // Both watermarks in one round trip's time: they are independent reads.
    const [target, decoded] = await Promise.all([
      this.cursors.get(this.options.sourceCursor),
      this.cursors.get(this.options.cursor),
    ]);
    if (target === null) {
      return false;
    }
    let from = decoded;
    if (from === null) {
      // First run: start where the ingestor's history starts.
      const rows: { seqno: number | null }[] = await this.dataSource.query(
        `SELECT min(seqno)::int AS seqno FROM blocks WHERE workchain = -1`,
      );
      from = (rows[0]?.seqno ?? target + 1) - 1;
    }
    this.metrics.backlog.set(Math.max(0, target - from));
    let progressed = false;
    for (let seqno = from + 1; seqno <= target && !signal.aborted; seqno += 1) {
      const detected = await this.decoder.detect(this.dataSource, seqno, target);
      // Blocks already planned after this one commit with it: the watermark moves to the range's end.
      const first = seqno;
      seqno = detected.last;
      await this.dataSource.transaction(async (m) => {
        const decoded = await this.decoder.decode(m, first, detected);
        await this.cursors.advance(this.options.cursor, seqno, m);
        this.metrics.traces.inc({ state: 'complete' }, decoded.completedTraces.length);
        for (const [type, n] of decoded.actions) {
          this.metrics.actions.inc({ type }, n);
        }
        this.metrics.failures.inc({ kind: 'classify' }, decoded.failedTraces);
        this.metrics.failures.inc({ kind: 'body' }, decoded.badBodies);
      });
      this.decoded = seqno;
      this.releaseCommitWaiters();
      this.options.onDecoded?.(seqno);
      this.metrics.decodedSeqno.set(seqno);
      this.metrics.blocks.inc(seqno - first + 1);
      this.metrics.backlog.set(Math.max(0, target - seqno));
      progressed = true;
    }
    return progressed;
  }
}
