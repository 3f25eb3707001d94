import { METRIC_PREFIX, counter, gauge, histogram } from '@app/observability';
import { type Counter, type Gauge, type Histogram, type Registry } from 'prom-client';

/** How an emulation ended (the `outcome` label). */
export type EmulationOutcome =
  /** Stored as a pending trace. */
  | 'stored'
  /** The account would not accept the external message: no trace. */
  | 'rejected'
  /** The emulator or a liteserver read failed. */
  | 'failed'
  /** Too many emulations waiting: skipped. */
  | 'skipped';

/** Emulations take milliseconds (a wallet transfer) to the time budget (long cascades). */
const EMULATION_BUCKETS_SECONDS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5];

/** The pending-trace half's metrics (prefix `tonapi_sender_`). */
export class PendingMetrics {
  readonly emulation: Histogram<'outcome'>;
  readonly pending: Gauge;
  readonly dropped: Counter<'reason'>;

  constructor(registry: Registry) {
    this.emulation = histogram(registry, {
      name: `${METRIC_PREFIX}sender_emulation_seconds`,
      help: 'Duration of a trace emulation after a send (head reads, emulation, classification), by outcome.',
      labelNames: ['outcome'],
      buckets: EMULATION_BUCKETS_SECONDS,
    });
    this.pending = gauge(registry, {
      name: `${METRIC_PREFIX}sender_pending_traces`,
      help: 'Pending (emulated, not yet indexed) traces in the store, as of the last sweep.',
    });
    this.dropped = counter(registry, {
      name: `${METRIC_PREFIX}sender_pending_traces_dropped_total`,
      help: 'Pending traces removed before their TTL, by reason (indexed).',
      labelNames: ['reason'],
    });
  }
}

/** What the sender appends to the Streaming API's log (prefix `tonapi_sender_stream_`). */
export class PendingStreamMetrics {
  readonly entries: Counter<'subject' | 'outcome'>;

  constructor(registry: Registry) {
    this.entries = counter(registry, {
      name: `${METRIC_PREFIX}sender_stream_entries_total`,
      help: 'Pending trace updates and invalidations for the stream log, by subject and outcome (appended, failed).',
      labelNames: ['subject', 'outcome'],
    });
  }
}
