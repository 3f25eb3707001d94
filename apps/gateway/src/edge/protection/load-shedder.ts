import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Under-pressure shedding: the event loop's delay is sampled (perf_hooks) over short windows; while
 * the last window's mean delay is above the threshold the gateway is overloaded and new requests get
 * 503 with `Retry-After` instead of queueing behind the ones it cannot finish in time.
 */
export class LoadShedder {
  private readonly histogram: IntervalHistogram;
  private readonly timer: NodeJS.Timeout;
  private delayMs = 0;

  constructor(
    private readonly thresholdMs: number,
    sampleIntervalMs: number,
  ) {
    this.histogram = monitorEventLoopDelay({ resolution: 10 });
    this.histogram.enable();
    this.timer = setInterval(() => {
      this.sample();
    }, sampleIntervalMs);
    this.timer.unref();
  }

  /** The mean event-loop delay of the last window, in ms. */
  get lastDelayMs(): number {
    return this.delayMs;
  }

  get overloaded(): boolean {
    return this.thresholdMs > 0 && this.delayMs > this.thresholdMs;
  }

  /**
   * Closes the window. A blocked loop also delays this timer, so the window that contains the block
   * is read as soon as the loop is free again, before the requests that queued up behind it.
   */
  sample(): void {
    const mean = this.histogram.mean;
    // Without a single sample the mean is NaN; the histogram's resolution is its floor.
    this.delayMs = Number.isFinite(mean) ? Math.max(0, mean / 1e6 - 10) : 0;
    this.histogram.reset();
  }

  stop(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }
}
