/** Counters of a backfill run and what a human wants to know about them. */
export interface ProgressSnapshot {
  readonly done: number;
  readonly total: number;
  readonly transactions: number;
  readonly quarantined: number;
  readonly elapsedSeconds: number;
}

export function formatProgress(p: ProgressSnapshot, width = 30): string {
  const fraction = p.total === 0 ? 1 : p.done / p.total;
  const filled = Math.round(fraction * width);
  const blocksPerSecond = p.elapsedSeconds > 0 ? p.done / p.elapsedSeconds : 0;
  const txPerSecond = p.elapsedSeconds > 0 ? p.transactions / p.elapsedSeconds : 0;
  const eta = blocksPerSecond > 0 ? (p.total - p.done) / blocksPerSecond : Number.NaN;
  return (
    `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ` +
    `${String(p.done)}/${String(p.total)} mc blocks ${(fraction * 100).toFixed(1)}% ` +
    `${blocksPerSecond.toFixed(1)} blocks/s ${txPerSecond.toFixed(0)} tx/s ` +
    `ETA ${formatDuration(eta)}` +
    (p.quarantined > 0 ? ` quarantined ${String(p.quarantined)}` : '')
  );
}

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) {
    return '?';
  }
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  return h > 0
    ? `${String(h)}h${String(m).padStart(2, '0')}m`
    : m > 0
      ? `${String(m)}m${String(rest).padStart(2, '0')}s`
      : `${String(rest)}s`;
}

/**
 * Shows progress: a bar redrawn in place on a terminal, or a line every `logEveryMs` otherwise (logs).
 */
export class ProgressReporter {
  private timer: NodeJS.Timeout | undefined;
  private lastLog = 0;

  constructor(
    private readonly snapshot: () => ProgressSnapshot,
    private readonly out: { isTTY?: boolean; write(text: string): unknown },
    private readonly log: (line: string) => void,
    private readonly logEveryMs = 10_000,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.tick();
    }, 250);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    const line = formatProgress(this.snapshot());
    if (this.out.isTTY === true) {
      this.out.write(`\r${line}\n`);
    } else {
      this.log(line);
    }
  }

  private tick(): void {
    const line = formatProgress(this.snapshot());
    if (this.out.isTTY === true) {
      this.out.write(`\r${line}`);
    } else if (Date.now() - this.lastLog >= this.logEveryMs) {
      this.lastLog = Date.now();
      this.log(line);
    }
  }
}
