import { type Finality } from '../subscription/subscription';

export interface TraceTrackerHooks {
  /** A trace became "open" for the client (the hub indexes it for trace_invalidated). */
  opened(norm: string): void;
  closed(norm: string): void;
}

/**
 * The traces a client was told about below `finalized` and not yet at it: exactly the ones a
 * `trace_invalidated` goes to (toncenter tracks the same per client and removes the entry once it is
 * sent). Bounded: beyond `max` open traces the oldest is forgotten (its invalidation would then not
 * reach this client; a trace stays open at most until its producer finalizes or invalidates it).
 */
export class TraceTracker {
  private readonly open = new Set<string>();

  constructor(
    private readonly max: number,
    private readonly hooks?: TraceTrackerHooks,
  ) {}

  /** Records that the client got a notification of trace `norm` at `finality`. */
  noteDelivered(norm: string, finality: Finality): void {
    if (finality === 'finalized') {
      this.forget(norm);
      return;
    }
    if (this.open.has(norm)) {
      return;
    }
    this.open.add(norm);
    this.hooks?.opened(norm);
    if (this.open.size > this.max) {
      const oldest = this.open.values().next();
      if (oldest.done !== true) {
        this.forget(oldest.value);
      }
    }
  }

  /** True once per open trace: the client is owed its `trace_invalidated`. */
  takeInvalidation(norm: string): boolean {
    if (!this.open.has(norm)) {
      return false;
    }
    this.forget(norm);
    return true;
  }

  get norms(): ReadonlySet<string> {
    return this.open;
  }

  /** Forgets everything (the client is gone). */
  clear(): void {
    for (const norm of [...this.open]) {
      this.forget(norm);
    }
  }

  private forget(norm: string): void {
    if (this.open.delete(norm)) {
      this.hooks?.closed(norm);
    }
  }
}
