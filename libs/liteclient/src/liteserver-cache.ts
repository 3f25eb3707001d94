/**
 * A size-bounded LRU of liteserver answers with a per-entry time to live (toncenter 2.1's
 * `ExpirableLruCache`, §15.1). Only successful answers are stored; concurrent lookups of a key being
 * fetched share the one in-flight query instead of asking the liteserver twice. Typed by the answer
 * it holds, so a reader keeps one cache per kind of answer (blocks by id, transactions by id…):
 *
 *   private readonly headers = new LiteserverCache<BlockHeader>(1000);
 *   pool.execute('getBlockHeader', (c) => c.getBlockHeader(id), {
 *     cache: this.headers, cacheKey: `${wc}:${shard}:${seqno}:${rootHash}`,
 *   });
 *
 * Key only by what makes the answer immutable (a full block id, a transaction's lt+hash, a seqno
 * pinned read); "latest" reads need a short `ttlMs` (toncenter 2.1 uses 1 s, §15.1).
 */
export class LiteserverCache<T> {
  private readonly entries = new Map<string, CacheEntry<T>>();
  private readonly inflight = new Map<string, Promise<CachedAnswer<T>>>();

  constructor(
    readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) {
      throw new Error(`cache size must be a positive integer, got ${String(maxEntries)}`);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** The stored answer while fresh; a hit makes it the most recently used. */
  get(key: string): CachedAnswer<T> | undefined {
    const entry = this.entries.get(key);
    if (!entry) {
      return undefined;
    }
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) {
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.answer;
  }

  set(key: string, answer: CachedAnswer<T>, ttlMs: number): void {
    this.entries.delete(key);
    this.entries.set(key, { answer, expiresAt: this.now() + ttlMs });
    // Map iterates in insertion order: the first key is the least recently used.
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done === true) {
        break;
      }
      this.entries.delete(oldest.value);
    }
  }

  /**
   * The cached answer, or `load()`'s, stored for `ttlMs` once it succeeds. `hit` says whether no
   * liteserver was asked for this call.
   */
  async getOrLoad(
    key: string,
    ttlMs: number,
    load: () => Promise<CachedAnswer<T>>,
  ): Promise<{ answer: CachedAnswer<T>; hit: boolean }> {
    const cached = this.get(key);
    if (cached) {
      return { answer: cached, hit: true };
    }
    const pending = this.inflight.get(key);
    if (pending) {
      return { answer: await pending, hit: true };
    }
    const loading = load();
    this.inflight.set(key, loading);
    try {
      const answer = await loading;
      this.set(key, answer, ttlMs);
      return { answer, hit: false };
    } finally {
      this.inflight.delete(key);
    }
  }
}

/** What the pool stores: the operation's value and the liteserver that produced it. */
export interface CachedAnswer<T> {
  readonly value: T;
  readonly server: number;
}

interface CacheEntry<T> {
  readonly answer: CachedAnswer<T>;
  readonly expiresAt: number;
}
