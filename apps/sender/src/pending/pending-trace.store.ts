import { type PendingTrace } from './pending-trace';

/** The process's PendingTraceStore (pending.providers.ts). */
export const PENDING_TRACE_STORE = Symbol('PENDING_TRACE_STORE');

/**
 * Where pending traces live until their real trace is indexed or they expire. Every replica must see
 * every trace (a client may send through one replica and ask another), hence JetStream KV in the
 * mesh; one process alone may keep them in memory.
 */
export interface PendingTraceStore {
  put(trace: PendingTrace): Promise<void>;
  /** Traces by external-message hash, raw or normalised; unknown hashes are skipped. */
  byHashes(hashes: readonly string[]): Promise<PendingTrace[]>;
  /** Traces with a transaction on `account` (raw upper-case), at most `limit`. */
  byAccount(account: string, limit: number): Promise<PendingTrace[]>;
  /** Raw hashes of the stored traces, at most `limit` (for the reaper). */
  hashes(limit: number): Promise<string[]>;
  delete(hash: string): Promise<void>;
}
