/**
 * Whether the key store holds any live key, remembered like key lookups (a TTL, cleared by the
 * change broadcast). Until a first key is created, presented keys are not checked: a fresh
 * deployment (the embedded database of `npm start` included) serves every caller anonymously, at
 * the anonymous rate, and a client that sends its toncenter key out of habit is not refused for it.
 */
export class KeyPresence {
  private known: { readonly any: boolean; readonly expiresAt: number } | undefined;
  private inflight: Promise<boolean> | undefined;
  private generation = 0;

  constructor(
    private readonly read: () => Promise<boolean>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  anyKey(): Promise<boolean> {
    if (this.known !== undefined && this.known.expiresAt > this.now()) {
      return Promise.resolve(this.known.any);
    }
    if (this.inflight !== undefined) {
      return this.inflight;
    }
    const generation = this.generation;
    const pending = this.read().then(
      (any) => {
        this.inflight = undefined;
        if (generation === this.generation) {
          this.known = { any, expiresAt: this.now() + this.ttlMs };
        }
        return any;
      },
      (error: unknown) => {
        this.inflight = undefined;
        throw error;
      },
    );
    this.inflight = pending;
    return pending;
  }

  invalidate(): void {
    this.generation += 1;
    this.known = undefined;
    this.inflight = undefined;
  }
}
