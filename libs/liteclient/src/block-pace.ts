/**
 * How long ago a masterchain block was made, from how fast the consensus head has been advancing:
 * the age of a block `n` blocks behind the head is `n` times the measured block interval. A C++ node
 * forgets states and blocks by age (validator-engine `--state-ttl`, `--block-ttl`, in seconds), not
 * by count, and the block interval changed from ~5 s to ~400 ms, so "old" is a time.
 */
export class BlockPace {
  private readonly samples: { seqno: number; atMs: number }[] = [];

  /**
   * @param initialBlockMs the interval assumed until the head has been seen advancing for
   *   `minSpanMs` (400 ms: mainnet's masterchain since 2026)
   * @param windowMs how far back the measured interval looks
   */
  constructor(
    private readonly initialBlockMs = 400,
    private readonly windowMs = 120_000,
    private readonly minSpanMs = 5_000,
  ) {}

  /** The consensus head was `seqno` at `atMs`. */
  observe(seqno: number, atMs: number): void {
    const last = this.samples.at(-1);
    if (last && seqno <= last.seqno) {
      return;
    }
    this.samples.push({ seqno, atMs });
    while (this.samples.length > 2 && atMs - (this.samples[1]?.atMs ?? atMs) >= this.windowMs) {
      this.samples.shift();
    }
  }

  /** The measured milliseconds per masterchain block (the initial guess before enough samples). */
  blockMs(): number {
    const first = this.samples[0];
    const last = this.samples.at(-1);
    if (!first || !last || last.seqno === first.seqno || last.atMs - first.atMs < this.minSpanMs) {
      return this.initialBlockMs;
    }
    return (last.atMs - first.atMs) / (last.seqno - first.seqno);
  }

  /** Estimated age of block `seqno` when the head is `headSeqno`. */
  ageMs(seqno: number, headSeqno: number): number {
    return Math.max(0, headSeqno - seqno) * this.blockMs();
  }
}
