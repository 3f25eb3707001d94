/**
 * The benchmark's SSE subscribers (bench/streaming.ts): each times every `transactions` notification
 * against the moment its block was sealed (or, for the fan-out floor, broadcast).
 */
import { Agent, type IncomingMessage, request } from 'node:http';
import { percentile } from './latency';
import { sleep } from './streaming.protocol';

export interface Subscriber {
  notifications: number;
  /** The notifications' JSON, in characters (their average sizes the fan-out floor's frame). */
  notificationChars: number;
  readonly latencies: number[];
  readonly response: IncomingMessage;
  /**
   * Transactions already notified: a trace that goes on in a later block is notified again whole
   * (its snapshot), and a transaction is timed once, when it first reaches the subscriber.
   */
  readonly seen: Set<string>;
}

/**
 * Each transaction of a `transactions` notification, as its hash and its masterchain block (the
 * contract's key order: hash, lt, now, mc_block_seqno), read with a pattern rather than JSON.parse:
 * the subscribers share the service's two cores, and parsing 1,000 copies of every notification
 * would be the measuring client's cost counted as the service's latency.
 */
const TRANSACTION = /"hash":"([A-Za-z0-9+/=]+)","lt":"\d+","now":\d+,"mc_block_seqno":(\d+)/g;

/** When each block's notifications first and last reached a subscriber. */
export interface Arrivals {
  readonly first: Map<number, number>;
  readonly last: Map<number, number>;
}

/** One SSE subscription; every `transactions` notification is timed against its block's seal. */
export function subscribe(
  url: string,
  agent: Agent,
  address: string,
  sealedAt: ReadonlyMap<number, number>,
  arrivals: Arrivals,
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
      const subscriber: Subscriber = {
        notifications: 0,
        notificationChars: 0,
        latencies: [],
        response,
        seen: new Set(),
      };
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
          subscriber.notifications += 1;
          subscriber.notificationChars += data.length - 'data: '.length;
          for (const [, hash = '', mcSeqno = ''] of data.matchAll(TRANSACTION)) {
            if (subscriber.seen.has(hash)) {
              continue;
            }
            subscriber.seen.add(hash);
            const seqno = Number(mcSeqno);
            const sealed = sealedAt.get(seqno);
            if (sealed !== undefined) {
              subscriber.latencies.push(now - sealed);
              if (!arrivals.first.has(seqno)) {
                arrivals.first.set(seqno, now);
              }
              arrivals.last.set(seqno, Math.max(now, arrivals.last.get(seqno) ?? 0));
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

/** Milliseconds from a masterchain block's seal to a point of the path: p50 and p99 over blocks. */
export interface StageLatency {
  readonly p50: number;
  readonly p99: number;
  readonly blocks: number;
}

/** Seal → `at` per block, p50 and p99 over the blocks timed at both ends. */
export function stageLatency(
  sealedAt: ReadonlyMap<number, number>,
  at: ReadonlyMap<number, number>,
): StageLatency {
  const ms = [...at]
    .flatMap(([seqno, t]) => {
      const sealed = sealedAt.get(seqno);
      return sealed === undefined ? [] : [t - sealed];
    })
    .sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p99: percentile(ms, 99), blocks: ms.length };
}

/**
 * Opens `count` subscriptions, 50 at a time (a burst of 1,000 connects would be refused by the
 * listen backlog): the i-th to `target(i)`'s url for its address.
 */
export async function openSubscribers(
  count: number,
  target: (i: number) => { readonly url: string; readonly address: string },
  sealedAt: ReadonlyMap<number, number>,
  arrivals: Arrivals,
): Promise<Subscriber[]> {
  const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const subscribers: Subscriber[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = Array.from({ length: Math.min(50, count - i) }, (_, j) => {
      const { url, address } = target(i + j);
      return subscribe(url, agent, address, sealedAt, arrivals);
    });
    subscribers.push(...(await Promise.all(batch)));
  }
  return subscribers;
}

/** Notifications the subscribers have received so far. */
export function deliveredTo(subscribers: readonly Subscriber[]): number {
  return subscribers.reduce((sum, s) => sum + s.notifications, 0);
}

/** Waits until `due` notifications have arrived in all (at most a minute: a lost one is reported). */
export async function awaitDelivered(
  subscribers: readonly Subscriber[],
  due: number,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (deliveredTo(subscribers) < due && Date.now() < deadline) {
    await sleep(10);
  }
}

/** Closes every subscription; its latencies' p50, p99 and count. */
export function closeSubscribers(subscribers: readonly Subscriber[]): {
  readonly p50: number;
  readonly p99: number;
  readonly samples: number;
} {
  const latencies = subscribers.flatMap((s) => s.latencies).sort((a, b) => a - b);
  for (const s of subscribers) {
    s.response.destroy();
  }
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    samples: latencies.length,
  };
}
