import { type ProofBlockId, type ProofFailure } from '@app/ton';
import { type LiteClient } from 'ton-lite-client';
import { type ChainVerifier } from './trust/chain-verifier';
import { type NetworkMismatch } from './trust/network-identity';
import { type LiteserverCache } from './liteserver-cache';
import { type FailureKind } from './liteserver-errors';

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

export interface PooledResult<T> {
  readonly value: T;
  /** Index of the liteserver (in the global config) that answered. */
  readonly server: number;
}

/** One liteserver of LiteserverPool.targets(): its index and a call with the pool's deadline. */
export interface PoolTarget {
  /** Index of the liteserver in the global config (a metric label, never an address). */
  readonly server: number;
  call<T>(method: string, operation: (client: LiteClient) => Promise<T>): Promise<T>;
}

/** lite_api liteServer.masterchainInfo as ton-lite-client returns it. */
export type MasterchainInfo = Awaited<ReturnType<LiteClient['getMasterchainInfo']>>;
