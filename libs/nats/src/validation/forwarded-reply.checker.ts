import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

import { checkReplyJson, type ReplyCheck } from './reply-check';
import { type ReplyCheckRequest } from './reply-check.worker';

interface PendingCheck {
  readonly subject: string;
  readonly json: string | Uint8Array;
  readonly resolve: (check: ReplyCheck) => void;
}

/** Checks in flight on the worker beyond which a reply goes unchecked (backpressure). */
const DEFAULT_MAX_PENDING = 4;

export interface ForwardedReplyCheckerOptions {
  /** Checks in flight on the worker beyond which a reply goes unchecked (counted as skipped). */
  readonly maxPending?: number;
  /**
   * The share of one core the checks may take over time (0–1; 1 checks every reply whatever it
   * costs). The budget fills at this rate up to one second's worth; a reply arriving when it is
   * spent goes unchecked (`skipped`).
   */
  readonly cpuShare?: number;
  readonly now?: () => number;
}

/**
 * Checks forwarded replies against their contracts on a worker thread, so that parsing and
 * validating a 1 MB v3 page does not hold up the gateway's event loop after the page was sent.
 * When the worker is behind by `maxPending` replies the reply goes unchecked (skipped); when it has
 * failed, the check runs inline.
 *
 * Checking costs CPU the replies themselves need: a 1.1 MB traces page takes ~40 ms to parse and
 * validate, more than the query service takes to answer it from its cache, on the same cores. So
 * checks spend a budget (`cpuShare` of a core): small replies cost microseconds and are checked;
 * under a stream of big pages, those beyond the budget go unchecked and are counted.
 */
export class ForwardedReplyChecker {
  private worker: Worker | undefined;
  private broken = false;
  private nextId = 0;
  private readonly pending = new Map<number, PendingCheck>();
  private readonly maxPending: number;
  private readonly cpuShare: number;
  private readonly now: () => number;
  /** Milliseconds of checking the budget still allows, and when it was last refilled. */
  private budgetMs: number;
  private refilledAt: number;

  constructor(options: ForwardedReplyCheckerOptions = {}) {
    this.maxPending = options.maxPending ?? DEFAULT_MAX_PENDING;
    this.cpuShare = options.cpuShare ?? 1;
    if (!(this.cpuShare > 0 && this.cpuShare <= 1)) {
      throw new Error(`cpuShare must be in (0, 1], got ${String(this.cpuShare)}`);
    }
    this.now = options.now ?? (() => performance.now());
    this.budgetMs = this.capacityMs;
    this.refilledAt = this.now();
  }

  /** One second's worth of the share. */
  private get capacityMs(): number {
    return this.cpuShare * 1000;
  }

  /** Whether checks currently run on the worker thread (false before the first and once it failed). */
  get threaded(): boolean {
    return this.worker !== undefined && !this.broken;
  }

  /** `json`: the reply's text, or its UTF-8 bytes (decoded where it is checked, off the event loop). */
  check(subject: string, json: string | Uint8Array): Promise<ReplyCheck> {
    if (!this.affordable()) {
      return Promise.resolve({ ok: true, skipped: true });
    }
    if (this.pending.size >= this.maxPending && !this.broken) {
      // The worker is behind: a longer queue would only age the checks, and checking here would
      // hold up the replies behind this one (a busy account's traces page after a burst of load:
      // p90 ~19 → ~35 ms when behind-the-worker checks ran inline).
      return Promise.resolve({ ok: true, skipped: true });
    }
    const worker = this.started();
    if (worker === undefined) {
      return Promise.resolve(this.inline(subject, json));
    }
    const id = ++this.nextId;
    return new Promise((resolve) => {
      this.pending.set(id, { subject, json, resolve });
      const request: ReplyCheckRequest = { id, subject, json };
      worker.postMessage(request);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.broken = true;
    this.settleInline();
    await worker?.terminate();
  }

  private started(): Worker | undefined {
    if (this.broken) {
      return undefined;
    }
    if (this.worker === undefined) {
      const worker = new Worker(join(__dirname, 'reply-check.worker.js'));
      // The thread must not keep a process alive that is otherwise done.
      worker.unref();
      worker.on('message', (answer: ReplyCheck & { id: number; ms: number }) => {
        const entry = this.pending.get(answer.id);
        this.pending.delete(answer.id);
        const { id: _id, ms, ...check } = answer;
        this.budgetMs -= ms;
        entry?.resolve(check);
      });
      const fail = (): void => {
        this.broken = true;
        this.worker = undefined;
        this.settleInline();
      };
      worker.on('error', fail);
      worker.on('exit', fail);
      this.worker = worker;
    }
    return this.worker;
  }

  /** What the worker will not answer any more is checked here. */
  private settleInline(): void {
    for (const [id, entry] of this.pending) {
      this.pending.delete(id);
      entry.resolve(this.inline(entry.subject, entry.json));
    }
  }

  private inline(subject: string, json: string | Uint8Array): ReplyCheck {
    const started = this.now();
    const check = checkReplyJson(subject, json);
    this.budgetMs -= this.now() - started;
    return check;
  }

  /** Whether the budget allows another check (always with a share of 1). */
  private affordable(): boolean {
    if (this.cpuShare >= 1) {
      return true;
    }
    const now = this.now();
    this.budgetMs = Math.min(
      this.capacityMs,
      this.budgetMs + (now - this.refilledAt) * this.cpuShare,
    );
    this.refilledAt = now;
    return this.budgetMs > 0;
  }
}
