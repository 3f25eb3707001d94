import { type EmulationLimits } from './trace-emulator';

export const PENDING_OPTIONS = Symbol('PENDING_OPTIONS');

export interface PendingOptions {
  /** JetStream KV bucket of the pending traces. */
  readonly bucket: string;
  /** How long a pending trace lives at most (the bucket's max age), in ms. */
  readonly ttlMs: number;
  /** How often indexed traces are looked for and dropped, in ms. */
  readonly sweepMs: number;
  readonly limits: EmulationLimits;
  /** Emulations waiting beyond this are skipped (a burst must not pile up work). */
  readonly maxQueued: number;
}

/** Defaults (PENDING_* settings) for callers that do not read the environment. */
export const DEFAULT_PENDING_OPTIONS: PendingOptions = {
  bucket: 'pending_traces',
  ttlMs: 600_000,
  sweepMs: 1_000,
  // toncenter's emulator bounds traces too; 100 transactions keeps a stored trace well under NATS's
  // 1 MB payload limit.
  limits: { maxTransactions: 100, maxDepth: 32, timeBudgetMs: 2_000 },
  maxQueued: 64,
};
