/**
 * Benchmark: the Streaming API v2 with many subscribers. Writes
 * bench/reports/streaming.{md,json}. Not a test. Run:
 *   scripts/build-to.sh .tmp/bench && node .tmp/bench/bench/run.js streaming
 *
 * For each log of BENCH_STREAM_LOGS (default `memory,jetstream`) two child processes run (this file):
 * the chain (`--chain`: a manual-mode genesis localnet with BENCH_STREAM_WALLETS funded wallets, which
 * seals and signs the traffic) and the whole service in one process (`--serve`: live ingestor,
 * decoder, stream publisher, gateway; the in-memory stream log without NATS, or JetStream over NATS),
 * reading the chain through its liteservers as it would a real network's. The chain has a process of
 * its own because sealing (emulation, signatures, block building) would otherwise stall the service's
 * event loop for the length of each seal and be counted as the service's latency. The parent opens
 * BENCH_STREAM_SUBSCRIBERS SSE subscriptions (each to one wallet's `transactions`, finalized), then
 * asks for BENCH_STREAM_ROUNDS rounds of traffic (every wallet pays the next one). The chain reports
 * when each masterchain block was sealed; a notification's latency is its arrival time minus the seal
 * time of the masterchain block its transactions are in (block-to-client, the whole path: liteserver
 * → ingestor → PostgreSQL → decoder → publisher → log → gateway → client). The service reports when
 * the ingestor, the decoder and the stream publisher were done with each block (PipelineSignals), so
 * the report splits the latency by stage. The new report is compared with the previous one.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, type IncomingMessage, request } from 'node:http';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { PIPELINE_SIGNALS, type PipelineSignals, type PipelineStage } from '@app/nats';
import { createLogger } from '@app/observability';
import { createTestDatabase, natsUrl } from '@app/testing';
import { installFastBitOps, installNativeSha256 } from '@app/ton';
import { DEFAULT_PROTECTION } from '../apps/gateway/src/edge/protection/protection.options';
import { DEFAULT_STREAMING } from '../apps/gateway/src/streaming/streaming.options';
import { startLocalnet } from '../apps/localnet/src/localnet';
import { createStandaloneApp } from '../apps/standalone/src/standalone-app';
import { WalletTraffic } from '../test/integration/ingestor/ingest-traffic';
import {
  headLines,
  reportHead,
  runContext,
  target,
  targetsTable,
  writeReport,
} from './support/report';

const SUBSCRIBERS = Number(process.env.BENCH_STREAM_SUBSCRIBERS ?? 1000);
const WALLETS = Number(process.env.BENCH_STREAM_WALLETS ?? 20);
const ROUNDS = Number(process.env.BENCH_STREAM_ROUNDS ?? 10);
/**
 * The pause between the seals of a round: mainnet's block interval since Catchain 2.0
 * (https://docs.ton.org/ecosystem/subsecond). Sealed back to back, the localnet (whose liteservers
 * share its event loop) could not answer the reads of one block while it built the next.
 */
const BLOCK_INTERVAL_MS = Number(process.env.BENCH_STREAM_BLOCK_MS ?? 400);

/** toncenter's published Streaming API latency is 30–100 ms from chain event to client. */
const TARGET_P99_MS = 100;

type ChildMessage =
  | {
      readonly kind: 'chainReady';
      readonly liteservers: string;
      readonly wallets: readonly string[];
    }
  | { readonly kind: 'ready'; readonly url: string }
  | { readonly kind: 'sealed'; readonly seqno: number; readonly at: number }
  | {
      readonly kind: 'stage';
      readonly stage: PipelineStage;
      readonly seqno: number;
      readonly at: number;
    }
  | { readonly kind: 'roundDone' };

interface Subscriber {
  notifications: number;
  readonly latencies: number[];
  readonly response: IncomingMessage;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) {
    return 0;
  }
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** One SSE subscription; every `transactions` notification is timed against its block's seal. */
function subscribe(
  url: string,
  agent: Agent,
  address: string,
  sealedAt: ReadonlyMap<number, number>,
  firstArrival: Map<number, number>,
): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/streaming/v2/sse`, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    });
    req.once('error', reject);
    req.once('response', (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`subscription refused: ${String(response.statusCode)}`));
        return;
      }
      const subscriber: Subscriber = { notifications: 0, latencies: [], response };
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (text: string) => {
        const now = Date.now();
        buffer += text;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const data = frame.split('\n').find((l) => l.startsWith('data: '));
          if (data === undefined || !frame.includes('event: event')) {
            continue;
          }
          const event = JSON.parse(data.slice(6)) as {
            transactions?: { mc_block_seqno: number }[];
          };
          subscriber.notifications += 1;
          const seqno = event.transactions?.[0]?.mc_block_seqno ?? -1;
          const sealed = sealedAt.get(seqno);
          if (sealed !== undefined) {
            subscriber.latencies.push(now - sealed);
            if (!firstArrival.has(seqno)) {
              firstArrival.set(seqno, now);
            }
          }
        }
      });
      resolve(subscriber);
    });
    req.end(
      JSON.stringify({ types: ['transactions'], addresses: [address], min_finality: 'finalized' }),
    );
  });
}

function nextMessage<K extends ChildMessage['kind']>(
  child: ChildProcess,
  kind: K,
): Promise<Extract<ChildMessage, { kind: K }>> {
  return new Promise((resolve) => {
    const listener = (message: ChildMessage): void => {
      if (message.kind === kind) {
        child.off('message', listener);
        resolve(message as Extract<ChildMessage, { kind: K }>);
      }
    };
    child.on('message', listener);
  });
}

/** Which log (and with it which transport) the service of one measurement uses. */
type LogMode = 'memory' | 'jetstream';

/** Milliseconds from a masterchain block's seal to a point of the path: p50 and p99 over blocks. */
interface StageLatency {
  readonly p50: number;
  readonly p99: number;
  readonly blocks: number;
}

/** One measurement: the whole service in one process over one log. */
interface ModeResult {
  readonly log: LogMode;
  readonly openSeconds: number;
  readonly seconds: number;
  readonly delivered: number;
  readonly expected: number;
  readonly eventsPerSecond: number;
  readonly latencyMs: { readonly p50: number; readonly p99: number; readonly samples: number };
  /**
   * Seal → ingestor commit, → decoder commit, → the block's entries in the log (the in-process
   * wake-ups' timestamps), → the first notification of the block at a client.
   */
  readonly stagesMs: {
    readonly indexed: StageLatency;
    readonly decoded: StageLatency;
    readonly published?: StageLatency;
    readonly firstClient?: StageLatency;
  };
  /** 1-minute load average when this measurement started and ended. */
  readonly load: { readonly before: number; readonly after: number };
}

/** The previous report's numbers per log (reports before both logs were measured held one). */
interface PreviousReport {
  readonly date: string;
  readonly commit: string;
  readonly load: { readonly before: number; readonly after: number };
  readonly byLog: Partial<Record<LogMode, { readonly p50: number; readonly p99: number }>>;
}

const LOGS: readonly LogMode[] = (process.env.BENCH_STREAM_LOGS ?? 'memory,jetstream')
  .split(',')
  .map((l) => l.trim())
  .filter((l): l is LogMode => l === 'memory' || l === 'jetstream');

const load1 = (): number => Math.round((loadavg()[0] ?? 0) * 100) / 100;

function stageLatency(sealedAt: ReadonlyMap<number, number>, at: ReadonlyMap<number, number>) {
  const ms = [...at]
    .flatMap(([seqno, t]) => {
      const sealed = sealedAt.get(seqno);
      return sealed === undefined ? [] : [t - sealed];
    })
    .sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p99: percentile(ms, 99), blocks: ms.length };
}

function readPrevious(): PreviousReport | undefined {
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

async function measure(log: LogMode): Promise<ModeResult> {
  const loadBefore = load1();
  const chain = fork(__filename, ['--chain'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  /**
   * The seal times of the rounds' blocks only: blocks sealed before (the funding, which the service
   * catches up on while subscribers connect) are not timed, wherever their notifications arrive.
   */
  const sealedAt = new Map<number, number>();
  let timing = false;
  const stageAt: Record<PipelineStage, Map<number, number>> = {
    blockIndexed: new Map(),
    txsDecoded: new Map(),
    streamPublished: new Map(),
  };
  const firstArrival = new Map<number, number>();
  chain.on('message', (message: ChildMessage) => {
    if (message.kind === 'sealed' && timing) {
      sealedAt.set(message.seqno, message.at);
    }
  });
  let child: ChildProcess | undefined;
  try {
    const chainReady = await nextMessage(chain, 'chainReady');
    child = fork(__filename, ['--serve'], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: {
        ...process.env,
        BENCH_STREAM_NATS: log === 'jetstream' ? '1' : '0',
        BENCH_STREAM_LITESERVERS: chainReady.liteservers,
        BENCH_STREAM_FIRST_WALLET: chainReady.wallets[0] ?? '',
      },
    });
    child.on('message', (message: ChildMessage) => {
      if (message.kind === 'stage') {
        stageAt[message.stage].set(message.seqno, message.at);
      }
    });
    const ready = { ...(await nextMessage(child, 'ready')), wallets: chainReady.wallets };
    const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
    const opened = Date.now();
    const subscribers: Subscriber[] = [];
    for (let i = 0; i < SUBSCRIBERS; i += 50) {
      const batch = Array.from({ length: Math.min(50, SUBSCRIBERS - i) }, (_, j) =>
        subscribe(
          ready.url,
          agent,
          ready.wallets[(i + j) % ready.wallets.length] ?? '',
          sealedAt,
          firstArrival,
        ),
      );
      subscribers.push(...(await Promise.all(batch)));
    }
    const openSeconds = (Date.now() - opened) / 1000;
    // Each round every wallet sends once and receives once: two traces per wallet.
    const expected = SUBSCRIBERS * 2 * ROUNDS;
    const started = Date.now();
    const delivered = (): number => subscribers.reduce((s, x) => s + x.notifications, 0);
    // Rounds are paced like a chain (the next one when the last one reached every client), so the
    // latency is that of the path, not of a backlog the bench itself piled up.
    const base = delivered();
    // Only the rounds' blocks count for the stage times (not the funding before them).
    for (const at of Object.values(stageAt)) {
      at.clear();
    }
    firstArrival.clear();
    timing = true;
    let busySeconds = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const roundStarted = Date.now();
      chain.send({ kind: 'round' });
      await nextMessage(chain, 'roundDone');
      const due = base + SUBSCRIBERS * 2 * (round + 1);
      const deadline = Date.now() + 60_000;
      while (delivered() < due && Date.now() < deadline) {
        await sleep(10);
      }
      busySeconds += (Date.now() - roundStarted) / 1000;
      await sleep(500);
    }
    const seconds = (Date.now() - started) / 1000;
    const latencies = subscribers.flatMap((s) => s.latencies).sort((a, b) => a - b);
    for (const s of subscribers) {
      s.response.destroy();
    }
    return {
      log,
      openSeconds,
      seconds,
      delivered: delivered() - base,
      expected,
      // Notifications per second while rounds were being delivered (the pauses left out).
      eventsPerSecond: Math.round((delivered() - base) / busySeconds),
      latencyMs: {
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        samples: latencies.length,
      },
      stagesMs: {
        indexed: stageLatency(sealedAt, stageAt.blockIndexed),
        decoded: stageLatency(sealedAt, stageAt.txsDecoded),
        published: stageLatency(sealedAt, stageAt.streamPublished),
        firstClient: stageLatency(sealedAt, firstArrival),
      },
      load: { before: loadBefore, after: load1() },
    };
  } finally {
    // The service first (it reads the chain), then the chain.
    for (const running of [child, chain]) {
      if (running?.exitCode === null) {
        const exited = new Promise((r) => running.once('exit', r));
        running.kill('SIGTERM');
        await exited;
      }
    }
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

function modeLines(m: ModeResult): string[] {
  const name = m.log === 'jetstream' ? 'JetStream log (NATS)' : 'in-memory log (no NATS)';
  return [
    `### Single process, ${name}`,
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
    `| block-to-client p50 | ${String(m.latencyMs.p50)} ms |`,
    `| block-to-client p99 | ${String(m.latencyMs.p99)} ms |`,
  ];
}

function comparisonLines(previous: PreviousReport | undefined, modes: readonly ModeResult[]) {
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

export async function runStreamingBench(): Promise<string> {
  const ctx = runContext();
  const previous = readPrevious();
  const modes: ModeResult[] = [];
  for (const log of LOGS) {
    modes.push(await measure(log));
  }
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
    ...comparisonLines(previous, modes),
    '',
    'Latency is measured from the moment the localnet sealed the masterchain block to the arrival of the',
    "notification at the client: the liteserver answering the ingestor's held head read, the",
    'PostgreSQL commit, decoding, publishing and the fan-out to every subscriber. The stage rows time the',
    "in-process wake-ups (the ingestor's and the decoder's commits, the publisher's appends) and the",
    "block's first notification at a client against the same seals. The localnet runs in its own process",
    `and seals a round's blocks ${String(BLOCK_INTERVAL_MS)} ms apart (mainnet's block interval), as a real network's`,
    "validators do not share the service's or the liteservers' event loop. toncenter publishes 30–100 ms.",
    'On this shared two-core machine the load average, not the path, dominates the absolute numbers:',
    'compare runs at similar load.',
  ].join('\n');
  return writeReport('streaming', markdown, head, {
    subscribers: SUBSCRIBERS,
    wallets: WALLETS,
    rounds: ROUNDS,
    modes,
    previous: previous ?? null,
  });
}

/** The chain's child: the localnet and its wallets; seals on request and tells when each block was. */
async function runChain(): Promise<void> {
  const send = (message: ChildMessage): void => {
    process.send?.(message);
  };
  const localnet = await startLocalnet({ seed: 'genesis', mode: 'manual' });
  localnet.chain.onBlock((block) => {
    if (block.id.workchain === -1) {
      send({ kind: 'sealed', seqno: block.id.seqno, at: Date.now() });
    }
  });
  const traffic = await WalletTraffic.fund(localnet, WALLETS, 'stream-bench');
  await traffic.round();
  // A round: the transfers, then blocks one interval apart until every message has landed.
  const round = async (): Promise<void> => {
    await traffic.send();
    for (let blocks = 0; localnet.chain.pending > 0 && blocks < 64; blocks += 1) {
      if (blocks > 0) {
        await sleep(BLOCK_INTERVAL_MS);
      }
      await localnet.chain.seal();
    }
  };
  process.on('message', (message: { kind: string }) => {
    if (message.kind === 'round') {
      void round().then(() => {
        send({ kind: 'roundDone' });
      });
    }
  });
  process.once('SIGTERM', () => {
    void localnet.stop().then(() => process.exit(0));
  });
  const liteservers = localnet.liteservers.map(({ endpoint }) => ({
    host: endpoint.host,
    port: endpoint.port,
    publicKey: endpoint.publicKey.toString('base64'),
  }));
  send({
    kind: 'chainReady',
    liteservers: JSON.stringify(liteservers),
    wallets: traffic.addresses,
  });
}

/** The service's child: the whole service in one process over the chain's liteservers. */
async function serve(): Promise<void> {
  const send = (message: ChildMessage): void => {
    process.send?.(message);
  };
  const endpoints = (
    JSON.parse(process.env.BENCH_STREAM_LITESERVERS ?? '[]') as {
      host: string;
      port: number;
      publicKey: string;
    }[]
  ).map((e) => ({ host: e.host, port: e.port, publicKey: Buffer.from(e.publicKey, 'base64') }));
  const db = await createTestDatabase({ prefix: 'bench_stream' });
  const app = await createStandaloneApp({
    ...(process.env.BENCH_STREAM_NATS === '1'
      ? { natsUrl: natsUrl(), subjectPrefix: `bench-${String(process.pid)}` }
      : {}),
    natsRequestTimeoutMs: 10_000,
    endpoints,
    liteserverTimeoutMs: 3000,
    databaseUrl: db.url,
    ingest: { follow: true, startSeqno: 1, window: 8, readyLag: 30 },
    // The path is measured, not the shedding of a host other work starves (a shared machine's event
    // loop lags by seconds at times, and SSE subscriptions would be refused with 503).
    protection: { ...DEFAULT_PROTECTION, shedEventLoopDelayMs: 0 },
    // Every subscriber connects from 127.0.0.1 without a key.
    streaming: {
      ...DEFAULT_STREAMING,
      anonymousConnections: SUBSCRIBERS + 10,
      anonymousAddresses: SUBSCRIBERS * 2,
    },
    logger: createLogger({ app: 'bench', level: 'warn' }),
  });
  const signals = app.get<PipelineSignals>(PIPELINE_SIGNALS);
  for (const stage of ['blockIndexed', 'txsDecoded', 'streamPublished'] as const) {
    signals.on(stage, (seqno) => {
      send({ kind: 'stage', stage, seqno, at: Date.now() });
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = await app.getUrl();
  const first = process.env.BENCH_STREAM_FIRST_WALLET ?? '';
  // Indexed and decoded up to the funding: the stream publisher starts from there.
  for (;;) {
    const response = await fetch(`${url}/api/v3/transactions?account=${first}&limit=1`);
    const body = (await response.json()) as { transactions?: unknown[] };
    if ((body.transactions?.length ?? 0) > 0) {
      break;
    }
    await sleep(200);
  }
  await sleep(2000);
  process.once('SIGTERM', () => {
    void (async () => {
      await app.close();
      await db.drop();
      process.exit(0);
    })();
  });
  send({ kind: 'ready', url });
}

if (process.argv.includes('--chain') || process.argv.includes('--serve')) {
  // The children run the localnet or the services: installed at their start as theirs are.
  installNativeSha256();
  installFastBitOps();
}
if (process.argv.includes('--chain')) {
  runChain().catch((error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  });
} else if (process.argv.includes('--serve')) {
  serve().catch((error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  });
}
