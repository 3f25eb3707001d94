import { type LiteserverEndpoint, type ProofBlockId, type ProofFailure } from '@app/ton';
import { LiteClient } from 'ton-lite-client';
import { AdnlLiteEngine } from './adnl-lite-engine';
import { HeadCheckedEngine } from './head-checked-engine';
import { ChainVerifier } from './trust/chain-verifier';
import { VerifyingEngine } from './trust/verifying-engine';
import { type NetworkMismatch, NetworkIdentity } from './trust/network-identity';
import { LiteserverCache } from './liteserver-cache';
import { BlockPace } from './block-pace';
import {
  isGoneFromNode,
  type FailureKind,
  LiteserverLaggingError,
  LiteserverTimeoutError,
  LiteserverUnverifiedError,
  classifyFailure,
  isRetryable,
  liteserverAnswerError,
  liteserverTimeout,
  noLiteservers,
  noProvenAnswer,
} from './liteserver-errors';

export interface LiteserverPoolOptions {
  /** Per-query deadline. */
  readonly timeoutMs: number;
  /** How many different liteservers one request may try when a retryable failure happens. */
  readonly attempts: number;
  /** How often every liteserver is probed with getMasterchainInfo. */
  readonly probeIntervalMs: number;
  /**
   * A liteserver more than this many masterchain blocks behind the consensus does not serve head
   * reads (default 3, as toncenter 2.1: with 400 ms blocks and 1 s probes an up-to-date liteserver
   * is routinely 2 blocks behind the best one when probed).
   */
  readonly maxLagBlocks?: number;
  /** How often each liteserver is asked whether it still has an old block (default 120 s, as 2.1). */
  readonly archivalProbeIntervalMs?: number;
  /** The masterchain seqno the archival probe looks up (default 1; 2.1 uses 3). */
  readonly archivalProbeSeqno?: number;
  /**
   * A read pinned to a masterchain block older than this prefers archival liteservers (default
   * 10,000 s: toncenter 2.0's 2000 blocks at the 5 s interval of the time). The age is the block's
   * distance from the consensus times the measured block interval (block-pace.ts).
   */
  readonly archivalAgeMs?: number;
  /** The masterchain block interval assumed until it is measured (default 400 ms). */
  readonly blockIntervalMs?: number;
  /** Lifetime of the cached head answered by masterchainInfo() (default 200 ms < 400 ms blocks). */
  readonly headCacheTtlMs?: number;
  /**
   * The trust anchor (validator.init_block of the global config, or a key block proven before): with
   * it every answer the pool hands out is proven first (trust/verifying-engine.ts); without it none is.
   */
  readonly anchor?: ProofBlockId;
  /** Told of each newer key block proven from the anchor, to be persisted as the next anchor. */
  readonly onKeyBlock?: (id: ProofBlockId) => void;
  /**
   * The network's zero state (validator.zero_state of the global config): a liteserver whose own
   * zero state or global_id differs gets no reads (trust/network-identity.ts), checked per connection.
   */
  readonly zeroState?: ProofBlockId;
  /**
   * The trusted chain view to use instead of one of its own from `anchor`: shared by the pools of one
   * process (v2, sender, ingestor, decoder) so that each block is proven once, not once per pool.
   */
  readonly chain?: ChainVerifier;
}

/** Per-call routing and caching; every field is optional and the defaults keep 2.1 behaviour. */
export interface ExecuteOptions<T> {
  /** Prefer archival liteservers (toncenter's `archival=true`); any live one when none is. */
  readonly archival?: boolean;
  /**
   * The masterchain seqno this call reads at. A liteserver that has reached it may serve it even
   * if it lags the head; one far behind the consensus (recentBlocks) prefers archival servers.
   * When no liteserver is known to have reached it (the probes run every second, blocks come
   * faster) the call goes to the head-ready ones, whose own answer then tells whether the block
   * exists. Without it the call is a head read: only liteservers within maxLagBlocks of the
   * consensus.
   */
  readonly seqno?: number;
  /** Answer from / store into this cache under `cacheKey` (immutable answers: by block or tx id). */
  readonly cache?: LiteserverCache<T>;
  readonly cacheKey?: string;
  /** Lifetime of the stored answer (default: effectively forever; LRU bounds the size). */
  readonly ttlMs?: number;
  /**
   * Store the answer only when this accepts it: an answer such as "that block does not exist yet"
   * is final for this call but not for ever.
   */
  readonly storeIf?: (value: T) => boolean;
}

export interface LiteserverPoolObserver {
  queryFinished(server: number, method: string, seconds: number, outcome: QueryOutcome): void;
  healthChanged(health: LiteserverHealth, consensusSeqno: number | undefined): void;
  /** `gone`: a non-archival liteserver no longer had the block or state; retried on an archival one. */
  retried?(method: string, kind: FailureKind | 'gone'): void;
  cacheLookup?(method: string, hit: boolean): void;
  /** An answer of liteserver `server` failed its proof check (the server is taken out until a probe). */
  unverified?(server: number, reason: ProofFailure, message: string): void;
  /** Liteserver `server` serves another network (checked at connect); it gets no reads. */
  wrongNetwork?(server: number, what: NetworkMismatch, message: string): void;
}

export type QueryOutcome = 'ok' | FailureKind;

export interface LiteserverHealth {
  readonly index: number;
  readonly connected: boolean;
  /**
   * Connected, answered the last probe, at most maxLagBlocks behind the consensus and not seen
   * failing by a request since that probe.
   */
  readonly alive: boolean;
  readonly lastSeqno: number;
  /** Blocks behind the consensus (0 when it is the best or nothing is known). */
  readonly lag: number;
  /** Had the archival probe block at the last archival probe (unknown: false). */
  readonly archival: boolean;
}

interface PoolEntry {
  readonly index: number;
  readonly endpoint: LiteserverEndpoint;
  readonly engine: AdnlLiteEngine;
  /** For head reads: a head it announces too far behind the consensus fails the call (observeHead). */
  readonly client: LiteClient;
  /** For probes and reads pinned to a seqno: takes whatever head the liteserver has. */
  readonly rawClient: LiteClient;
  lastSeqno: number;
  /** Answered the last probe. */
  responsive: boolean;
  /** A request saw it time out, drop or answer "not ready" since the last probe. */
  suspect: boolean;
  archival: boolean;
  archivalCheckedAt: number | undefined;
}

export interface PooledResult<T> {
  readonly value: T;
  /** Index of the liteserver (in the global config) that answered. */
  readonly server: number;
}

const FOREVER_MS = 2 ** 31 - 1;
const MASTERCHAIN_SHARD = '-9223372036854775808';

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
  private cursor = 0;
  private probeTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private probing = false;
  private readonly maxLagBlocks: number;
  private readonly archivalProbeIntervalMs: number;
  private readonly archivalProbeSeqno: number;
  private readonly archivalAgeMs: number;
  private readonly pace: BlockPace;
  private readonly headCache = new LiteserverCache<MasterchainInfo>(1);
  private readonly headCacheTtlMs: number;
  private readonly chain: ChainVerifier | undefined;
  private readonly identity: NetworkIdentity | undefined;

  constructor(
    endpoints: readonly LiteserverEndpoint[],
    private readonly options: LiteserverPoolOptions,
    private readonly observer?: LiteserverPoolObserver,
  ) {
    this.maxLagBlocks = options.maxLagBlocks ?? 3;
    this.archivalProbeIntervalMs = options.archivalProbeIntervalMs ?? 120_000;
    this.archivalProbeSeqno = options.archivalProbeSeqno ?? 1;
    this.archivalAgeMs = options.archivalAgeMs ?? 10_000_000;
    this.pace = new BlockPace(options.blockIntervalMs ?? 400);
    this.headCacheTtlMs = options.headCacheTtlMs ?? 200;
    this.chain =
      options.chain ??
      (options.anchor ? new ChainVerifier(options.anchor, options.onKeyBlock) : undefined);
    const chain = this.chain;
    this.identity = options.zeroState
      ? new NetworkIdentity(options.zeroState, (server, what, message) => {
          this.observer?.wrongNetwork?.(server, what, message);
        })
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
    const consensus = this.consensusSeqno();
    return this.entries.map((e) => ({
      index: e.index,
      connected: e.engine.isReady(),
      alive: this.isHeadReady(e, consensus) && !e.suspect,
      lastSeqno: e.lastSeqno,
      lag: consensus === undefined ? 0 : Math.max(0, consensus - e.lastSeqno),
      archival: e.archival,
    }));
  }

  /** True when at least one liteserver can take head reads (the readiness check). */
  isServing(): boolean {
    const consensus = this.consensusSeqno();
    return this.entries.some((e) => this.isHeadReady(e, consensus) && !e.suspect);
  }

  /**
   * The masterchain seqno the live liteservers have reached, as last probed (tonlib-multiclient's
   * consensus block: the best seqno among responsive workers), or undefined when none is. Serves v2
   * getConsensusBlock.
   */
  consensusSeqno(): number | undefined {
    const live = this.entries.filter((e) => this.isResponsive(e));
    return live.length === 0 ? undefined : Math.max(...live.map((e) => e.lastSeqno));
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
      return this.run(method, operation, options);
    }
    return this.cached(
      method,
      cache,
      cacheKey,
      () => this.run(method, operation, options),
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
    const consensus = this.consensusSeqno();
    const size = this.entries.length;
    this.cursor = (this.cursor + 1) % Math.max(1, size);
    const rotated = this.entries
      .map((_, i) => this.entries[(this.cursor + i) % size])
      .filter((e): e is PoolEntry => e !== undefined);
    const ready = (e: PoolEntry) => this.isHeadReady(e, consensus);
    const ordered = [
      ...rotated.filter((e) => ready(e) && !e.suspect),
      ...rotated.filter((e) => ready(e) && e.suspect),
      ...rotated.filter((e) => !ready(e) && this.isResponsive(e)),
    ];
    return ordered.slice(0, Math.max(0, count)).map((entry) => ({
      server: entry.index,
      call: async <T>(method: string, operation: (client: LiteClient) => Promise<T>) => {
        const started = process.hrtime.bigint();
        try {
          const value = await this.withTimeout(operation(entry.client));
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
      },
    }));
  }

  /** Probes every liteserver now (also run every probeIntervalMs); archival probes when due. */
  async probe(): Promise<void> {
    await Promise.all(this.entries.map((entry) => this.probeHead(entry)));
    const now = Date.now();
    const consensus = this.consensusSeqno();
    if (consensus !== undefined) {
      this.pace.observe(consensus, now);
    }
    await Promise.all(
      this.entries
        .filter(
          (e) =>
            this.isResponsive(e) &&
            (e.archivalCheckedAt === undefined ||
              now - e.archivalCheckedAt >= this.archivalProbeIntervalMs),
        )
        .map((e) => this.probeArchivalOf(e)),
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
      this.entries.filter((e) => this.isResponsive(e)).map((e) => this.probeArchivalOf(e)),
    );
    this.report();
  }

  private async probeArchivalOf(entry: PoolEntry): Promise<void> {
    try {
      // lookupBlock(-1, shard_all, seqno) as tonlib-multiclient does: a pruned node answers "not in db".
      await this.withTimeout(
        entry.rawClient.lookupBlockByID({
          workchain: -1,
          shard: MASTERCHAIN_SHARD,
          seqno: this.archivalProbeSeqno,
        }),
      );
      entry.archival = true;
      entry.archivalCheckedAt = Date.now();
    } catch (error) {
      // Only a deliberate "not found" says the block is gone; a timeout says nothing about it.
      if (classifyFailure(error) === 'answer') {
        entry.archival = false;
        entry.archivalCheckedAt = Date.now();
      }
    }
  }

  private async run<T>(
    method: string,
    operation: (client: LiteClient) => Promise<T>,
    options: ExecuteOptions<T>,
  ): Promise<PooledResult<T>> {
    const tried = new Set<number>();
    let lastKind: FailureKind | undefined;
    let lastReason: string | undefined;
    /** A non-archival liteserver's "not in db" / "state already gc'd": final only if no archival one has it. */
    let gone: unknown;
    // A liteserver whose answer failed its proof costs no attempt: another liteserver may prove it,
    // and a request must not fail because liars were asked first. `tried` bounds the loop.
    let attempts = 0;
    while (attempts < this.options.attempts) {
      const entry = gone === undefined ? this.pick(tried, options) : this.pickArchival(tried);
      if (!entry) {
        break;
      }
      if (gone !== undefined) {
        this.observer?.retried?.(method, 'gone');
      } else if (lastKind !== undefined) {
        this.observer?.retried?.(method, lastKind);
      }
      tried.add(entry.index);
      const started = process.hrtime.bigint();
      try {
        const value = await this.withTimeout(
          operation(
            // A read pinned to a seqno may use a liteserver behind the head; a head read may not.
            options.seqno === undefined ? entry.client : entry.rawClient,
          ),
        );
        this.finished(entry, method, started, 'ok');
        return { value, server: entry.index };
      } catch (error) {
        const kind = classifyFailure(error);
        this.finished(entry, method, started, kind);
        if (!isRetryable(kind)) {
          if (isGoneFromNode(error) && !entry.archival && this.pickArchival(tried)) {
            gone = error;
            continue;
          }
          throw liteserverAnswerError(error);
        }
        // Later requests use it only as a last resort until a probe finds it answering again.
        entry.suspect = true;
        this.report();
        lastKind = kind;
        if (error instanceof LiteserverUnverifiedError) {
          lastReason = error.reason;
        } else {
          attempts++;
        }
      }
    }
    if (gone !== undefined) {
      throw liteserverAnswerError(gone);
    }
    if (lastKind === 'unverified') {
      throw noProvenAnswer(lastReason);
    }
    throw lastKind === 'timeout' ? liteserverTimeout() : noLiteservers();
  }

  private pick(
    exclude: ReadonlySet<number>,
    options: { readonly archival?: boolean; readonly seqno?: number },
  ): PoolEntry | undefined {
    const consensus = this.consensusSeqno();
    const { seqno } = options;
    const headReady = (e: PoolEntry) => !exclude.has(e.index) && this.isHeadReady(e, consensus);
    const reached = (e: PoolEntry) =>
      !exclude.has(e.index) && this.isResponsive(e) && e.lastSeqno >= (seqno ?? 0);
    const pinned = seqno === undefined ? [] : this.entries.filter(reached);
    // A seqno beyond every probed head is most likely a block made since the last probe.
    const able = pinned.length > 0 ? pinned : this.entries.filter(headReady);
    // Liteservers a request just saw failing come last, so a stall costs one request one timeout.
    const trusted = able.filter((e) => !e.suspect);
    const candidates = trusted.length > 0 ? trusted : able;
    const old =
      seqno !== undefined &&
      consensus !== undefined &&
      this.pace.ageMs(seqno, consensus) > this.archivalAgeMs;
    const archival = options.archival === true || old ? candidates.filter((e) => e.archival) : [];
    const from = archival.length > 0 ? archival : candidates;
    if (from.length === 0) {
      return undefined;
    }
    this.cursor = (this.cursor + 1) % from.length;
    return from[this.cursor];
  }

  /** A responsive archival liteserver not tried yet (one no request saw failing first). */
  private pickArchival(exclude: ReadonlySet<number>): PoolEntry | undefined {
    const archival = this.entries.filter(
      (e) => !exclude.has(e.index) && e.archival && this.isResponsive(e),
    );
    return archival.find((e) => !e.suspect) ?? archival[0];
  }

  private isResponsive(entry: PoolEntry): boolean {
    return entry.responsive && entry.engine.isReady();
  }

  private isHeadReady(entry: PoolEntry, consensus: number | undefined): boolean {
    return (
      this.isResponsive(entry) &&
      consensus !== undefined &&
      entry.lastSeqno >= consensus - this.maxLagBlocks
    );
  }

  private async probeHead(entry: PoolEntry): Promise<void> {
    if (!entry.engine.isReady()) {
      entry.responsive = false;
      return;
    }
    try {
      if (
        this.identity &&
        !(await this.withTimeout(
          this.identity.admits(entry.index, entry.engine, entry.rawClient.engine),
        ))
      ) {
        entry.responsive = false;
        return;
      }
      const info = await this.withTimeout(entry.rawClient.getMasterchainInfo());
      entry.lastSeqno = info.last.seqno;
      entry.responsive = true;
      entry.suspect = false;
    } catch {
      // Any failure of the probe (timeout, not ready, dropped) takes it out until the next one.
      entry.responsive = false;
    }
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
    if (consensus !== undefined && seqno < consensus - this.maxLagBlocks) {
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
}

/** One liteserver of LiteserverPool.targets(): its index and a call with the pool's deadline. */
export interface PoolTarget {
  /** Index of the liteserver in the global config (a metric label, never an address). */
  readonly server: number;
  call<T>(method: string, operation: (client: LiteClient) => Promise<T>): Promise<T>;
}

/** lite_api liteServer.masterchainInfo as ton-lite-client returns it. */
export type MasterchainInfo = Awaited<ReturnType<LiteClient['getMasterchainInfo']>>;
