import { durationOf, failures, type Sample } from './load-loop';

/** A dependency's outage as the test caused it (performance.now() ms). */
export interface Outage {
  /** When the fault began (the stop or kill was sent). */
  readonly from: number;
  /** When it was over (the dependency was back and listening / healthy). */
  readonly to: number;
}

/** While a dependency is down, requests "fail fast with 503" — here within 1 s. */
export const FAIL_FAST_MS = 1000;

/** Samples sent while the outage was complete (after the fault took effect, before it ended). */
export function sentDuring(samples: readonly Sample[], outage: Outage): Sample[] {
  return samples.filter((s) => s.startedAt >= outage.from && s.startedAt < outage.to);
}

/** Samples in flight at the moment the fault began. */
export function inFlightAt(samples: readonly Sample[], at: number): Sample[] {
  return samples.filter((s) => s.startedAt < at && s.endedAt > at);
}

/**
 * The samples not answered fast with one of `statuses`: another status, or slower than FAIL_FAST_MS.
 */
export function notFailingFast(
  samples: readonly Sample[],
  statuses: readonly number[] = [503],
): Sample[] {
  return samples.filter((s) => !statuses.includes(s.status) || durationOf(s) > FAIL_FAST_MS);
}

/**
 * How long after `since` the service recovered: from `since` to the start of the first request after
 * which every request succeeded (0 when none failed after `since`). Infinity when it did not recover
 * within the samples (a failure among the last ones, or fewer than `minAfter` requests after it).
 */
export function recoveryMs(samples: readonly Sample[], since: number, minAfter = 5): number {
  const after = samples
    .filter((s) => s.startedAt >= since)
    .sort((a, b) => a.startedAt - b.startedAt);
  const failed = new Set(failures(after));
  let lastFailure = -1;
  after.forEach((s, i) => {
    if (failed.has(s)) {
      lastFailure = i;
    }
  });
  const healthy = after.slice(lastFailure + 1);
  const first = healthy[0];
  if (first === undefined || healthy.length < minAfter) {
    return Number.POSITIVE_INFINITY;
  }
  return lastFailure === -1 ? 0 : first.startedAt - since;
}

/** The longest of `samples`, for a note: `slowest 812 ms`. */
export function slowest(samples: readonly Sample[]): string {
  return `slowest ${String(Math.round(Math.max(0, ...samples.map(durationOf))))} ms`;
}
