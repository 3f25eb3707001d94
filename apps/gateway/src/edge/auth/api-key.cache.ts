import { type ActiveApiKey } from '@app/database';

export interface ApiKeyCacheOptions {
  /** How long an answer is trusted without a change broadcast (the safety net for a lost one). */
  readonly ttlMs: number;
  /** Bound on remembered answers, so random keys cannot grow the cache without limit. */
  readonly maxEntries: number;
  readonly now?: () => number;
}

interface Entry {
  readonly value: ActiveApiKey | null;
  readonly expiresAt: number;
}

/**
 * Key lookups by hash, remembered for a short TTL, unknown keys included (a client retrying a wrong
 * key must not cost a query each time). `invalidateAll()` is called on every change broadcast: a
 * lookup that was running when it came is answered but not remembered, so a revocation committed
 * during the lookup can never be cached as a live key.
 */
export class ApiKeyCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<ActiveApiKey | null>>();
  private generation = 0;
  private readonly now: () => number;

  constructor(
    private readonly lookup: (keyHash: string) => Promise<ActiveApiKey | null>,
    private readonly options: ApiKeyCacheOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  get(keyHash: string): Promise<ActiveApiKey | null> {
    const cached = this.entries.get(keyHash);
    if (cached !== undefined && cached.expiresAt > this.now()) {
      return Promise.resolve(cached.value);
    }
    const running = this.inflight.get(keyHash);
    if (running !== undefined) {
      return running;
    }
    const generation = this.generation;
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
    this.entries.clear();
    this.inflight.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private settle(keyHash: string, pending: Promise<ActiveApiKey | null>): void {
    if (this.inflight.get(keyHash) === pending) {
      this.inflight.delete(keyHash);
    }
  }

  private remember(keyHash: string, value: ActiveApiKey | null): void {
    this.entries.delete(keyHash);
    if (this.entries.size >= this.options.maxEntries) {
      // Maps iterate in insertion order: the first entry is the oldest.
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) {
        this.entries.delete(oldest.value);
      }
    }
    this.entries.set(keyHash, { value, expiresAt: this.now() + this.options.ttlMs });
  }
}
