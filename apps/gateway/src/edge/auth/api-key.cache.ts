import { type ActiveApiKey } from '@app/database';

export interface ApiKeyCacheOptions {
  /** How long an answer is trusted without a change broadcast (the safety net for a lost one). */
  readonly ttlMs: number;
  /**
   * Bound on remembered answers of each kind (live keys, unknown keys), so random keys cannot grow
   * the cache without limit nor push the live keys out of it.
   */
  readonly maxEntries: number;
  readonly now?: () => number;
}

interface Entry<T> {
  readonly value: T;
  readonly expiresAt: number;
}

/**
 * Key lookups by hash, remembered for a short TTL, unknown keys included (a client retrying a wrong
 * key must not cost a query each time); live and unknown keys are bounded apart, so a flood of random
 * keys only ever evicts other unknown keys. `invalidateAll()` is called on every change broadcast: a
 * lookup that was running when it came is answered but not remembered, so a revocation committed
 * during the lookup can never be cached as a live key.
 */
export class ApiKeyCache {
  private readonly live = new Map<string, Entry<ActiveApiKey>>();
  private readonly unknown = new Map<string, Entry<null>>();
  private readonly inflight = new Map<string, Promise<ActiveApiKey | null>>();
  private generation = 0;
  private readonly now: () => number;
  private reads = 0;

  constructor(
    private readonly lookup: (keyHash: string) => Promise<ActiveApiKey | null>,
    private readonly options: ApiKeyCacheOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /**
   * The remembered answer for `keyHash` without asking the store: the key, null for a key known to
   * be unknown, undefined when nothing (fresh) is remembered.
   */
  peek(keyHash: string): ActiveApiKey | null | undefined {
    const now = this.now();
    const live = this.live.get(keyHash);
    if (live !== undefined && live.expiresAt > now) {
      return live.value;
    }
    const unknown = this.unknown.get(keyHash);
    if (unknown !== undefined && unknown.expiresAt > now) {
      return null;
    }
    return undefined;
  }

  get(keyHash: string): Promise<ActiveApiKey | null> {
    const cached = this.peek(keyHash);
    if (cached !== undefined) {
      return Promise.resolve(cached);
    }
    const running = this.inflight.get(keyHash);
    if (running !== undefined) {
      return running;
    }
    const generation = this.generation;
    this.reads += 1;
    const pending = this.lookup(keyHash).then(
      (value) => {
        this.settle(keyHash, pending);
        if (generation === this.generation) {
          this.remember(keyHash, value);
        }
        return value;
      },
      (error: unknown) => {
        this.settle(keyHash, pending);
        throw error;
      },
    );
    this.inflight.set(keyHash, pending);
    return pending;
  }

  /** Forgets every answer (keys or plans changed somewhere). */
  invalidateAll(): void {
    this.generation += 1;
    this.live.clear();
    this.unknown.clear();
    this.inflight.clear();
  }

  /** Remembered answers, live and unknown. */
  get size(): number {
    return this.live.size + this.unknown.size;
  }

  /** Lookups that went to the store (cache misses) since start. */
  get storeReads(): number {
    return this.reads;
  }

  private settle(keyHash: string, pending: Promise<ActiveApiKey | null>): void {
    if (this.inflight.get(keyHash) === pending) {
      this.inflight.delete(keyHash);
    }
  }

  private remember(keyHash: string, value: ActiveApiKey | null): void {
    const expiresAt = this.now() + this.options.ttlMs;
    this.live.delete(keyHash);
    this.unknown.delete(keyHash);
    if (value === null) {
      bounded(this.unknown, this.options.maxEntries).set(keyHash, { value, expiresAt });
    } else {
      bounded(this.live, this.options.maxEntries).set(keyHash, { value, expiresAt });
    }
  }
}

/** `map` with its oldest entry dropped when it is full (Maps iterate in insertion order). */
function bounded<T>(map: Map<string, T>, maxEntries: number): Map<string, T> {
  if (map.size >= maxEntries) {
    const oldest = map.keys().next();
    if (oldest.done !== true) {
      map.delete(oldest.value);
    }
  }
  return map;
}
