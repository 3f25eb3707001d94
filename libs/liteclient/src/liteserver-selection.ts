import { type BlockPace } from './block-pace';
import { type PoolEntry } from './pool-entry';
import { type LiteserverHealth } from './liteserver-pool.types';

/** The routing rules of LiteserverPool: which liteservers are live, and which one takes a call. */
export class LiteserverSelection {
  private cursor = 0;

  constructor(
    readonly entries: readonly PoolEntry[],
    /** A liteserver more than this many blocks behind the consensus takes no head reads. */
    private readonly maxLagBlocks: number,
    /** A read pinned to a block older than this prefers archival liteservers. */
    private readonly archivalAgeMs: number,
    private readonly pace: BlockPace,
  ) {}

  /**
   * The best masterchain seqno among liteservers that answered the last probe (tonlib-multiclient's
   * consensus block), or undefined when none did.
   */
  consensusSeqno(): number | undefined {
    const live = this.entries.filter((e) => this.isResponsive(e));
    return live.length === 0 ? undefined : Math.max(...live.map((e) => e.lastSeqno));
  }

  health(): LiteserverHealth[] {
    const consensus = this.consensusSeqno();
    return this.entries.map((e) => ({
      index: e.index,
      connected: e.engine.isReady(),
      alive: this.isHeadReady(e, consensus) && !e.suspect,
      lastSeqno: e.lastSeqno,
      lag: consensus === undefined ? 0 : Math.max(0, consensus - e.lastSeqno),
      archival: e.archival,
    }));
  }

  /** True when at least one liteserver can take head reads. */
  isServing(): boolean {
    const consensus = this.consensusSeqno();
    return this.entries.some((e) => this.isHeadReady(e, consensus) && !e.suspect);
  }

  isResponsive(entry: PoolEntry): boolean {
    return entry.responsive && entry.engine.isReady();
  }

  /** True when `seqno`, announced by a request, is more than maxLagBlocks behind `consensus`. */
  isLagging(seqno: number, consensus: number | undefined): consensus is number {
    return consensus !== undefined && seqno < consensus - this.maxLagBlocks;
  }

  /**
   * The liteserver for the next call, none of `exclude`: one that reached the pinned seqno (or the
   * head-ready ones), preferring those no request saw failing, and archival ones for archival or old
   * reads; rotated so that the load spreads.
   */
  pick(
    exclude: ReadonlySet<number>,
    options: { readonly archival?: boolean; readonly seqno?: number },
  ): PoolEntry | undefined {
    const consensus = this.consensusSeqno();
    const { seqno } = options;
    const headReady = (e: PoolEntry) => !exclude.has(e.index) && this.isHeadReady(e, consensus);
    const reached = (e: PoolEntry) =>
      !exclude.has(e.index) && this.isResponsive(e) && e.lastSeqno >= (seqno ?? 0);
    const pinned = seqno === undefined ? [] : this.entries.filter(reached);
    // A seqno beyond every probed head is most likely a block made since the last probe.
    const able = pinned.length > 0 ? pinned : this.entries.filter(headReady);
    // Liteservers a request just saw failing come last, so a stall costs one request one timeout.
    const trusted = able.filter((e) => !e.suspect);
    const candidates = trusted.length > 0 ? trusted : able;
    const old =
      seqno !== undefined &&
      consensus !== undefined &&
      this.pace.ageMs(seqno, consensus) > this.archivalAgeMs;
    const archival = options.archival === true || old ? candidates.filter((e) => e.archival) : [];
    const from = archival.length > 0 ? archival : candidates;
    if (from.length === 0) {
      return undefined;
    }
    this.cursor = (this.cursor + 1) % from.length;
    return from[this.cursor];
  }

  /** A responsive archival liteserver not tried yet (one no request saw failing first). */
  pickArchival(exclude: ReadonlySet<number>): PoolEntry | undefined {
    const archival = this.entries.filter(
      (e) => !exclude.has(e.index) && e.archival && this.isResponsive(e),
    );
    return archival.find((e) => !e.suspect) ?? archival[0];
  }

  /**
   * Up to `count` different liteservers for a fan-out: head-ready ones no request saw failing first,
   * then the suspect ones, then any responsive one; rotated so that the load spreads.
   */
  fanOut(count: number): PoolEntry[] {
    const consensus = this.consensusSeqno();
    const size = this.entries.length;
    this.cursor = (this.cursor + 1) % Math.max(1, size);
    const rotated = this.entries
      .map((_, i) => this.entries[(this.cursor + i) % size])
      .filter((e): e is PoolEntry => e !== undefined);
    const ready = (e: PoolEntry) => this.isHeadReady(e, consensus);
    const ordered = [
      ...rotated.filter((e) => ready(e) && !e.suspect),
      ...rotated.filter((e) => ready(e) && e.suspect),
      ...rotated.filter((e) => !ready(e) && this.isResponsive(e)),
    ];
    return ordered.slice(0, Math.max(0, count));
  }

  private isHeadReady(entry: PoolEntry, consensus: number | undefined): boolean {
    return (
      this.isResponsive(entry) &&
      consensus !== undefined &&
      entry.lastSeqno >= consensus - this.maxLagBlocks
    );
  }
}
