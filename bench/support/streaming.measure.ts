/**
 * One measurement of the streaming benchmark (bench/streaming.ts): the chain and the service forked
 * (streaming.children.ts), SSE subscribers in this process timing each notification against its
 * block's seal, and the pipeline's stages timed against the same seals.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { PipelineStage } from '@app/nats';
import { type MeshService, startMesh } from './streaming.mesh';
import {
  type Arrivals,
  awaitDelivered,
  closeSubscribers,
  deliveredTo,
  openSubscribers,
  type StageLatency,
  stageLatency,
  type Subscriber,
} from './streaming.subscriber';
import {
  type ChildMessage,
  type LogMode,
  nextMessage,
  load1,
  ROUNDS,
  sleep,
  SUBSCRIBERS,
} from './streaming.protocol';

/** The children's script (compiled beside this one): `--chain` or `--serve`. */
const CHILDREN = resolve(__dirname, 'streaming.children.js');

/** One measurement: the whole service in one process over one log. */
export interface ModeResult {
  readonly log: LogMode;
  readonly openSeconds: number;
  readonly seconds: number;
  readonly delivered: number;
  readonly expected: number;
  readonly eventsPerSecond: number;
  readonly latencyMs: { readonly p50: number; readonly p99: number; readonly samples: number };
  /** The average notification's JSON, in characters. */
  readonly notificationChars: number;
  /**
   * Seal → ingestor commit, → decoder commit, → the block's entries in the log (the in-process
   * wake-ups' timestamps), → the first and the last notification of the block at a client.
   */
  readonly stagesMs: {
    readonly indexed: StageLatency;
    readonly decoded: StageLatency;
    readonly published?: StageLatency;
    readonly firstClient?: StageLatency;
    readonly lastClient?: StageLatency;
  };
  /** 1-minute load average when this measurement started and ended. */
  readonly load: { readonly before: number; readonly after: number };
}

function averageNotificationChars(subscribers: readonly Subscriber[]): number {
  const count = subscribers.reduce((sum, s) => sum + s.notifications, 0);
  const chars = subscribers.reduce((sum, s) => sum + s.notificationChars, 0);
  return count === 0 ? 0 : Math.round(chars / count);
}

/**
 * One measurement: the chain and the service in child processes over `log`, SUBSCRIBERS SSE clients
 * in this process, ROUNDS rounds of traffic paced like a chain.
 */
export async function measure(log: LogMode): Promise<ModeResult> {
  const loadBefore = load1();
  /** The mesh's gateway replicas (none: the service runs in one process). */
  const meshGateways = { memory: 0, jetstream: 0, mesh: 1, 'mesh-2-gateways': 2 }[log];
  const configDir = meshGateways > 0 ? mkdtempSync(join(tmpdir(), 'stream-chain-')) : undefined;
  const globalConfig = configDir === undefined ? '' : join(configDir, 'localnet.config.json');
  const chain = fork(CHILDREN, ['--chain'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, BENCH_STREAM_CONFIG_OUT: globalConfig },
  });
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
  const arrivals: Arrivals = { first: new Map(), last: new Map() };
  chain.on('message', (message: ChildMessage) => {
    if (message.kind === 'sealed' && timing) {
      sealedAt.set(message.seqno, message.at);
    }
  });
  let child: ChildProcess | undefined;
  let mesh: MeshService | undefined;
  try {
    const chainReady = await nextMessage(chain, 'chainReady');
    let urls: readonly string[];
    if (meshGateways > 0) {
      mesh = await startMesh(globalConfig, chainReady.wallets[0] ?? '', stageAt, meshGateways);
      urls = mesh.urls;
    } else {
      child = fork(CHILDREN, ['--serve'], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        // BENCH_STREAM_CPU_PROF=<dir>: the service's CPU profile, for docs/benchmarks.md's breakdown.
        execArgv:
          process.env.BENCH_STREAM_CPU_PROF === undefined
            ? []
            : ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_STREAM_CPU_PROF}`],
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
      urls = [(await nextMessage(child, 'ready')).url];
    }
    const wallets = chainReady.wallets;
    const opened = Date.now();
    const subscribers = await openSubscribers(
      SUBSCRIBERS,
      (i) => ({ url: urls[i % urls.length] ?? '', address: wallets[i % wallets.length] ?? '' }),
      sealedAt,
      arrivals,
    );
    const openSeconds = (Date.now() - opened) / 1000;
    // Each round every wallet sends once and receives once: two traces per wallet.
    const expected = SUBSCRIBERS * 2 * ROUNDS;
    const started = Date.now();
    const delivered = (): number => deliveredTo(subscribers);
    // Rounds are paced like a chain (the next one when the last one reached every client), so the
    // latency is that of the path, not of a backlog the bench itself piled up.
    const base = delivered();
    // Only the rounds' blocks count for the stage times (not the funding before them).
    for (const at of Object.values(stageAt)) {
      at.clear();
    }
    arrivals.first.clear();
    arrivals.last.clear();
    timing = true;
    let busySeconds = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const roundStarted = Date.now();
      chain.send({ kind: 'round' });
      await nextMessage(chain, 'roundDone');
      await awaitDelivered(subscribers, base + SUBSCRIBERS * 2 * (round + 1));
      busySeconds += (Date.now() - roundStarted) / 1000;
      await sleep(500);
    }
    const seconds = (Date.now() - started) / 1000;
    const latencyMs = closeSubscribers(subscribers);
    return {
      log,
      openSeconds,
      seconds,
      delivered: delivered() - base,
      expected,
      // Notifications per second while rounds were being delivered (the pauses left out).
      eventsPerSecond: Math.round((delivered() - base) / busySeconds),
      latencyMs,
      notificationChars: averageNotificationChars(subscribers),
      stagesMs: {
        indexed: stageLatency(sealedAt, stageAt.blockIndexed),
        decoded: stageLatency(sealedAt, stageAt.txsDecoded),
        // The mesh's publisher tells no one in this process when its appends are done.
        ...(meshGateways > 0 ? {} : { published: stageLatency(sealedAt, stageAt.streamPublished) }),
        firstClient: stageLatency(sealedAt, arrivals.first),
        lastClient: stageLatency(sealedAt, arrivals.last),
      },
      load: { before: loadBefore, after: load1() },
    };
  } finally {
    // The service first (it reads the chain), then the chain.
    await mesh?.stop();
    for (const running of [child, chain]) {
      if (running?.exitCode === null) {
        const exited = new Promise((r) => running.once('exit', r));
        running.kill('SIGTERM');
        await exited;
      }
    }
    if (configDir !== undefined) {
      rmSync(configDir, { recursive: true, force: true });
    }
  }
}
