/** What the streaming benchmark's parent and its two children (streaming.children.ts) share. */
import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import type { PipelineStage } from '@app/nats';

/** The benchmark's size: SSE subscribers, funded wallets, rounds of traffic. */
export const SUBSCRIBERS = Number(process.env.BENCH_STREAM_SUBSCRIBERS ?? 1000);
export const WALLETS = Number(process.env.BENCH_STREAM_WALLETS ?? 20);
export const ROUNDS = Number(process.env.BENCH_STREAM_ROUNDS ?? 10);
/**
 * The pause between the seals of a round: mainnet's block interval since Catchain 2.0
 * (https://docs.ton.org/ecosystem/subsecond). Sealed back to back, the localnet (whose liteservers
 * share its event loop) could not answer the reads of one block while it built the next.
 */
export const BLOCK_INTERVAL_MS = Number(process.env.BENCH_STREAM_BLOCK_MS ?? 400);

/**
 * How the service of one measurement runs: one process with the in-memory log or with JetStream, or
 * the mesh (one process per app, JetStream) with one gateway or with two replicas sharing the
 * subscribers (as a load balancer would spread them).
 */
export type LogMode = 'memory' | 'jetstream' | 'mesh' | 'mesh-2-gateways';

const MODES: readonly LogMode[] = ['memory', 'jetstream', 'mesh', 'mesh-2-gateways'];

export const LOGS: readonly LogMode[] = (process.env.BENCH_STREAM_LOGS ?? MODES.join(','))
  .split(',')
  .map((l) => l.trim())
  .filter((l): l is LogMode => (MODES as readonly string[]).includes(l));

/** The messages the children send to the parent over IPC. */
export type ChildMessage =
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

/** Resolves with the next message of `kind` from `child`. */
export function nextMessage<K extends ChildMessage['kind']>(
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

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/**
 * Resolves once the service at `url` has indexed and decoded `wallet`'s funding (the stream publisher
 * starts from there), and its pipeline has settled.
 */
export async function waitIndexed(url: string, wallet: string): Promise<void> {
  for (;;) {
    const response = await fetch(`${url}/api/v3/transactions?account=${wallet}&limit=1`);
    const body = (await response.json()) as { transactions?: unknown[] };
    if ((body.transactions?.length ?? 0) > 0) {
      break;
    }
    await sleep(200);
  }
  await sleep(2000);
}

/** The 1-minute load average, to two decimals (each measurement records it before and after). */
export const load1 = (): number => Math.round((loadavg()[0] ?? 0) * 100) / 100;
