import { type LiteserverEndpoint, type ProofBlockId, type ProofFailure } from '@app/ton';
import { LiteClient } from 'ton-lite-client';
import { AdnlLiteEngine } from './adnl-lite-engine';
import { HeadCheckedEngine } from './head-checked-engine';
import { ChainVerifier } from './trust/chain-verifier';
import { VerifyingEngine } from './trust/verifying-engine';
import { NetworkIdentity } from './trust/network-identity';
import { LiteserverCache } from './liteserver-cache';
import { BlockPace } from './block-pace';
import { LiteserverLaggingError, classifyFailure, isRetryable } from './liteserver-errors';
import { type PoolEntry } from './pool-entry';
import { LiteserverSelection } from './liteserver-selection';
import { type RetryContext, runWithRetries } from './liteserver-retry';
import { probeArchival, probeHead } from './liteserver-probes';
import { withDeadline } from './with-deadline';
import {
  type ExecuteOptions,
  type LiteserverHealth,
  type LiteserverPoolObserver,
  type LiteserverPoolOptions,
  type MasterchainInfo,
  type PoolTarget,
  type PooledResult,
  type QueryOutcome,
} from './liteserver-pool.types';

export * from './liteserver-pool.types';

const FOREVER_MS = 2 ** 31 - 1;

/**
 * One ton-lite-client engine per liteserver of the network's config.
 *
 * - Consensus head: the best masterchain seqno among liteservers that answered the last probe
 * (tonlib-multiclient's rule,
 * https://github.com/toncenter/ton-http-api/blob/HEAD/ton-http-api/pyTON/manager.py). A liteserver
 * more than `maxLagBlocks` behind it does not   serve head reads.
 * - Archival: each liteserver is periodically asked for an old masterchain block; those that have it
 *   are preferred for `archival` calls and reads far behind the head (any live one when none is).
 * - Sticky reads: `operation` receives ONE client, so all liteserver calls of one request go to the
 *   same liteserver and see the same chain; only a retry moves the whole operation elsewhere.
 * - Retries: a timeout, a transport failure or a not-ready answer moves the request to another
 *   liteserver (up to `attempts`) and makes the failed one a last resort until its next probe (used
 *   only when no other can serve); the liteserver's deliberate answer (not found, rejected…) is final.
 *   An answer that fails its proof moves the request on without spending an attempt, so a request
 *   fails for liars only once every liteserver able to serve it has been asked.
 */
export class LiteserverPool {
  private readonly entries: PoolEntry[];
  private readonly selection: LiteserverSelection;
  private probeTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private probing = false;
  private readonly archivalProbeIntervalMs: number;
  private readonly archivalProbeSeqno: number;
  private readonly pace: BlockPace;
  private readonly headCache = new LiteserverCache<MasterchainInfo>(1);
  private readonly headCacheTtlMs: number;
  private readonly chain: ChainVerifier | undefined;
  private readonly identity: NetworkIdentity | undefined;
  private readonly retry: RetryContext;
  private readonly deadline = <T>(promise: Promise<T>): Promise<T> =>
    withDeadline(promise, this.options.timeoutMs);

  constructor(
    endpoints: readonly LiteserverEndpoint[],
    private readonly options: LiteserverPoolOptions,
    private readonly observer?: LiteserverPoolObserver,
  ) {
    this.archivalProbeIntervalMs = options.archivalProbeIntervalMs ?? 120_000;
    this.archivalProbeSeqno = options.archivalProbeSeqno ?? 1;
    this.pace = new BlockPace(options.blockIntervalMs ?? 400);
    this.headCacheTtlMs = options.headCacheTtlMs ?? 200;
    this.chain =
      options.chain ??
      (options.anchor ? new ChainVerifier(options.anchor, options.onKeyBlock) : undefined);
    const chain = this.chain;
    this.identity = options.zeroState
      ? new NetworkIdentity(
          options.zeroState,
          (server, what, message) => {
            this.observer?.wrongNetwork?.(server, what, message);
          },
          (server, message) => {
            const entry = this.entries[server];
            if (entry) {
              this.unverified(entry, 'block_header', message);
            }
          },
        )
      : undefined;
    const identity = this.identity;
    this.entries = endpoints.map((endpoint, index) => {
      const adnl = new AdnlLiteEngine({
        host: endpoint.host,
        port: endpoint.port,
        publicKey: endpoint.publicKey,
        // A restarted liteserver should be back within a probe or two.
        reconnectMs: 1000,
      });
      // A new connection may reach another node behind the same address: checked again first.
      adnl.on('ready', () => {
        if (identity) {
          identity.forget(index);
          entry.responsive = false;
        }
      });
      const engine = chain
        ? new VerifyingEngine(adnl, chain, (reason, message) => {
            this.unverified(entry, reason, message);
          })
        : adnl;
      const entry: PoolEntry = {
        index,
        endpoint,
        engine: adnl,
        client: new LiteClient({
          engine: new HeadCheckedEngine(engine, (seqno) => {
            this.observeHead(entry, seqno);
          }),
        }),
        rawClient: new LiteClient({ engine }),
        lastSeqno: 0,
        responsive: true,
        suspect: false,
        archival: false,
        archivalCheckedAt: undefined,
      };
      return entry;
    });
    this.selection = new LiteserverSelection(
      this.entries,
      options.maxLagBlocks ?? 3,
      options.archivalAgeMs ?? 10_000_000,
      this.pace,
    );
    this.retry = {
      selection: this.selection,
      attempts: options.attempts,
      observer,
      attempt: (entry, method, run) => this.attempt(entry, method, run),
    };
  }

  get size(): number {
    return this.entries.length;
  }

  /** Starts probing; resolves once one liteserver is connected (or after `waitMs`) and probed. */
  async start(waitMs = 5000): Promise<void> {
    // Idempotent: the single process runs a shared provider's init hooks twice, and a second
    // interval would never be cleared by close().
    this.probeTimer ??= setInterval(() => void this.scheduledProbe(), this.options.probeIntervalMs);
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
    return this.selection.health();
  }

  /** True when at least one liteserver can take head reads (the readiness check). */
  isServing(): boolean {
    return this.selection.isServing();
  }

  /**
   * The masterchain seqno the live liteservers have reached, as last probed (tonlib-multiclient's
   * consensus block: the best seqno among responsive workers), or undefined when none is. Serves v2
   * getConsensusBlock.
   */
  consensusSeqno(): number | undefined {
    return this.selection.consensusSeqno();
  }

  /**
   * Runs `operation` with one liteserver's client (sticky: every call it makes goes to that server),
   * moving to another liteserver on a retryable failure. With `options.cache` and `cacheKey` the
   * answer is served from / stored in that cache.
   */
  async execute<T>(
    method: string,
    operation: (client: LiteClient) => Promise<T>,
    options: ExecuteOptions<T> = {},
  ): Promise<PooledResult<T>> {
    const { cache, cacheKey } = options;
    if (cache === undefined || cacheKey === undefined) {
      return runWithRetries(this.retry, method, operation, options);
    }
    return this.cached(
      method,
      cache,
      cacheKey,
      () => runWithRetries(this.retry, method, operation, options),
      options,
    );
  }

  /**
   * `load()`'s answer through `cache` under `key`, counted as a cache lookup of `method`. For
   * answers made of several pool calls (each with its own routing), where execute's single
   * operation does not fit: the whole composition is cached as one immutable answer.
   */
  async cached<T>(
    method: string,
    cache: LiteserverCache<T>,
    key: string,
    load: () => Promise<PooledResult<T>>,
    options: { readonly ttlMs?: number; readonly storeIf?: (value: T) => boolean } = {},
  ): Promise<PooledResult<T>> {
    const { answer, hit } = await cache.getOrLoad(
      key,
      options.ttlMs ?? FOREVER_MS,
      load,
      options.storeIf,
    );
    this.observer?.cacheLookup?.(method, hit);
    return answer;
  }

  /**
   * The head (lite_api getMasterchainInfo) from a liteserver within maxLagBlocks of the consensus,
   * cached for `headCacheTtlMs` (below the block interval, so a reader is at most one block late; 2.1
   * caches it 1 s).
   */
  masterchainInfo(): Promise<PooledResult<MasterchainInfo>> {
    return this.execute('getMasterchainInfo', (client) => client.getMasterchainInfo(), {
      cache: this.headCache,
      cacheKey: 'head',
      ttlMs: this.headCacheTtlMs,
    });
  }

  /**
   * Up to `count` different liteservers for a call made to several at once (the sender's fan-out):
   * head-ready ones that no request saw failing first, then the suspect ones, then any connected and
   * responsive one; rotated so that the load spreads. Each target's call has the pool's deadline,
   * metrics and failure bookkeeping, but is never retried elsewhere: the caller owns the policy.
   */
  targets(count: number): PoolTarget[] {
    return this.selection.fanOut(count).map((entry) => ({
      server: entry.index,
      call: <T>(method: string, operation: (client: LiteClient) => Promise<T>) =>
        this.attempt(entry, method, () => operation(entry.client)),
    }));
  }

  /**
   * One call on `entry` with the pool's deadline, counted in the metrics; a retryable failure makes
   * the entry a last resort until its next probe before it is rethrown.
   */
  private async attempt<T>(entry: PoolEntry, method: string, run: () => Promise<T>): Promise<T> {
    const started = process.hrtime.bigint();
    try {
      const value = await this.deadline(run());
      this.finished(entry, method, started, 'ok');
      return value;
    } catch (error) {
      const kind = classifyFailure(error);
      this.finished(entry, method, started, kind);
      if (isRetryable(kind)) {
        entry.suspect = true;
        this.report();
      }
      throw error;
    }
  }

  /** Probes every liteserver now (also run every probeIntervalMs); archival probes when due. */
  async probe(): Promise<void> {
    await Promise.all(this.entries.map((entry) => probeHead(entry, this.identity, this.deadline)));
    const now = Date.now();
    const consensus = this.consensusSeqno();
    if (consensus !== undefined) {
      this.pace.observe(consensus, now);
    }
    await Promise.all(
      this.entries
        .filter(
          (e) =>
            this.selection.isResponsive(e) &&
            (e.archivalCheckedAt === undefined ||
              now - e.archivalCheckedAt >= this.archivalProbeIntervalMs),
        )
        .map((e) => probeArchival(e, this.archivalProbeSeqno, this.deadline)),
    );
    this.report();
  }

  /** The timer's probe: skipped while the previous one still waits on a slow liteserver. */
  private async scheduledProbe(): Promise<void> {
    // After close(), a probe would make the closed engines reconnect and keep the process alive.
    if (this.probing || this.closed) {
      return;
    }
    this.probing = true;
    try {
      await this.probe();
    } finally {
      this.probing = false;
    }
  }

  /** Re-runs the archival probe on every responsive liteserver now, whatever its schedule. */
  async probeArchival(): Promise<void> {
    await Promise.all(
      this.entries
        .filter((e) => this.selection.isResponsive(e))
        .map((e) => probeArchival(e, this.archivalProbeSeqno, this.deadline)),
    );
    this.report();
  }

  /**
   * A head `entry` announced to a request (getMasterchainInfo / Ext inside an operation): fresher
   * news than its last probe, so it is recorded. A head more than maxLagBlocks behind the consensus is
   * refused (a retryable failure): the liteserver fell behind since the last probe, and the request
   * moves to one that is up to date instead of answering from an old head.
   */
  private observeHead(entry: PoolEntry, seqno: number): void {
    entry.lastSeqno = seqno;
    const consensus = this.consensusSeqno();
    if (this.selection.isLagging(seqno, consensus)) {
      this.report();
      throw new LiteserverLaggingError(seqno, consensus);
    }
  }

  /**
   * An answer of `entry` failed its proof: the liteserver serves nothing until a probe's head is
   * proven again (an unproven head makes the probe fail too).
   */
  private unverified(entry: PoolEntry, reason: ProofFailure, message: string): void {
    entry.responsive = false;
    entry.suspect = true;
    this.observer?.unverified?.(entry.index, reason, message);
    this.report();
  }

  /** Whether answers are proven from a trust anchor (then no head is served before one is proven). */
  provesAnswers(): boolean {
    return this.chain !== undefined;
  }

  /** The newest masterchain block proven from the anchor (null without an anchor or before a probe). */
  verifiedHead(): ProofBlockId | null {
    return this.chain?.verifiedHead ?? null;
  }

  private report(): void {
    if (!this.observer) {
      return;
    }
    const consensus = this.consensusSeqno();
    for (const health of this.health()) {
      this.observer.healthChanged(health, consensus);
    }
  }

  private finished(entry: PoolEntry, method: string, started: bigint, outcome: QueryOutcome): void {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    this.observer?.queryFinished(entry.index, method, seconds, outcome);
  }
}
