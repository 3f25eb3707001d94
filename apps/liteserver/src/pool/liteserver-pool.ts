import { type LiteserverEndpoint } from '@app/ton';
import { LiteClient, LiteSingleEngine } from 'ton-lite-client';
import {
  LiteserverTimeoutError,
  isTransportFailure,
  liteserverAnswerError,
  liteserverTimeout,
  noLiteservers,
} from './liteserver-errors';

export interface LiteserverPoolOptions {
  /** Per-query deadline. */
  readonly timeoutMs: number;
  /** How many different liteservers one request may try when transport fails. */
  readonly attempts: number;
  /** How often every liteserver is probed with getMasterchainInfo. */
  readonly probeIntervalMs: number;
  /**
   * A liteserver more than this many masterchain blocks behind the best one is not used
   * (toncenter 2.1 tonlib-multiclient: alive iff seqno >= consensus - 3).
   */
  readonly maxLagBlocks: number;
}

export interface LiteserverPoolObserver {
  queryFinished(server: number, method: string, seconds: number, outcome: QueryOutcome): void;
  healthChanged(server: number, alive: boolean, lastSeqno: number): void;
}

export type QueryOutcome = 'ok' | 'error' | 'timeout' | 'transport';

export interface LiteserverHealth {
  readonly index: number;
  readonly connected: boolean;
  readonly alive: boolean;
  readonly lastSeqno: number;
}

interface PoolEntry {
  readonly index: number;
  readonly endpoint: LiteserverEndpoint;
  readonly engine: LiteSingleEngine;
  readonly client: LiteClient;
  lastSeqno: number;
  /** Answered the last probe and is not lagging. Unknown (true) until the first probe. */
  alive: boolean;
}

export interface PooledResult<T> {
  readonly value: T;
  /** Index of the liteserver (in the global config) that answered. */
  readonly server: number;
}

/**
 * One ton-lite-client engine per liteserver of the network's config, used round robin among the
 * live ones. A liteserver is live while it answers the periodic probe and is at most `maxLagBlocks`
 * behind the best, so a lagging server never serves head reads. A transport failure or timeout moves
 * the request to the next live liteserver; the liteserver's own error answer is final.
 */
export class LiteserverPool {
  private readonly entries: PoolEntry[];
  private cursor = 0;
  private probeTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    endpoints: readonly LiteserverEndpoint[],
    private readonly options: LiteserverPoolOptions,
    private readonly observer?: LiteserverPoolObserver,
  ) {
    this.entries = endpoints.map((endpoint, index) => {
      const engine = new LiteSingleEngine({
        host: `tcp://${endpoint.host}:${endpoint.port}`,
        publicKey: endpoint.publicKey,
        // The engine's default is 10 s; a restarted liteserver should be back within a probe or two.
        reconnectTimeout: 1000,
      });
      // The engine emits 'error' on connection failures; without a listener Node would throw.
      engine.on('error', () => undefined);
      return {
        index,
        endpoint,
        engine,
        client: new LiteClient({ engine }),
        lastSeqno: 0,
        alive: true,
      };
    });
  }

  get size(): number {
    return this.entries.length;
  }

  /** Starts probing; resolves once one liteserver is connected or after `waitMs`. */
  async start(waitMs = 5000): Promise<void> {
    this.probeTimer = setInterval(() => void this.probe(), this.options.probeIntervalMs);
    this.probeTimer.unref();
    const deadline = Date.now() + waitMs;
    while (!this.closed && Date.now() < deadline && !this.entries.some((e) => e.engine.isReady())) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await this.probe();
  }

  close(): void {
    this.closed = true;
    if (this.probeTimer) {
      clearInterval(this.probeTimer);
    }
    for (const entry of this.entries) {
      entry.engine.close();
    }
  }

  health(): LiteserverHealth[] {
    return this.entries.map((e) => ({
      index: e.index,
      connected: e.engine.isReady(),
      alive: e.alive && e.engine.isReady(),
      lastSeqno: e.lastSeqno,
    }));
  }

  /** True when at least one liteserver can take requests (the readiness check). */
  isServing(): boolean {
    return this.entries.some((e) => e.alive && e.engine.isReady());
  }

  /** Runs `operation` on a live liteserver, moving to the next one when transport fails. */
  async execute<T>(
    method: string,
    operation: (client: LiteClient) => Promise<T>,
  ): Promise<PooledResult<T>> {
    const tried = new Set<number>();
    let lastTransportError: unknown;
    for (let attempt = 0; attempt < this.options.attempts; attempt++) {
      const entry = this.pick(tried);
      if (!entry) {
        break;
      }
      tried.add(entry.index);
      const started = process.hrtime.bigint();
      try {
        const value = await this.withTimeout(operation(entry.client));
        this.finished(entry, method, started, 'ok');
        return { value, server: entry.index };
      } catch (error) {
        if (!isTransportFailure(error)) {
          this.finished(entry, method, started, 'error');
          throw liteserverAnswerError(error);
        }
        const timedOut = error instanceof LiteserverTimeoutError || isTimeoutMessage(error);
        this.finished(entry, method, started, timedOut ? 'timeout' : 'transport');
        lastTransportError = error;
      }
    }
    if (lastTransportError === undefined) {
      throw noLiteservers();
    }
    throw isTimeoutError(lastTransportError) ? liteserverTimeout() : noLiteservers();
  }

  private pick(exclude: ReadonlySet<number>): PoolEntry | undefined {
    const candidates = this.entries.filter(
      (e) => !exclude.has(e.index) && e.alive && e.engine.isReady(),
    );
    if (candidates.length === 0) {
      return undefined;
    }
    this.cursor = (this.cursor + 1) % candidates.length;
    return candidates[this.cursor];
  }

  private withTimeout<T>(promise: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new LiteserverTimeoutError(this.options.timeoutMs));
      }, this.options.timeoutMs);
      promise.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  private finished(entry: PoolEntry, method: string, started: bigint, outcome: QueryOutcome): void {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    this.observer?.queryFinished(entry.index, method, seconds, outcome);
  }

  /** Probes every connected liteserver and recomputes who is live. */
  private async probe(): Promise<void> {
    await Promise.all(
      this.entries.map(async (entry) => {
        if (!entry.engine.isReady()) {
          entry.alive = false;
          return;
        }
        try {
          const info = await this.withTimeout(entry.client.getMasterchainInfo());
          entry.lastSeqno = info.last.seqno;
          entry.alive = true;
        } catch {
          entry.alive = false;
        }
      }),
    );
    const best = Math.max(0, ...this.entries.filter((e) => e.alive).map((e) => e.lastSeqno));
    for (const entry of this.entries) {
      if (entry.alive && entry.lastSeqno < best - this.options.maxLagBlocks) {
        entry.alive = false;
      }
      this.observer?.healthChanged(entry.index, entry.alive, entry.lastSeqno);
    }
  }

  /**
   * The masterchain seqno the live liteservers have reached, as last probed (tonlib-multiclient's
   * consensus block: the best seqno among live workers), or undefined when none is live. Read-only;
   * serves v2 getConsensusBlock.
   */
  consensusSeqno(): number | undefined {
    const live = this.entries.filter((e) => e.alive && e.engine.isReady());
    return live.length === 0 ? undefined : Math.max(...live.map((e) => e.lastSeqno));
  }
}

function isTimeoutMessage(error: unknown): boolean {
  return error instanceof Error && error.message === 'Timeout';
}

function isTimeoutError(error: unknown): boolean {
  return error instanceof LiteserverTimeoutError || isTimeoutMessage(error);
}
