import { setTimeout as sleep } from 'node:timers/promises';
import { type NatsConnection } from '@nats-io/transport-node';
import { type Logger } from 'pino';
import { ABORTED, unlessAborted } from './unless-aborted';

/** One consume that a ConsumeSupervisor keeps running; `S` is what open() made of it. */
export interface SupervisedConsume<S> {
  /** Ensures the stream (and consumer) and begins one consume; a rejection is retried after a pause. */
  open(): Promise<S>;
  /**
   * Runs `session` until it ends by itself (lost) or `stopped` is aborted, closes it, and answers why
   * it ended. It must return soon after `stopped` is aborted.
   */
  run(session: S, stopped: AbortSignal): Promise<string>;
  /** Closes a session that open() completed only after stop(): it is never run. */
  discard(session: S): Promise<void>;
  /** After each run that ended by itself, before the pause: what it was to deliver may be missed. */
  onLost?(reason: string): void;
  /** Once a session is open again after a loss (or after a first open that failed). */
  onRecovered?(): void;
}

/**
 * The supervisor's log lines: a warn per outage (with `reason`), an info at its end (`outageMs`), a
 * debug per failed open (`err`).
 */
export interface SupervisorLogs {
  lost: string;
  recovered: string;
  notOpened: string;
}

/** Delay before opening again: `minMs`, doubling up to `maxMs`. */
export interface SupervisorBackoff {
  minMs: number;
  maxMs: number;
}

export const DEFAULT_SUPERVISOR_BACKOFF: SupervisorBackoff = { minMs: 250, maxMs: 5000 };

/**
 * Keeps one JetStream consume running over the losses the client does not recover from by itself
 * (its consumer or stream deleted, NATS restarted without its store, a server that stopped
 * answering): when a run ends without stop(), it opens a new one with a bounded backoff. Only one
 * runs at a time: a run has closed its session before the next open, so no two pull side by side.
 * A closed connection ends the supervision (it never comes back: whoever closed it is shutting the
 * process down), and neither stop() nor a close leaves a timer behind.
 */
export class ConsumeSupervisor<S> {
  private readonly stopping = new AbortController();
  private running: Promise<void> | undefined;

  constructor(
    private readonly nc: NatsConnection,
    private readonly consume: SupervisedConsume<S>,
    private readonly logger: Logger,
    private readonly logs: SupervisorLogs,
    private readonly backoff: SupervisorBackoff = DEFAULT_SUPERVISOR_BACKOFF,
  ) {}

  /** Supervises from `first`, a session already open. */
  start(first: S): void {
    this.running ??= this.supervise(first);
  }

  /** Supervises from a first open that failed with `reason`: warns, then opens again after a pause. */
  startLost(reason: string): void {
    this.running ??= this.supervise(undefined, reason);
  }

  /** Ends the run and any retry at once; resolves when nothing is left running. */
  async stop(): Promise<void> {
    this.stopping.abort('stopped');
    await this.running;
  }

  private async supervise(first: S | undefined, failure?: string): Promise<void> {
    void this.nc.closed().then(() => {
      this.stopping.abort('connection closed');
    });
    const stopping = this.stopping.signal;
    let session = first;
    let attempt = 0;
    let lostAt: number | undefined;
    if (this.stopped()) {
      if (session !== undefined) {
        await this.consume.discard(session).catch(() => undefined);
      }
      return;
    }
    if (session === undefined) {
      lostAt = Date.now();
      this.logger.warn({ reason: failure }, this.logs.lost);
      await this.pause(attempt++);
    }
    while (!this.stopped()) {
      if (session === undefined) {
        const opening = this.consume.open();
        const opened = await unlessAborted(opening, stopping).catch((error: unknown) => {
          this.logger.debug({ err: String(error) }, this.logs.notOpened);
          return undefined;
        });
        session = opened === ABORTED ? undefined : opened;
        if (this.stopped()) {
          // Opened after stop(): close it (never run).
          void opening.then((late) => this.consume.discard(late)).catch(() => undefined);
          break;
        }
        if (session === undefined) {
          if (this.nc.isClosed()) {
            break;
          }
          await this.pause(attempt++);
          continue;
        }
        if (lostAt !== undefined) {
          this.logger.info({ outageMs: Date.now() - lostAt }, this.logs.recovered);
          lostAt = undefined;
          this.consume.onRecovered?.();
        }
      }
      const began = Date.now();
      const reason = await this.consume
        .run(session, stopping)
        .catch((error: unknown) => String(error));
      session = undefined;
      if (this.stopped() || this.nc.isClosed()) {
        break;
      }
      // A run that lasted was a recovery: the next loss starts the backoff again.
      if (Date.now() - began > this.backoff.maxMs) {
        attempt = 0;
      }
      if (lostAt === undefined) {
        lostAt = Date.now();
        this.logger.warn({ reason }, this.logs.lost);
      }
      this.consume.onLost?.(reason);
      await this.pause(attempt++);
    }
  }

  /** A call, not a property read: the stop comes while the loop awaits. */
  private stopped(): boolean {
    return this.stopping.signal.aborted;
  }

  /** Waits the backoff of `attempt`, or less if stop() or a close comes first. */
  private async pause(attempt: number): Promise<void> {
    const { minMs, maxMs } = this.backoff;
    const ms = Math.min(maxMs, minMs * 2 ** Math.min(attempt, 16));
    await sleep(ms, undefined, { signal: this.stopping.signal }).catch(() => undefined);
  }
}
