/** Latency buckets in seconds: 5 ms … 10 s, covering cached reads up to liteserver timeouts. */
export const LATENCY_BUCKETS_SECONDS: readonly number[] = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];
