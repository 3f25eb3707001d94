import { type DataSource, type EntityManager } from '@app/database';
import { type DetectedBlock, type InterfaceDetector } from '../interfaces/interface-detector';
import { BlockPlanner, type DecodedBlock, DecodeSession, type PlannedBlock } from './block-planner';
import { BlockPrefetcher } from './block-prefetcher';
import { BlockReader, type BlockRows } from './block-reader';
import { BlockWriter } from './block-writer';

export type { DecodedBlock, PlannedBlock } from './block-planner';

/** Masterchain blocks read and planned ahead of the ones being written. */
const READ_AHEAD = 8;
/** At most this many blocks (and transactions) commit together. */
const RANGE_LIMITS = { blocks: 8, transactions: 2000 };

/** Consecutive blocks planned ahead, written in one transaction that advances the watermark to `last`. */
export interface PlannedRange {
  readonly first: number;
  readonly last: number;
  readonly blocks: readonly PlannedBlock[];
}

/**
 * Decodes masterchain blocks (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/tondb-scanner/src/TraceAssembler.cpp):
 * traces, interfaces and token events, actions.
 * Split so that a block costs a fixed handful of statements and the work overlaps the writes:
 *
 * - `detect` (outside the database transaction): the block is read (two queries), its interfaces
 *   detected by get-methods, and it is planned in memory (BlockPlanner); with `target` the blocks
 *   after it are read and planned ahead while it is written, and those already planned join it;
 * - `decode` (inside the caller's transaction, which also advances the watermark to the range's last
 *   block): BlockWriter writes the range.
 */
export class BlockDecoder {
  private readonly reader = new BlockReader();
  private readonly planner = new BlockPlanner();
  private readonly writer = new BlockWriter();
  private readonly prefetcher: BlockPrefetcher<
    DataSource,
    { rows: BlockRows; detected: DetectedBlock | null },
    PlannedBlock
  >;

  constructor(private readonly detector?: InterfaceDetector) {
    this.prefetcher = new BlockPrefetcher(
      async (ds, mcSeqno, session) => {
        const rows = await this.reader.read(ds.manager, mcSeqno);
        const detected =
          this.detector === undefined
            ? null
            : await this.detector.detect(ds.manager, mcSeqno, rows.touched, session.codes);
        return { rows, detected };
      },
      (ds, session, block) => this.planner.plan(ds.manager, session, block.rows, block.detected),
      READ_AHEAD,
    );
  }

  /**
   * Block `mcSeqno` read, detected and planned, with the blocks after it (up to `target`, the
   * ingestor's last committed block) already planned too: a range to write in one transaction. The
   * blocks up to READ_AHEAD after the range are prepared meanwhile.
   */
  async detect(ds: DataSource, mcSeqno: number, target = mcSeqno): Promise<PlannedRange> {
    const blocks = await this.prefetcher.take(ds, mcSeqno, target, RANGE_LIMITS);
    return { first: mcSeqno, last: mcSeqno + blocks.length - 1, blocks };
  }

  /**
   * Writes the range from `detect` (which starts at `mcSeqno`) in the caller's transaction. Without a
   * range it reads and plans block `mcSeqno` alone through that transaction first (no interface
   * detection).
   */
  async decode(
    m: EntityManager,
    mcSeqno: number,
    planned: PlannedRange | null = null,
  ): Promise<DecodedBlock> {
    const blocks = planned?.blocks ?? [
      await this.planner.plan(
        m,
        new DecodeSession(mcSeqno - 1),
        await this.reader.read(m, mcSeqno),
        null,
      ),
    ];
    await this.writer.write(m, blocks);
    return sum(blocks.map((b) => b.decoded));
  }
}

/** What a range of blocks decoded, added up. */
function sum(decoded: readonly DecodedBlock[]): DecodedBlock {
  const actions = new Map<string, number>();
  for (const d of decoded) {
    for (const [type, n] of d.actions) {
      actions.set(type, (actions.get(type) ?? 0) + n);
    }
  }
  return {
    transactions: decoded.reduce((n, d) => n + d.transactions, 0),
    completedTraces: decoded.flatMap((d) => d.completedTraces),
    actions,
    failedTraces: decoded.reduce((n, d) => n + d.failedTraces, 0),
    tokenEvents: decoded.reduce((n, d) => n + d.tokenEvents, 0),
    badBodies: decoded.reduce((n, d) => n + d.badBodies, 0),
  };
}
