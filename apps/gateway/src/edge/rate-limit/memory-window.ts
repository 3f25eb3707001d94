/** One key's count in its current window. */
interface WindowCount {
  count: number;
  readonly endsAt: number;
}

/** What one consumption left of a key's window. */
export interface WindowUse {
  /** Whether the units fit in the window (the count, this consumption included, is within it). */
  readonly allowed: boolean;
  /** Units left in the window, never below 0. */
  readonly remaining: number;
  /** Milliseconds until the window ends. */
  readonly msBeforeNext: number;
}

/**
 * Fixed windows counted in this process's memory, answered synchronously: a key's window opens with
 * its first unit and lasts `durationMs`; a consumption that takes the count past `points` is
 * refused (and still counted, so a client that keeps asking stays refused until the window ends).
 * The same windows as rate-limiter-flexible's RateLimiterMemory, without a promise and a timer per
 * key and window: the anonymous limit is charged on every request of the hot path, ahead of any
 * await. Expired windows are dropped at most once per window length, when a consumption comes.
 */
export class MemoryWindow {
  private readonly counts = new Map<string, WindowCount>();
  private sweepAt = 0;

  constructor(
    private readonly points: number,
    private readonly durationMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  consume(key: string, units: number): WindowUse {
    const now = this.now();
    this.sweep(now);
    let window = this.counts.get(key);
    if (window === undefined || window.endsAt <= now) {
      window = { count: 0, endsAt: now + this.durationMs };
      this.counts.set(key, window);
    }
    window.count += units;
    return {
      allowed: window.count <= this.points,
      remaining: Math.max(this.points - window.count, 0),
      msBeforeNext: window.endsAt - now,
    };
  }

  /** The units counted in `key`'s current window (0 when none is open). */
  consumed(key: string): number {
    const window = this.counts.get(key);
    return window === undefined || window.endsAt <= this.now() ? 0 : window.count;
  }

  private sweep(now: number): void {
    if (now < this.sweepAt) {
      return;
    }
    this.sweepAt = now + this.durationMs;
    for (const [key, window] of this.counts) {
      if (window.endsAt <= now) {
        this.counts.delete(key);
      }
    }
  }
}
