/** Latency summary of one load run. */
export interface LoadResult {
  readonly label: string;
  readonly concurrency: number;
  readonly requests: number;
  readonly errors: number;
  readonly rps: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

/** The p-th percentile (nearest rank) of `sorted` (ascending); 0 when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) {
    return 0;
  }
  const index = Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length));
  return sorted[index] ?? 0;
}

/** Optional bounds of a run besides its duration. */
export interface LoadLimits {
  /** Stop once this many calls were started, even before the duration is over. */
  readonly maxRequests?: number;
  /**
   * Keep going past the duration until this many calls were started (a p99 of slow calls needs a
   * few hundred samples), but not past four times the duration.
   */
  readonly minRequests?: number;
}

/**
 * Runs `call` from `concurrency` loops for `durationMs` (within `limits`) and measures each call. Used
 * for clients that are not HTTP (ton-lite-client) and for HTTP alike, so both sides of a ratio are
 * measured the same way.
 */
export async function measureLoad(
  label: string,
  concurrency: number,
  durationMs: number,
  call: () => Promise<boolean>,
  limits: LoadLimits = {},
  samples: number[] = [],
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  // Each call's milliseconds are also appended to `samples`, for a caller merging several runs.
  const deadline = started + durationMs;
  const hardDeadline = started + 4 * durationMs;
  const { maxRequests = Number.POSITIVE_INFINITY, minRequests = 0 } = limits;
  let startedCalls = 0;
  const goOn = (): boolean => {
    const now = performance.now();
    return (
      startedCalls < maxRequests &&
      (now < deadline || (startedCalls < minRequests && now < hardDeadline))
    );
  };
  const worker = async (): Promise<void> => {
    while (goOn()) {
      startedCalls++;
      const t0 = performance.now();
      let ok: boolean;
      try {
        ok = await call();
      } catch {
        // a failed call is a sample that counts as an error; its latency is still kept.
        ok = false;
      }
      const ms = performance.now() - t0;
      latencies.push(ms);
      samples.push(ms);
      if (!ok) {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const round = (x: number): number => Math.round(x * 1000) / 1000;
  return {
    label,
    concurrency,
    requests: latencies.length,
    errors,
    rps: Math.round(latencies.length / elapsed),
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
  };
}

/**
 * Runs of one path split into slices (see measureLoad's `samples`) as one result: requests and
 * errors summed, req/s over the slices' total time, percentiles of all their calls.
 */
export function mergedLoad(
  label: string,
  concurrency: number,
  slices: readonly LoadResult[],
  samples: readonly number[],
): LoadResult {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (x: number): number => Math.round(x * 1000) / 1000;
  const seconds = slices.reduce((a, r) => a + (r.rps > 0 ? r.requests / r.rps : 0), 0);
  const requests = slices.reduce((a, r) => a + r.requests, 0);
  return {
    label,
    concurrency,
    requests,
    errors: slices.reduce((a, r) => a + r.errors, 0),
    rps: seconds > 0 ? Math.round(requests / seconds) : 0,
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
  };
}
