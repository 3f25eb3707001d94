import { createRequire } from 'node:module';

/**
 * HTTP throughput with autocannon: keep-alive HTTP/1.1 connections
 * driven by a client that costs far less CPU per request than fetch, so on two shared cores the
 * req/s it reaches is the server's ceiling rather than the client's. Latency stays with measureLoad
 * (support/latency.ts): autocannon's histogram counts whole milliseconds (the p50 of a 0.3 ms call
 * reads 0), too coarse for a sub-millisecond overhead target, and measureLoad times the direct
 * ton-lite-client side of each ratio the same way.
 */

/** What the benchmarks keep of an autocannon run. */
export interface ThroughputResult {
  readonly label: string;
  readonly connections: number;
  readonly durationS: number;
  readonly requests: number;
  readonly rps: number;
  /** Whole milliseconds, as autocannon records them. */
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Answers other than 2xx plus connection errors and timeouts. */
  readonly errors: number;
}

/** The part of autocannon's programmatic API used here (the package ships no types). */
interface AutocannonResult {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number };
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
}) => Promise<AutocannonResult>;

const autocannon = createRequire(__filename)('autocannon') as Autocannon;

/** `connections` keep-alive connections asking `url` for `durationMs`. */
export async function measureThroughput(
  label: string,
  url: string,
  connections: number,
  durationMs: number,
): Promise<ThroughputResult> {
  const r = await autocannon({ url, connections, duration: durationMs / 1000 });
  return {
    label,
    connections,
    durationS: r.duration,
    requests: r.requests.total,
    rps: Math.round(r.requests.total / r.duration),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    errors: r.non2xx + r.errors + r.timeouts,
  };
}
