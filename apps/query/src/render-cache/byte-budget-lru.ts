/**
 * A map that keeps at most `budgetBytes` of values (their sizes as the caller estimates them), the
 * least recently used leaving first. A budget of 0 keeps nothing; a value larger than the whole
 * budget is not kept.
 */
export class ByteBudgetLru<V> {
  private readonly entries = new Map<string, { readonly value: V; readonly bytes: number }>();
  private totalBytes = 0;

  constructor(readonly budgetBytes: number) {}

  get bytes(): number {
    return this.totalBytes;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value of `key`, which becomes the most recently used. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) {
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, bytes: number): void {
    if (bytes > this.budgetBytes) {
      return;
    }
    this.delete(key);
    this.entries.set(key, { value, bytes });
    this.totalBytes += bytes;
    // A Map iterates in insertion order: the first key is the least recently used.
    for (const [oldest, entry] of this.entries) {
      if (this.totalBytes <= this.budgetBytes) {
        break;
      }
      this.entries.delete(oldest);
      this.totalBytes -= entry.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      this.entries.delete(key);
      this.totalBytes -= entry.bytes;
    }
  }

  /** Drops every value `drop` says so of. */
  deleteWhere(drop: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) {
      if (drop(entry.value)) {
        this.entries.delete(key);
        this.totalBytes -= entry.bytes;
      }
    }
  }

  clear(): void {
    this.entries.clear();
    this.totalBytes = 0;
  }
}
