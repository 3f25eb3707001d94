import { type PendingTrace } from './pending-trace';
import { type PendingTraceStore } from './pending-trace.store';

/**
 * The single-process store (no NATS): one replica, so memory is shared enough. Entries expire after
 * `ttlMs` like the KV bucket's max age.
 */
export class MemoryPendingTraceStore implements PendingTraceStore {
  private readonly traces = new Map<string, { trace: PendingTrace; expires: number }>();

  constructor(private readonly ttlMs: number) {}

  put(trace: PendingTrace): Promise<void> {
    this.traces.set(trace.hash, { trace, expires: Date.now() + this.ttlMs });
    return Promise.resolve();
  }

  byHashes(hashes: readonly string[]): Promise<PendingTrace[]> {
    const wanted = new Set(hashes);
    return Promise.resolve(this.live().filter((t) => wanted.has(t.hash) || wanted.has(t.hashNorm)));
  }

  byAccount(account: string, limit: number): Promise<PendingTrace[]> {
    return Promise.resolve(
      this.live()
        .filter((t) => t.accounts.includes(account))
        .slice(0, limit),
    );
  }

  hashes(limit: number): Promise<string[]> {
    return Promise.resolve(
      this.live()
        .slice(0, limit)
        .map((t) => t.hash),
    );
  }

  delete(hash: string): Promise<void> {
    this.traces.delete(hash);
    return Promise.resolve();
  }

  private live(): PendingTrace[] {
    const now = Date.now();
    const out: PendingTrace[] = [];
    for (const [hash, entry] of this.traces) {
      if (entry.expires <= now) {
        this.traces.delete(hash);
      } else {
        out.push(entry.trace);
      }
    }
    return out;
  }
}
