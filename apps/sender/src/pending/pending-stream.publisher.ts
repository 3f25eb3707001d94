import {
  type AddressBook,
  type Metadata,
  type StreamTraceInvalidated,
  Subjects,
} from '@app/contracts';
import { RpcClient, STREAM_LOG, type StreamLog } from '@app/nats';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { type Logger } from 'pino';
import { pendingTraceAddresses, pendingTraceUpdate } from './pending-stream.mapper';
import { type PendingTrace } from './pending-trace';
import { PendingStreamMetrics } from './pending.metrics';
import { PENDING_STREAM_LOGGER } from './pending.tokens';

/** How long the address book may take: the emulation's update should not trail its trace by much. */
const ENRICHMENT_TIMEOUT_MS = 2_000;
/** Emulation counters kept (oldest forgotten first): far more than the traces pending at once. */
const MAX_COUNTERS = 10_000;

/**
 * The sender's side of the Streaming API: each stored emulation of a sent message becomes a
 * `pending` trace update in the stream log, and a message that will not happen as predicted a
 * `trace_invalidated`. address_book and metadata come from the query service (`ton.query.v1.addressBook`
 * / `metadata`, as the gateway's pendingTraces adds them) when an RPC client is in the process and the
 * query service answers in time; otherwise they are empty (the update is not held back for them).
 * Without a StreamLog in the process nothing is appended. Never throws: the send path's hooks call it.
 */
@Injectable()
export class PendingStreamPublisher {
  /** Emulations per trace norm: the `n` of the update's dedupe id `trace:<norm>:pending:<n>`. */
  private readonly emulations = new Map<string, number>();
  /** Updates being enriched and appended, by norm: an invalidation waits for them (log order). */
  private readonly inFlight = new Map<string, Promise<void>>();

  constructor(
    @Inject(PENDING_STREAM_LOGGER) private readonly logger: Logger,
    private readonly metrics: PendingStreamMetrics,
    @Optional() @Inject(STREAM_LOG) private readonly log?: StreamLog,
    @Optional() private readonly rpc?: RpcClient,
  ) {}

  /** Appends the `pending` update of a freshly stored emulation. */
  pending(trace: PendingTrace): Promise<void> {
    const log = this.log;
    if (log === undefined) {
      return Promise.resolve();
    }
    const norm = trace.hashNorm;
    const previous = this.inFlight.get(norm) ?? Promise.resolve();
    const appended = previous.then(() => this.appendPending(trace, log));
    this.inFlight.set(norm, appended);
    void appended.finally(() => {
      if (this.inFlight.get(norm) === appended) {
        this.inFlight.delete(norm);
      }
    });
    return appended;
  }

  private async appendPending(trace: PendingTrace, log: StreamLog): Promise<void> {
    const n = this.nextEmulation(trace.hashNorm);
    const update = pendingTraceUpdate(trace, await this.enrichment(trace), Date.now());
    if (update === undefined) {
      return;
    }
    await this.append(
      Subjects.stream.trace,
      update,
      `trace:${trace.hashNorm}:pending:${String(n)}`,
      log,
    );
  }

  /** Appends `trace_invalidated` for the trace keyed `norm` (after its pending update, if one is on its way). */
  async invalidated(norm: string, reason: StreamTraceInvalidated['reason']): Promise<void> {
    const log = this.log;
    if (log === undefined) {
      return;
    }
    await this.inFlight.get(norm);
    const payload: StreamTraceInvalidated = {
      trace_external_hash_norm: norm,
      reason,
      emitted_at: Date.now(),
    };
    await this.append(
      Subjects.stream.traceInvalidated,
      payload,
      `invalidated:${norm}:${reason}`,
      log,
    );
  }

  private async append(
    subject: typeof Subjects.stream.trace | typeof Subjects.stream.traceInvalidated,
    payload: unknown,
    msgId: string,
    log: StreamLog,
  ): Promise<void> {
    try {
      await log.append(subject, payload, msgId);
      this.metrics.entries.inc({ subject, outcome: 'appended' });
    } catch (error) {
      this.metrics.entries.inc({ subject, outcome: 'failed' });
      this.logger.warn({ err: String(error), msgId }, 'stream entry not appended');
    }
  }

  private nextEmulation(norm: string): number {
    const n = (this.emulations.get(norm) ?? 0) + 1;
    this.emulations.delete(norm);
    this.emulations.set(norm, n);
    if (this.emulations.size > MAX_COUNTERS) {
      const oldest = this.emulations.keys().next();
      if (oldest.done !== true) {
        this.emulations.delete(oldest.value);
      }
    }
    return n;
  }

  private async enrichment(
    trace: PendingTrace,
  ): Promise<{ addressBook: AddressBook; metadata: Metadata }> {
    const addresses = pendingTraceAddresses(trace);
    if (this.rpc === undefined || addresses.length === 0) {
      return { addressBook: {}, metadata: {} };
    }
    try {
      const [addressBook, metadata] = await Promise.all([
        this.rpc.request(
          Subjects.query.addressBook,
          { entries: addresses.map((raw) => ({ input: raw, raw })) },
          { timeoutMs: ENRICHMENT_TIMEOUT_MS },
        ),
        this.rpc.request(
          Subjects.query.metadata,
          { address: addresses },
          { timeoutMs: ENRICHMENT_TIMEOUT_MS },
        ),
      ]);
      return { addressBook, metadata };
    } catch (error) {
      // No query service (a process without PostgreSQL) or a slow one: the update goes out bare.
      this.logger.debug({ err: String(error) }, 'pending trace update without address book');
      return { addressBook: {}, metadata: {} };
    }
  }
}
