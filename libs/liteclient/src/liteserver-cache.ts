/**
 * A size-bounded LRU of liteserver answers with a per-entry time to live (toncenter 2.1's
 * `ExpirableLruCache`,
 * https://github.com/toncenter/ton-http-api/blob/HEAD/ton-http-api/pyTON/cache.py). Only successful
 * answers are stored; concurrent lookups of a key being fetched share the one in-flight query
 * instead of asking the liteserver twice. Typed by the answer it holds, so a reader keeps one cache
 * per kind of answer (blocks by id, transactions by id…):
 *
 *   private readonly headers = new LiteserverCache<BlockHeader>(1000, { maxBytes: 8 << 20 });
 *   pool.execute('getBlockHeader', (c) => c.getBlockHeader(id), {
 *     cache: this.headers, cacheKey: `${wc}:${shard}:${seqno}:${rootHash}`,
 *   });
 *
 * Key only by what makes the answer immutable (a full block id, a transaction's lt+hash, a seqno
 * pinned read); "latest" reads need a short `ttlMs` (toncenter 2.1 uses 1 s).
 */
export class LiteserverCache<T> {
  private readonly entries = new Map<string, CacheEntry<T>>();
  private readonly inflight = new Map<string, Promise<CachedAnswer<T>>>();
  private readonly now: () => number;
  private readonly maxBytes: number;
  private readonly sizeOf: ((value: T) => number) | undefined;
  private totalBytes = 0;

  constructor(
    readonly maxEntries: number,
    options: LiteserverCacheOptions<T> = {},
  ) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) {
      throw new Error(`cache size must be a positive integer, got ${String(maxEntries)}`);
    }
    const { maxBytes = Infinity } = options;
    if (!(maxBytes > 0)) {
      throw new Error(`cache byte budget must be positive, got ${String(maxBytes)}`);
    }
    if (maxBytes !== Infinity && options.sizeOf === undefined) {
      throw new Error('a cache with a byte budget needs sizeOf');
    }
    this.now = options.now ?? Date.now;
    this.maxBytes = maxBytes;
    this.sizeOf = options.sizeOf;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The sum of `sizeOf` over the stored answers (0 without sizeOf). */
  get bytes(): number {
    return this.totalBytes;
  }

  /** The stored answer while fresh; a hit makes it the most recently used. */
  get(key: string): CachedAnswer<T> | undefined {
    const entry = this.entries.get(key);
    if (!entry) {
      return undefined;
    }
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) {
      this.totalBytes -= entry.bytes;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.answer;
  }

  set(key: string, answer: CachedAnswer<T>, ttlMs: number): void {
    this.remove(key);
    const bytes = this.sizeOf ? this.sizeOf(answer.value) : 0;
    if (bytes > this.maxBytes) {
      // One answer larger than the whole budget would only evict everything else and then itself.
      return;
    }
    this.entries.set(key, { answer, expiresAt: this.now() + ttlMs, bytes });
    this.totalBytes += bytes;
    // Map iterates in insertion order: the first key is the least recently used.
    while (this.entries.size > this.maxEntries || this.totalBytes > this.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done === true) {
        break;
      }
      this.remove(oldest.value);
    }
  }

  /**
   * The cached answer, or `load()`'s, stored for `ttlMs` once it succeeds and `storeIf` (when given)
   * accepts its value. `hit` says whether no liteserver was asked for this call.
   */
  async getOrLoad(
    key: string,
    ttlMs: number,
    load: () => Promise<CachedAnswer<T>>,
    storeIf?: (value: T) => boolean,
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
      if (storeIf === undefined || storeIf(answer.value)) {
        this.set(key, answer, ttlMs);
      }
      return { answer, hit: false };
    } finally {
      this.inflight.delete(key);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.totalBytes -= entry.bytes;
    }
  }
}

export interface LiteserverCacheOptions<T> {
  /**
   * Budget for the sum of `sizeOf` over the stored answers; the least recently used go first when
   * it is exceeded (default: no byte bound, only `maxEntries`).
   */
  readonly maxBytes?: number;
  /** Approximate memory an answer holds (see approximateBytes). Needed with `maxBytes`. */
  readonly sizeOf?: (value: T) => number;
  /** Clock for the time to live (tests). */
  readonly now?: () => number;
}

/** What the pool stores: the operation's value and the liteserver that produced it. */
export interface CachedAnswer<T> {
  readonly value: T;
  readonly server: number;
}

interface CacheEntry<T> {
  readonly answer: CachedAnswer<T>;
  readonly expiresAt: number;
  readonly bytes: number;
}
