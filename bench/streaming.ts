/**
 * Benchmark: the Streaming API v2 with many subscribers. Writes
 * bench/reports/streaming.{md,json}. Not a test. Run:
 *   scripts/build-to.sh .tmp/bench && node .tmp/bench/bench/run.js streaming
 *
 * For each log of BENCH_STREAM_LOGS (default `memory,jetstream`) two child processes run
 * (bench/support/streaming.children.ts):
 * the chain (`--chain`: a manual-mode genesis localnet with BENCH_STREAM_WALLETS funded wallets, which
 * seals and signs the traffic) and the whole service in one process (`--serve`: live ingestor,
 * decoder, stream publisher, gateway; the in-memory stream log without NATS, or JetStream over NATS),
 * reading the chain through its liteservers as it would a real network's. The chain has a process of
 * its own because sealing (emulation, signatures, block building) would otherwise stall the service's
 * event loop for the length of each seal and be counted as the service's latency. The parent opens
 * BENCH_STREAM_SUBSCRIBERS SSE subscriptions (each to one wallet's `transactions`, finalized), then
 * asks for BENCH_STREAM_ROUNDS rounds of traffic (every wallet pays the next one). The chain reports
 * when each masterchain block was sealed; a transaction's latency is the arrival time of the first
 * notification carrying it minus the seal time of its masterchain block (a trace that goes on in the
 * next block is notified again whole, and its earlier transactions are not timed again; block-to-client,
 * the whole path: liteserver
 * → ingestor → PostgreSQL → decoder → publisher → log → gateway → client). The service reports when
 * the ingestor, the decoder and the stream publisher were done with each block (PipelineSignals), so
 * the report splits the latency by stage (bench/support/streaming.measure.ts). The new report is
 * compared with the previous one (bench/support/streaming.report.ts).
 */
import {
  headLines,
  reportHead,
  runContext,
  target,
  targetsTable,
  writeReport,
} from './support/report';
import { measure, type ModeResult } from './support/streaming.measure';
import { LOGS, ROUNDS, SUBSCRIBERS, WALLETS } from './support/streaming.protocol';
import { measureFanOutFloor } from './support/streaming.floor';
import {
  comparisonLines,
  floorLines,
  methodLines,
  modeLines,
  readPrevious,
} from './support/streaming.report';

/** toncenter's published Streaming API latency is 30–100 ms from chain event to client. */
const TARGET_P99_MS = 100;

export async function runStreamingBench(): Promise<string> {
  const ctx = runContext();
  const previous = readPrevious();
  const modes: ModeResult[] = [];
  for (const log of LOGS) {
    modes.push(await measure(log));
  }
  // The floor's frame is as large as the service's average notification (4 KiB when none ran).
  const floor =
    process.env.BENCH_STREAM_FLOOR === '0'
      ? undefined
      : await measureFanOutFloor(modes[0]?.notificationChars ?? 4096);
  const targets = modes.flatMap((m) => [
    target(`subscribers served at once (${m.log})`, SUBSCRIBERS, 'connections', '>=', 1000),
    target(
      `notifications delivered of those due (${m.log})`,
      m.delivered,
      'notifications',
      '>=',
      m.expected,
    ),
    target(`block-to-client p99 (${m.log})`, m.latencyMs.p99, 'ms', '<=', TARGET_P99_MS),
  ]);
  const head = reportHead(ctx, targets);
  const markdown = [
    '# Streaming API v2: many subscribers',
    '',
    headLines(head),
    '',
    targetsTable(targets),
    '',
    ...modes.flatMap((m) => [...modeLines(m), '']),
    ...(floor === undefined ? [] : [...floorLines(floor), '']),
    ...comparisonLines(previous, modes),
    '',
    ...methodLines(),
  ].join('\n');
  return writeReport('streaming', markdown, head, {
    subscribers: SUBSCRIBERS,
    wallets: WALLETS,
    rounds: ROUNDS,
    modes,
    floor: floor ?? null,
    previous: previous ?? null,
  });
}
