import { type BlockIndexedEvent, type IndexedBlockRef } from '@app/contracts';
import {
  BlockEntity,
  type DataSource,
  type IndexerCursorRepository,
  type QueryRow,
  selectList,
} from '@app/database';
import { WakeLatch } from '@app/nats';
import { type Logger } from 'pino';
import { backoffMs, sleep } from '../retry';
import { type BlockIndexedPublisher } from './block-indexed.publisher';

const BLOCK_KEYS = ['workchain', 'shard', 'seqno', 'rootHash', 'fileHash', 'txCount'] as const;
/** What a `block.indexed` event names of a block committed by the masterchain block. */
type BlockRow = QueryRow<BlockEntity, (typeof BLOCK_KEYS)[number]>;
const BLOCK_COLUMNS = selectList(BlockEntity, BLOCK_KEYS);

/**
 * Publishes `block.indexed` for every masterchain block the follower committed, in order, from
 * PostgreSQL: a cursor (`<follower>.events`) records what was acknowledged by JetStream, so neither a
 * NATS outage nor a restart loses an event (they are re-sent; JetStream de-duplicates by message id).
 * The follower never waits for NATS.
 */
export class EventOutbox {
  /** A notify() during a publish round is kept for the next wait (never a lost second). */
  private readonly wake = new WakeLatch();
  private running: Promise<void> | undefined;
  private readonly abort = new AbortController();

  constructor(
    private readonly dataSource: DataSource,
    private readonly cursors: IndexerCursorRepository,
    private readonly publisher: BlockIndexedPublisher,
    private readonly cursorName: string,
    private readonly eventsCursorName: string,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.running ??= this.loop();
  }

  /** The follower committed up to `mcSeqno`: publish what is pending. */
  notify(): void {
    this.wake.wake();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
  }

  private async loop(): Promise<void> {
    const { signal } = this.abort;
    for (let failures = 0; !signal.aborted;) {
      try {
        const published = await this.publishPending(signal);
        failures = 0;
        if (published === 0) {
          // The safety net: a commit whose notify() was lost to a restart is published within 1 s.
          await this.wake.wait(1000, signal);
        }
      } catch (error) {
        this.logger.warn(
          { err: String(error), attempt: failures },
          'block.indexed publish failed; retrying',
        );
        await sleep(backoffMs(failures), signal);
        failures += 1;
      }
    }
  }

  private async publishPending(signal: AbortSignal): Promise<number> {
    // Both watermarks in one round trip's time: they are independent reads.
    const [indexed, published] = await Promise.all([
      this.cursors.get(this.cursorName),
      this.cursors.get(this.eventsCursorName),
    ]);
    if (indexed === null) {
      return 0;
    }
    // First run: events start with what the follower writes from now on, not with old history.
    const done = published ?? indexed - 1;
    let count = 0;
    for (let seqno = done + 1; seqno <= indexed && !signal.aborted; seqno += 1) {
      const event = await this.eventOf(seqno);
      if (event !== null) {
        await this.publisher.publish(event);
      }
      await this.cursors.advance(this.eventsCursorName, seqno);
      count += 1;
    }
    return count;
  }

  private async eventOf(mcSeqno: number): Promise<BlockIndexedEvent | null> {
    const rows: BlockRow[] = await this.dataSource.query(
      `SELECT ${BLOCK_COLUMNS} FROM "blocks" WHERE "mc_block_seqno" = $1 ORDER BY "workchain", "shard", "seqno"`,
      [mcSeqno],
    );
    if (rows.length === 0) {
      return null; // quarantined: nothing was written for it
    }
    const blocks: IndexedBlockRef[] = rows.map((r) => ({
      workchain: r.workchain,
      shard: r.shard,
      seqno: r.seqno,
      root_hash: r.root_hash,
      file_hash: r.file_hash,
    }));
    return {
      mc_seqno: mcSeqno,
      blocks,
      tx_count: rows.reduce((sum, r) => sum + r.tx_count, 0),
    };
  }
}
