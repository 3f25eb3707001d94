import { STREAM_CONTRACTS } from '@app/contracts';
import { type IndexerCursorRepository, type IngestLeaderLease } from '@app/database';
import { type StreamLog } from '@app/nats';
import { type Logger } from 'pino';
import { type RenderedBlock } from './stream-block.renderer';
import { entryAtFinality } from './entry-at-finality';
import { BLOCK_FINALITIES, type StreamEntry } from './stream-entry';
import { type StreamPublisherMetrics } from './stream.metrics';

export interface StreamPublisherOptions {
  /** The watermark it follows: the decoder's `indexer_cursor` row. */
  readonly sourceCursor: string;
  /** Its own `indexer_cursor` row: the last block whose entries are all appended. */
  readonly cursor: string;
  /** The safety-net poll (and the only wake-up without NATS). */
  readonly pollMs: number;
  /** How often the lease is renewed (its TTL is three times this). */
  readonly leaseRenewMs: number;
  /** Entries whose JSON is larger are skipped (NATS refuses messages over its max_payload, 1 MB). */
  readonly maxPayloadBytes: number;
  /**
   * Told each masterchain seqno once its entries are in the log, before the cursor records it (the
   * single process's `streamPublished` signal); it must return at once and never throw.
   */
  readonly onPublished?: (mcSeqno: number) => void;
}

/** What the publisher renders blocks with (StreamBlockRenderer). */
export interface BlockRenderer {
  render(mcSeqno: number, emittedAt: number): Promise<RenderedBlock>;
}

/**
 * Publishes decoded masterchain blocks to the Streaming API's log, strictly in order, following the
 * decoder's watermark in PostgreSQL: for each next block, render, append every entry, then advance its
 * own cursor. A crash between the appends and the advance renders the block again; the entries carry
 * deterministic ids, so the log stores them once (JetStream's duplicate window). The first run starts
 * at the decoder's watermark of that moment: the log is for live events, not for history.
 *
 * One publisher is active across the query replicas: whoever holds the `stream` lease in
 * `ingest_leader` (the ingestor's lease table, another row). A lease rather than an advisory lock
 * because a session lock is tied to one pooled connection, which TypeORM's pool may recycle, and would
 * need a connection held for the process's lifetime; the lease survives pool churn and a PostgreSQL
 * restart, and a publisher that lost it a moment ago can only re-append what the ids de-duplicate.
 * The others stand by, trying to take it every `leaseRenewMs`.
 */
export class StreamPublisher {
  private readonly abort = new AbortController();
  private running: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private published: number | null = null;
  private leaseCheckedAt = 0;
  /** A wake-up arrived since the last look at the decoder's watermark. */
  private woken = false;

  constructor(
    private readonly cursors: IndexerCursorRepository,
    private readonly lease: IngestLeaderLease,
    private readonly renderer: BlockRenderer,
    private readonly log: StreamLog,
    private readonly metrics: StreamPublisherMetrics,
    private readonly logger: Logger,
    private readonly options: StreamPublisherOptions,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    this.running ??= this.loop();
  }

  /** Stops after the block in flight and gives the lease up so that a standby takes over at once. */
  async stop(): Promise<void> {
    this.abort.abort();
    this.wakeUp?.();
    await this.running;
    this.metrics.leader.set(0);
    await this.lease.release().catch(() => undefined);
  }

  /** A block was decoded (a `txs.decoded` event): look now instead of at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Last masterchain seqno whose entries are in the log, as of its last look (null before it). */
  publishedSeqno(): number | null {
    return this.published;
  }

  private async loop(): Promise<void> {
    const { signal } = this.abort;
    while (!signal.aborted) {
      try {
        if (!(await this.holdLease())) {
          await this.sleep(this.options.leaseRenewMs, false);
          continue;
        }
        if (!(await this.catchUp(signal))) {
          await this.sleep(this.options.pollMs, true);
        }
      } catch (error) {
        // PostgreSQL or the log is down: the cursor did not move; the same block is tried again.
        this.logger.warn({ err: String(error) }, 'stream publisher step failed; retrying');
        await this.sleep(this.options.pollMs * 10, false);
      }
    }
  }

  /** Takes or renews the lease when due; false when another replica holds it. */
  private async holdLease(): Promise<boolean> {
    if (this.now() - this.leaseCheckedAt < this.options.leaseRenewMs) {
      return true;
    }
    const leading = await this.lease.acquire();
    this.metrics.leader.set(leading ? 1 : 0);
    this.leaseCheckedAt = leading ? this.now() : 0;
    return leading;
  }

  /** Publishes every decoded block after the cursor; true when it published one. */
  private async catchUp(signal: AbortSignal): Promise<boolean> {
    this.woken = false;
    // Both watermarks in one round trip's time: they are independent reads.
    const [target, from] = await Promise.all([
      this.cursors.get(this.options.sourceCursor),
      this.cursors.get(this.options.cursor),
    ]);
    if (target === null) {
      return false;
    }
    if (from === null) {
      // First run: from the decoder's watermark on (no flood of history into the live log).
      await this.cursors.advance(this.options.cursor, target);
      this.logger.info({ mcSeqno: target }, 'stream publisher starts after the decoded head');
      this.published = target;
      this.metrics.seqno.set(target);
      return false;
    }
    this.published = from;
    this.metrics.seqno.set(from);
    let progressed = false;
    for (let seqno = from + 1; seqno <= target && !signal.aborted; seqno += 1) {
      if (!(await this.holdLease())) {
        break;
      }
      await this.publishBlock(seqno);
      progressed = true;
    }
    return progressed;
  }

  private async publishBlock(mcSeqno: number): Promise<void> {
    const rendered = await this.renderer.render(mcSeqno, this.now());
    // Each entry is checked once and appended at every finality, all at the first one, then all at
    // the next (a client subscribed at either level sees the stages in toncenter's order).
    const checked = rendered.entries.flatMap((entry) => this.checked(entry) ?? []);
    const admitted = BLOCK_FINALITIES.flatMap((finality) =>
      checked.flatMap((entry) => this.sized(entryAtFinality(entry, finality, mcSeqno)) ?? []),
    );
    // Sent together and awaited together: a block costs one log round trip, not one per entry. They
    // stay in order (one NATS connection delivers them in the order sent and JetStream numbers them
    // as they arrive; the memory log appends synchronously). If one fails the block is rendered and
    // appended again, and the ids store each entry once.
    await Promise.all(admitted.map(({ entry, json }) => this.append(entry, json)));
    this.options.onPublished?.(mcSeqno);
    await this.cursors.advance(this.options.cursor, mcSeqno);
    this.published = mcSeqno;
    this.metrics.seqno.set(mcSeqno);
    if (rendered.genUtime !== null) {
      this.metrics.lag.observe(Math.max(0, this.now() / 1000 - rendered.genUtime));
    }
  }

  /**
   * An entry as its contract's parse gives it (keys in the contract's order, as a follower's own
   * parse would give them); one that breaks its contract is skipped (logged and counted, undefined)
   * instead of blocking every later block behind it.
   */
  private checked(entry: StreamEntry): StreamEntry | undefined {
    const checked = STREAM_CONTRACTS[entry.subject].safeParse(entry.payload);
    if (!checked.success) {
      this.metrics.skipped.inc({ subject: entry.subject, reason: 'invalid' });
      this.logger.error(
        { msgId: entry.msgId, err: checked.error.message },
        'stream entry breaks its contract; skipped',
      );
      return undefined;
    }
    return { ...entry, payload: checked.data };
  }

  /**
   * A checked entry with its JSON serialised once for its size and for the log; one over NATS's
   * payload limit is skipped (logged and counted, undefined).
   */
  private sized(entry: StreamEntry): { entry: StreamEntry; json: string } | undefined {
    const json = JSON.stringify(entry.payload);
    const bytes = Buffer.byteLength(json);
    if (bytes > this.options.maxPayloadBytes) {
      this.metrics.skipped.inc({ subject: entry.subject, reason: 'too_large' });
      this.logger.warn({ msgId: entry.msgId, bytes }, 'stream entry too large; skipped');
      return undefined;
    }
    return { entry, json };
  }

  private async append(entry: StreamEntry, json: string): Promise<void> {
    // Checked by checked(): a follower in this process (the in-memory log) need not check again, and
    // may take the payload as it is (the publisher keeps no reference to it).
    await this.log.append(entry.subject, entry.payload, entry.msgId, {
      json,
      checked: true,
      handedOver: true,
    });
    this.metrics.appended.inc({ subject: entry.subject });
  }

  /** Waits `ms`; a wakeable wait ends early on wake() (also one that came while it was working). */
  private sleep(ms: number, wakeable: boolean): Promise<void> {
    const { signal } = this.abort;
    if (signal.aborted || (wakeable && this.woken)) {
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        if (this.wakeUp === done) {
          this.wakeUp = undefined;
        }
        resolve();
      };
      const timer = setTimeout(done, ms);
      if (wakeable) {
        this.wakeUp = done;
      }
      signal.addEventListener('abort', done, { once: true });
    });
  }
}
