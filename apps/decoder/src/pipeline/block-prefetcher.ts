import { DecodeSession } from './block-planner';

/** Reads a block and detects its interfaces (network and database reads, no writes). */
export type ReadBlock<C, R> = (ctx: C, mcSeqno: number, session: DecodeSession) => Promise<R>;
/** Plans a block read by ReadBlock (in memory, database reads only). */
export type PlanBlock<C, R, P> = (ctx: C, session: DecodeSession, read: R) => Promise<P>;

/** A planned block, as far as the prefetcher cares: its size. */
export interface Sized {
  readonly decoded: { readonly transactions: number };
}

/** One run of consecutive blocks: its session and what is scheduled ahead. */
interface Run<P> {
  readonly session: DecodeSession;
  readonly planned: Map<number, Promise<P>>;
  /** The planned blocks whose plan is ready (to join a range without waiting). */
  readonly ready: Map<number, P>;
  /** Tails of the two ordered stages: reading (+ detection) and planning. */
  read: Promise<unknown>;
  plan: Promise<unknown>;
  scheduledTo: number;
}

/**
 * Read-ahead for the ordered decoder, in two stages that each keep block order: blocks N+1 … N+depth
 * are read and their interfaces detected (liteserver and database reads), then planned in memory
 * (assembly, classification), while block N is being written; the writer finds each block ready.
 * Only blocks the ingestor has committed are scheduled (`target`). Asking for block N means N-1 is
 * committed (the worker decodes in order); asking for any block but the next one (a retry after a
 * failure, a restart) drops everything prepared and starts a new session, so nothing prepared on the
 * assumption that an uncommitted block would commit survives. A stage that fails fails every later
 * block of its run, so the worker retries from its watermark.
 */
export class BlockPrefetcher<C, R, P extends Sized> {
  private run: Run<P> | undefined;
  private expected: number | undefined;

  constructor(
    private readonly read: ReadBlock<C, R>,
    private readonly plan: PlanBlock<C, R, P>,
    private readonly depth: number,
  ) {}

  /**
   * Block `mcSeqno` planned, followed by the blocks after it whose plans are ready too (at most
   * `limits`); schedules the blocks after them up to `target`.
   */
  async take(
    ctx: C,
    mcSeqno: number,
    target: number,
    limits: { readonly blocks: number; readonly transactions: number },
  ): Promise<P[]> {
    let run = this.run;
    if (run === undefined || this.expected !== mcSeqno) {
      run = {
        session: new DecodeSession(mcSeqno - 1),
        planned: new Map(),
        ready: new Map(),
        read: Promise.resolve(),
        plan: Promise.resolve(),
        scheduledTo: mcSeqno - 1,
      };
      this.run = run;
    }
    this.expected = mcSeqno + 1;
    run.session.committed = mcSeqno - 1;
    const ahead = Math.min(Math.max(target, mcSeqno), mcSeqno + this.depth);
    while (run.scheduledTo < ahead) {
      this.schedule(ctx, run, run.scheduledTo + 1);
    }
    const planned = run.planned.get(mcSeqno);
    if (planned === undefined) {
      throw new Error(`block ${String(mcSeqno)} was not scheduled`);
    }
    const range = [await planned];
    let transactions = range[0]?.decoded.transactions ?? 0;
    for (let next = mcSeqno + 1; next <= target && range.length < limits.blocks; next += 1) {
      const block = run.ready.get(next);
      if (block === undefined || transactions + block.decoded.transactions > limits.transactions) {
        break;
      }
      range.push(block);
      transactions += block.decoded.transactions;
    }
    const last = mcSeqno + range.length - 1;
    for (let s = mcSeqno; s <= last; s += 1) {
      run.planned.delete(s);
      run.ready.delete(s);
    }
    this.expected = last + 1;
    const until = Math.min(target, last + this.depth);
    while (run.scheduledTo < until) {
      this.schedule(ctx, run, run.scheduledTo + 1);
    }
    return range;
  }

  private schedule(ctx: C, run: Run<P>, mcSeqno: number): void {
    const read = run.read.then(() => this.read(ctx, mcSeqno, run.session));
    const planned = Promise.all([read, run.plan]).then(([block]) =>
      this.plan(ctx, run.session, block),
    );
    run.read = read;
    run.plan = planned;
    // Its failure reaches whoever takes this block; a block nobody takes any more (after a new run
    // started) must not be an unhandled rejection.
    void planned.then(
      (block) => run.ready.set(mcSeqno, block),
      () => undefined,
    );
    void read.catch(() => undefined);
    run.planned.set(mcSeqno, planned);
    run.scheduledTo = mcSeqno;
  }
}
