import { type LandedMessageRow } from '@app/database';
import { type Logger } from 'pino';
import { type MessageEventsPublisher } from '../events/message-events.publisher';
import { type SenderMetrics } from '../metrics/sender.metrics';
import {
  type LandedMessage,
  type SentMessage,
  type SentMessageListener,
} from '../send/sent-message.listener';

/** Where landed messages are looked up (PostgreSQL through LandedMessageRepository). */
export interface LandedMessageFinder {
  findLanded(hashes: readonly string[]): Promise<LandedMessageRow[]>;
}

interface Watched {
  readonly message: SentMessage;
  readonly expiresAt: number;
}

/** Hashes per query: a bounded `= ANY($1)` list. */
const BATCH = 500;

/**
 * Follows the messages this replica sent until the indexer has their transaction: on every wake-up
 * (a `block.indexed` event, or the poll timer) the pending hashes are looked up in PostgreSQL; a found
 * one is announced as `message.landed`, observed in the send→inclusion histogram, handed to the
 * listener and forgotten. A message not found within the landing timeout is dropped (expired, or
 * never included) and reported to `onExpired`. Each replica follows its own sends: the first send of a hash happens on one
 * replica only, so every landing is reported once.
 */
export class LandingWatcher {
  private readonly watched = new Map<string, Watched>();
  private checking: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly finder: LandedMessageFinder,
    private readonly events: MessageEventsPublisher,
    private readonly metrics: SenderMetrics,
    private readonly logger: Logger,
    private readonly options: {
      readonly timeoutMs: number;
      readonly pollMs: number;
      readonly listener?: SentMessageListener | undefined;
      /**
       * A message given up on: not indexed within the timeout (expired, or never included). The
       * Streaming API invalidates its pending trace. Must not throw.
       */
      readonly onExpired?: ((message: SentMessage) => void) | undefined;
      readonly now?: () => number;
    },
  ) {}

  get size(): number {
    return this.watched.size;
  }

  start(): void {
    this.timer ??= setInterval(() => {
      this.wake();
    }, this.options.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
    await this.checking;
  }

  track(message: SentMessage): void {
    this.watched.set(message.hash, {
      message,
      expiresAt: message.sentAt + this.options.timeoutMs,
    });
  }

  /** Looks the pending hashes up now (a check already running is followed by one more). */
  wake(): void {
    if (this.checking !== undefined) {
      this.again = true;
      return;
    }
    this.checking = this.checkLoop().finally(() => {
      this.checking = undefined;
    });
  }

  /** One lookup of every pending hash; resolves when done (tests and shutdown wait on it). */
  async check(): Promise<void> {
    const now = this.now();
    for (const [hash, entry] of this.watched) {
      if (entry.expiresAt <= now) {
        this.watched.delete(hash);
        this.options.onExpired?.(entry.message);
      }
    }
    const hashes = [...this.watched.keys()];
    for (let i = 0; i < hashes.length; i += BATCH) {
      const rows = await this.finder.findLanded(hashes.slice(i, i + BATCH));
      for (const row of rows) {
        await this.landed(row);
      }
    }
  }

  private async checkLoop(): Promise<void> {
    do {
      this.again = false;
      if (this.watched.size === 0) {
        continue;
      }
      try {
        await this.check();
      } catch (error) {
        this.logger.warn(
          { err: String(error) },
          'landing lookup failed; retried on the next block',
        );
      }
    } while (this.wokenMeanwhile());
  }

  /** Whether a wake-up came while a check ran (it may have missed that block's rows). */
  private wokenMeanwhile(): boolean {
    return this.again;
  }

  private async landed(row: LandedMessageRow): Promise<void> {
    const entry = this.watched.get(row.msgHash);
    if (entry === undefined) {
      return;
    }
    this.watched.delete(row.msgHash);
    const { message } = entry;
    const landedAfterMs = Math.max(0, this.now() - message.sentAt);
    const landed: LandedMessage = {
      hash: message.hash,
      hashNorm: message.hashNorm,
      transactionHash: row.txHash,
      lt: row.txLt.toString(),
      account: row.account,
      mcSeqno: row.mcSeqno,
      landedAfterMs,
    };
    this.metrics.observeInclusion(landedAfterMs / 1000);
    this.options.listener?.onLanded(landed);
    try {
      await this.events.landed({
        hash: landed.hash,
        hash_norm: landed.hashNorm,
        transaction_hash: landed.transactionHash,
        lt: landed.lt,
        account: landed.account,
        mc_seqno: landed.mcSeqno,
        landed_after_ms: landed.landedAfterMs,
      });
    } catch (error) {
      this.logger.warn({ err: String(error), hash: message.hash }, 'message.landed not published');
    }
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}
