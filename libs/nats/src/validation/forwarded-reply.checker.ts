import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

import { checkReplyJson, type ReplyCheck } from './reply-check';
import { type ReplyCheckRequest } from './reply-check.worker';

interface PendingCheck {
  readonly subject: string;
  readonly json: string;
  readonly resolve: (check: ReplyCheck) => void;
}

/** Checks in flight on the worker beyond which a reply is checked inline (backpressure). */
const DEFAULT_MAX_PENDING = 32;

/**
 * Checks forwarded replies against their contracts on a worker thread, so that parsing and
 * validating a 1 MB v3 page does not hold up the gateway's event loop after the page was sent.
 * Every reply is still checked: when the worker is behind by `maxPending` replies, or has failed,
 * the check runs inline.
 */
export class ForwardedReplyChecker {
  private worker: Worker | undefined;
  private broken = false;
  private nextId = 0;
  private readonly pending = new Map<number, PendingCheck>();

  constructor(private readonly maxPending = DEFAULT_MAX_PENDING) {}

  /** Whether checks currently run on the worker thread (false before the first and once it failed). */
  get threaded(): boolean {
    return this.worker !== undefined && !this.broken;
  }

  check(subject: string, json: string): Promise<ReplyCheck> {
    const worker = this.pending.size >= this.maxPending ? undefined : this.started();
    if (worker === undefined) {
      return Promise.resolve(checkReplyJson(subject, json));
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
      worker.on('message', (answer: ReplyCheck & { id: number }) => {
        const entry = this.pending.get(answer.id);
        this.pending.delete(answer.id);
        const { id: _id, ...check } = answer;
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
      entry.resolve(checkReplyJson(entry.subject, entry.json));
    }
  }
}
