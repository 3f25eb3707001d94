/**
 * The fan-out floor of the streaming benchmark: the same SSE subscribers and client as the service's
 * measurements, served by a bare node:http server (bench/servers/bare-sse.ts) that writes one frame of
 * the service's average notification size to every subscriber, once per block interval. Its
 * broadcast-to-client latency is what 1,000 sockets and their reading cost on this machine before any
 * work of the service: the part of the block-to-client budget no pipeline can have.
 */
import { fork } from 'node:child_process';
import { resolve } from 'node:path';
import {
  BLOCK_INTERVAL_MS,
  load1,
  nextMessage,
  ROUNDS,
  sleep,
  SUBSCRIBERS,
} from './streaming.protocol';
import {
  type Arrivals,
  awaitDelivered,
  closeSubscribers,
  deliveredTo,
  openSubscribers,
  type StageLatency,
  stageLatency,
} from './streaming.subscriber';

const BARE_SSE = resolve(__dirname, '..', 'servers', 'bare-sse.js');

/** Block numbers the floor's frames carry: far above any chain's, so no timing mixes with them. */
const FIRST_FRAME = 1_000_000_000;

export interface FloorResult {
  /** The frame's notification JSON, in characters (the service's average notification). */
  readonly notificationChars: number;
  readonly frames: number;
  readonly latencyMs: { readonly p50: number; readonly p99: number; readonly samples: number };
  readonly firstClient: StageLatency;
  readonly lastClient: StageLatency;
  readonly load: { readonly before: number; readonly after: number };
}

/** A `transactions` notification of about `chars` characters naming one transaction of `block`. */
function frameOf(block: number, chars: number): string {
  const json = JSON.stringify({
    type: 'transactions',
    finality: 'finalized',
    transactions: [
      { hash: `floor${String(block)}`, lt: '1', now: 1, mc_block_seqno: block, padding: '' },
    ],
  });
  const padded = json.replace(
    '"padding":""',
    `"padding":"${'x'.repeat(Math.max(0, chars - json.length))}"`,
  );
  return `id: ${String(block)}:0\nevent: event\ndata: ${padded}\n\n`;
}

/** Broadcasts 2 × ROUNDS frames (a round's two blocks) to SUBSCRIBERS subscribers, timing each. */
export async function measureFanOutFloor(notificationChars: number): Promise<FloorResult> {
  const loadBefore = load1();
  const server = fork(BARE_SSE, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    const { url } = await nextMessage(server, 'ready');
    const sentAt = new Map<number, number>();
    const arrivals: Arrivals = { first: new Map(), last: new Map() };
    const subscribers = await openSubscribers(
      SUBSCRIBERS,
      () => ({ url, address: '' }),
      sentAt,
      arrivals,
    );
    const frames = 2 * ROUNDS;
    for (let k = 0; k < frames; k += 1) {
      const block = FIRST_FRAME + k;
      const due = deliveredTo(subscribers) + subscribers.length;
      sentAt.set(block, Date.now());
      server.send({ kind: 'broadcast', frame: frameOf(block, notificationChars) });
      await awaitDelivered(subscribers, due);
      await sleep(BLOCK_INTERVAL_MS);
    }
    return {
      notificationChars,
      frames,
      latencyMs: closeSubscribers(subscribers),
      firstClient: stageLatency(sentAt, arrivals.first),
      lastClient: stageLatency(sentAt, arrivals.last),
      load: { before: loadBefore, after: load1() },
    };
  } finally {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
  }
}
