import { performance } from 'node:perf_hooks';

/** One HTTP request of a load loop and how to judge its answer. */
export interface LoadRequest {
  /** Short name for reports, e.g. `getMasterchainInfo`. */
  readonly label: string;
  readonly url: string;
  readonly init?: RequestInit;
  /**
   * Judges a 200 answer: undefined when the body is right, else what is wrong with it. Any other
   * status is recorded as it is and judged by the test.
   */
  check?(body: unknown, startedAt: number): string | undefined;
}

/**
 * Wall-clock milliseconds with sub-millisecond resolution, comparable across threads (a worker's
 * performance.now() starts at its own origin).
 */
export function now(): number {
  return performance.timeOrigin + performance.now();
}

/** What one request of the loop saw. Times are `now()` milliseconds. */
export interface Sample {
  readonly label: string;
  /** HTTP status; 0 when no answer came within the loop's request timeout or the socket failed. */
  readonly status: number;
  readonly startedAt: number;
  readonly endedAt: number;
  /** What was wrong: a 200's wrong body, another status's body (cut), or why no answer came. */
  readonly problem?: string;
}

export const durationOf = (s: Sample): number => s.endedAt - s.startedAt;

/**
 * `concurrency` clients, each sending the next request as soon as the previous one is answered,
 * until `stop()`: the load under which a fault is injected. A request that gets no answer within
 * `requestTimeoutMs` is recorded with status 0 (a hang is a failure the tests must see, not wait on).
 */
export class LoadLoop {
  private readonly recorded: Sample[] = [];
  private running = false;
  private workers: Promise<void>[] = [];
  private next = 0;

  constructor(
    private readonly requests: readonly LoadRequest[],
    private readonly concurrency: number,
    private readonly requestTimeoutMs: number,
  ) {}

  start(): void {
    this.running = true;
    this.workers = Array.from({ length: this.concurrency }, () => this.worker());
  }

  /** Stops the clients and resolves with every sample, once the requests in flight are answered. */
  async stop(): Promise<Sample[]> {
    this.running = false;
    await Promise.all(this.workers);
    return this.samples();
  }

  samples(): Sample[] {
    return [...this.recorded];
  }

  /** Samples that started at or after `from` (and before `to`). */
  startedBetween(from: number, to = Number.POSITIVE_INFINITY): Sample[] {
    return this.recorded.filter((s) => s.startedAt >= from && s.startedAt < to);
  }

  /** Samples in flight at some moment of [from, to]: every request that met a fault in place then. */
  overlapping(from: number, to: number): Sample[] {
    return this.recorded.filter((s) => s.startedAt <= to && s.endedAt >= from);
  }

  /** Resolves once `count` requests were answered 200 (the service is warm), or throws. */
  async warm(count: number, timeoutMs: number): Promise<void> {
    const deadline = now() + timeoutMs;
    while (this.recorded.filter((s) => s.status === 200).length < count) {
      if (now() > deadline) {
        throw new Error(
          `not warm after ${String(timeoutMs)} ms: ${describeFailures(this.recorded)}`,
        );
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  private async worker(): Promise<void> {
    while (this.running) {
      const request = this.requests[this.next % this.requests.length];
      this.next += 1;
      if (request !== undefined) {
        this.recorded.push(await sendOnce(request, this.requestTimeoutMs));
      }
    }
  }
}

/** Sends one request and records the outcome (never throws). */
export async function sendOnce(request: LoadRequest, timeoutMs: number): Promise<Sample> {
  const startedAt = now();
  const base = { label: request.label, startedAt };
  try {
    const response = await fetch(request.url, {
      ...request.init,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    const endedAt = now();
    if (response.status !== 200) {
      return { ...base, status: response.status, endedAt, problem: text.slice(0, 200) };
    }
    if (request.check === undefined) {
      return { ...base, status: 200, endedAt };
    }
    let problem: string | undefined;
    try {
      problem = request.check(JSON.parse(text), startedAt);
    } catch (error: unknown) {
      problem = `unreadable body: ${String(error)}`;
    }
    return problem === undefined
      ? { ...base, status: 200, endedAt }
      : { ...base, status: 200, endedAt, problem };
  } catch (error: unknown) {
    return { ...base, status: 0, endedAt: now(), problem: String(error) };
  }
}

/** Failed samples: any status but 200, or a 200 with a wrong body. */
export function failures(samples: readonly Sample[]): Sample[] {
  return samples.filter((s) => s.status !== 200 || s.problem !== undefined);
}

/** Counts of samples by status (and `200!` for 200s with a wrong body), for failure messages. */
export function statusCounts(samples: readonly Sample[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of samples) {
    const key = s.problem !== undefined && s.status === 200 ? '200!' : String(s.status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** The p-th percentile (0..100) of the samples' durations in ms, nearest rank; 0 when empty. */
export function percentileMs(samples: readonly Sample[], p: number): number {
  if (samples.length === 0) {
    return 0;
  }
  const sorted = samples.map(durationOf).sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

/** One sample in words: label, status, duration and what was wrong. */
export function describeSample(s: Sample): string {
  return `${s.label} ${String(s.status)} after ${durationOf(s).toFixed(0)} ms${s.problem === undefined ? '' : `: ${s.problem}`}`;
}

/** Describes up to `limit` failed samples for an assertion message. */
export function describeFailures(samples: readonly Sample[], limit = 5): string {
  const failed = failures(samples);
  const shown = failed.slice(0, limit).map(describeSample);
  return `${String(failed.length)} of ${String(samples.length)} failed ${JSON.stringify(statusCounts(samples))}: ${shown.join('; ')}`;
}

/** Describes up to `limit` samples (whatever their outcome) for an assertion message. */
export function describeSamples(samples: readonly Sample[], limit = 5): string {
  return `${String(samples.length)} requests ${JSON.stringify(statusCounts(samples))}: ${samples.slice(0, limit).map(describeSample).join('; ')}`;
}
