/** The streaming benchmark's report sections (bench/reports/streaming.md) and the previous report. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FloorResult } from './streaming.floor';
import type { ModeResult } from './streaming.measure';
import type { StageLatency } from './streaming.subscriber';
import {
  BLOCK_INTERVAL_MS,
  type LogMode,
  ROUNDS,
  SUBSCRIBERS,
  WALLETS,
} from './streaming.protocol';

/** The previous report's numbers per log (reports before both logs were measured held one). */
export interface PreviousReport {
  readonly date: string;
  readonly commit: string;
  readonly load: { readonly before: number; readonly after: number };
  readonly byLog: Partial<Record<LogMode, { readonly p50: number; readonly p99: number }>>;
}

/** The last report of bench/reports/streaming.json, to compare the new one with. */
export function readPrevious(): PreviousReport | undefined {
  try {
    const json = JSON.parse(
      readFileSync(resolve(process.cwd(), 'bench/reports/streaming.json'), 'utf8'),
    ) as {
      date: string;
      commit: string;
      loadAverage: { before: number; after: number };
      log?: LogMode;
      latencyMs?: { p50: number; p99: number };
      modes?: ModeResult[];
    };
    const byLog: PreviousReport['byLog'] =
      json.modes !== undefined
        ? Object.fromEntries(json.modes.map((m) => [m.log, m.latencyMs]))
        : json.log !== undefined && json.latencyMs !== undefined
          ? { [json.log]: json.latencyMs }
          : {};
    return { date: json.date, commit: json.commit, load: json.loadAverage, byLog };
  } catch {
    // No previous report (a fresh checkout): nothing to compare with.
    return undefined;
  }
}

/** A stage row (absent in reports written before the stage was timed). */
function stageRow(label: string, stage: StageLatency | undefined): string[] {
  return stage === undefined
    ? []
    : [
        `| ${label} p50 / p99 | ${String(stage.p50)} / ${String(stage.p99)} ms (${String(stage.blocks)} blocks) |`,
      ];
}

export function modeLines(m: ModeResult): string[] {
  const title = {
    memory: 'Single process, in-memory log (no NATS)',
    jetstream: 'Single process, JetStream log (NATS)',
    mesh: 'Mesh (one process per app), JetStream log (NATS)',
    'mesh-2-gateways': 'Mesh with two gateway replicas, each serving half the subscribers',
  }[m.log];
  return [
    `### ${title}`,
    '',
    `${String(SUBSCRIBERS)} SSE subscribers over ${String(WALLETS)} wallets (opened in ${m.openSeconds.toFixed(1)} s), ${String(ROUNDS)} rounds of traffic; load average ${String(m.load.before)} before, ${String(m.load.after)} after.`,
    '',
    '| measure | value |',
    '|---|---:|',
    `| notifications delivered | ${String(m.delivered)} of ${String(m.expected)} (in ${m.seconds.toFixed(1)} s) |`,
    `| events/s delivered | ${String(m.eventsPerSecond)} |`,
    `| seal → ingestor commit p50 / p99 | ${String(m.stagesMs.indexed.p50)} / ${String(m.stagesMs.indexed.p99)} ms (${String(m.stagesMs.indexed.blocks)} blocks) |`,
    `| seal → decoder commit p50 / p99 | ${String(m.stagesMs.decoded.p50)} / ${String(m.stagesMs.decoded.p99)} ms (${String(m.stagesMs.decoded.blocks)} blocks) |`,
    ...stageRow('seal → entries in the stream log', m.stagesMs.published),
    ...stageRow('seal → first client notified', m.stagesMs.firstClient),
    ...stageRow('seal → last client notified', m.stagesMs.lastClient),
    `| block-to-client p50 | ${String(m.latencyMs.p50)} ms |`,
    `| block-to-client p99 | ${String(m.latencyMs.p99)} ms |`,
  ];
}

/** The fan-out floor's section: what the sockets and the subscribers' reading cost alone. */
export function floorLines(floor: FloorResult): string[] {
  return [
    '### Fan-out floor: a bare node:http server, the same subscribers',
    '',
    `The same ${String(SUBSCRIBERS)} SSE subscribers and client code, served by bench/servers/bare-sse.ts: one frame of the service's average notification size (${String(floor.notificationChars)} characters of JSON), encoded once and written to every subscriber, ${String(floor.frames)} times one block interval apart; load average ${String(floor.load.before)} before, ${String(floor.load.after)} after. No subscription is parsed, routed or derived: this is what 1,000 loopback sockets and the subscribers' reading cost on this machine before any work of the service, the part of a block-to-client budget no pipeline can have.`,
    '',
    '| measure | value |',
    '|---|---:|',
    ...stageRow('broadcast → first client notified', floor.firstClient),
    ...stageRow('broadcast → last client notified', floor.lastClient),
    `| broadcast-to-client p50 | ${String(floor.latencyMs.p50)} ms |`,
    `| broadcast-to-client p99 | ${String(floor.latencyMs.p99)} ms |`,
  ];
}

export function comparisonLines(
  previous: PreviousReport | undefined,
  modes: readonly ModeResult[],
) {
  if (previous === undefined) {
    return ['No previous report to compare with.'];
  }
  return [
    `Compared with the previous report (${previous.date}, commit ${previous.commit.slice(0, 7)}, load average ${String(previous.load.before)} before, ${String(previous.load.after)} after):`,
    '',
    '| log | previous p50 | previous p99 | now p50 | now p99 |',
    '|---|---:|---:|---:|---:|',
    ...modes.map((m) => {
      const before = previous.byLog[m.log];
      const cell = (v: number | undefined): string =>
        v === undefined ? 'not measured' : `${String(v)} ms`;
      return `| ${m.log} | ${cell(before?.p50)} | ${cell(before?.p99)} | ${String(m.latencyMs.p50)} ms | ${String(m.latencyMs.p99)} ms |`;
    }),
  ];
}

/** The closing explanation of how the latency is measured. */
export function methodLines(): string[] {
  return [
    'Latency is measured from the moment the localnet sealed the masterchain block of a transaction to the',
    'arrival of the first notification that carries it (a trace that goes on in a later block is notified',
    'again whole; the transactions already notified are not timed again): the liteserver answering the',
    "ingestor's held head read, the",
    'PostgreSQL commit, decoding, publishing and the fan-out to every subscriber. The stage rows time the',
    "in-process wake-ups (the ingestor's and the decoder's commits, the publisher's appends) and the",
    "block's first and last notification at a client against the same seals (first to last is the",
    'fan-out to every subscriber of the block); in the mesh, where no stage shares this process, the',
    "commits are timed at the arrival here of the ingestor's `block.indexed` and the decoder's",
    '`txs.decoded` NATS events, and the appends are not timed. The localnet runs in its own process',
    `and seals a round's blocks ${String(BLOCK_INTERVAL_MS)} ms apart (mainnet's block interval), as a real network's`,
    "validators do not share the service's or the liteservers' event loop. toncenter publishes 30–100 ms.",
    'On this shared two-core machine the load average, not the path, dominates the absolute numbers:',
    'compare runs at similar load.',
  ];
}
