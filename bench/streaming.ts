/**
 * Benchmark: the Streaming API v2 with many subscribers. Writes
 * bench/reports/streaming.{md,json}. Not a test. Run:
 *   scripts/build-to.sh .tmp/bench && node .tmp/bench/bench/run.js streaming
 *
 * A child process (this file with `--serve`) runs a manual-mode genesis localnet, funds
 * BENCH_STREAM_WALLETS wallets and starts the whole service in one process (live ingestor, decoder,
 * stream publisher, gateway; in-memory stream log, or JetStream with BENCH_STREAM_NATS=1). The parent
 * opens BENCH_STREAM_SUBSCRIBERS SSE subscriptions (each to one wallet's `transactions`, finalized),
 * then asks for BENCH_STREAM_ROUNDS rounds of traffic (every wallet pays the next one). The child
 * reports when each masterchain block was sealed; a notification's latency is its arrival time minus
 * the seal time of the masterchain block its transactions are in (block-to-client, the whole path:
 * liteserver → ingestor → PostgreSQL → decoder → publisher → log → gateway → client).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { Agent, type IncomingMessage, request } from 'node:http';
import { createLogger } from '@app/observability';
import { createTestDatabase, natsUrl } from '@app/testing';
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

/** toncenter's published Streaming API latency is 30–100 ms from chain event to client. */
const TARGET_P99_MS = 100;

type ChildMessage =
  | { readonly kind: 'ready'; readonly url: string; readonly wallets: readonly string[] }
  | { readonly kind: 'sealed'; readonly seqno: number; readonly at: number }
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
          const sealed = sealedAt.get(event.transactions?.[0]?.mc_block_seqno ?? -1);
          if (sealed !== undefined) {
            subscriber.latencies.push(now - sealed);
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

export async function runStreamingBench(): Promise<string> {
  const ctx = runContext();
  const child = fork(__filename, ['--serve'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const sealedAt = new Map<number, number>();
  child.on('message', (message: ChildMessage) => {
    if (message.kind === 'sealed') {
      sealedAt.set(message.seqno, message.at);
    }
  });
  try {
    const ready = await nextMessage(child, 'ready');
    const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
    const opened = Date.now();
    const subscribers: Subscriber[] = [];
    for (let i = 0; i < SUBSCRIBERS; i += 50) {
      const batch = Array.from({ length: Math.min(50, SUBSCRIBERS - i) }, (_, j) =>
        subscribe(ready.url, agent, ready.wallets[(i + j) % ready.wallets.length] ?? '', sealedAt),
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
    let busySeconds = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const roundStarted = Date.now();
      child.send({ kind: 'round' });
      await nextMessage(child, 'roundDone');
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
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    // Notifications per second while rounds were being delivered (the pauses between them left out).
    const eventsPerSecond = Math.round((delivered() - base) / busySeconds);
    for (const s of subscribers) {
      s.response.destroy();
    }
    const targets = [
      target('subscribers served at once', subscribers.length, 'connections', '>=', 1000),
      target(
        'notifications delivered of those due',
        delivered() - base,
        'notifications',
        '>=',
        expected,
      ),
      target('block-to-client p99', p99, 'ms', '<=', TARGET_P99_MS),
    ];
    const head = reportHead(ctx, targets);
    const markdown = [
      '# Streaming API v2: many subscribers',
      '',
      headLines(head),
      '',
      targetsTable(targets),
      '',
      `${String(SUBSCRIBERS)} SSE subscribers over ${String(WALLETS)} wallets (opened in ${openSeconds.toFixed(1)} s), ${String(ROUNDS)} rounds of traffic, single process (${process.env.BENCH_STREAM_NATS === '1' ? 'JetStream' : 'in-memory'} log).`,
      '',
      '| measure | value |',
      '|---|---:|',
      `| notifications delivered | ${String(delivered() - base)} of ${String(expected)} (in ${seconds.toFixed(1)} s) |`,
      `| events/s delivered | ${String(eventsPerSecond)} |`,
      `| block-to-client p50 | ${String(p50)} ms |`,
      `| block-to-client p99 | ${String(p99)} ms |`,
      '',
      'Latency is measured from the moment the localnet sealed the masterchain block to the arrival of the',
      "notification at the client, so it includes the ingestor's polling of the liteserver, the",
      'PostgreSQL commit, decoding and publishing. toncenter publishes 30–100 ms.',
    ].join('\n');
    return writeReport('streaming', markdown, head, {
      subscribers: SUBSCRIBERS,
      wallets: WALLETS,
      rounds: ROUNDS,
      log: process.env.BENCH_STREAM_NATS === '1' ? 'jetstream' : 'memory',
      openSeconds,
      seconds,
      delivered: delivered() - base,
      expected,
      eventsPerSecond,
      latencyMs: { p50, p99, samples: latencies.length },
    });
  } finally {
    child.kill('SIGTERM');
  }
}

/** The child: localnet + the whole service; seals on request and tells when each block was sealed. */
async function serve(): Promise<void> {
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
  const db = await createTestDatabase({ prefix: 'bench_stream' });
  const app = await createStandaloneApp({
    ...(process.env.BENCH_STREAM_NATS === '1'
      ? { natsUrl: natsUrl(), subjectPrefix: `bench-${String(process.pid)}` }
      : {}),
    natsRequestTimeoutMs: 10_000,
    endpoints: localnet.liteservers.map((ls) => ls.endpoint),
    liteserverTimeoutMs: 3000,
    databaseUrl: db.url,
    ingest: { follow: true, startSeqno: 1, window: 8, readyLag: 30 },
    // Every subscriber connects from 127.0.0.1 without a key.
    streaming: {
      ...DEFAULT_STREAMING,
      anonymousConnections: SUBSCRIBERS + 10,
      anonymousAddresses: SUBSCRIBERS * 2,
    },
    logger: createLogger({ app: 'bench', level: 'warn' }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = await app.getUrl();
  const [first] = traffic.addresses;
  // Indexed and decoded up to the funding: the stream publisher starts from there.
  for (;;) {
    const response = await fetch(`${url}/api/v3/transactions?account=${first ?? ''}&limit=1`);
    const body = (await response.json()) as { transactions?: unknown[] };
    if ((body.transactions?.length ?? 0) > 0) {
      break;
    }
    await sleep(200);
  }
  await sleep(2000);
  process.on('message', (message: { kind: string }) => {
    if (message.kind === 'round') {
      void traffic.round().then(() => {
        send({ kind: 'roundDone' });
      });
    }
  });
  process.once('SIGTERM', () => {
    void (async () => {
      await app.close();
      await db.drop();
      await localnet.stop();
      process.exit(0);
    })();
  });
  send({ kind: 'ready', url, wallets: traffic.addresses });
}

if (process.argv.includes('--serve')) {
  serve().catch((error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  });
}
