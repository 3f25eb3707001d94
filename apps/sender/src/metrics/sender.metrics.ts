import { counter, histogram, LATENCY_BUCKETS_SECONDS, METRIC_PREFIX } from '@app/observability';
import { type Counter, type Histogram, type Registry } from 'prom-client';

/** How a send ended for the client (the `outcome` label). */
export type SendOutcome =
  /** A liteserver accepted it and no replica had sent it before. */
  | 'accepted'
  /** Accepted again: a resubmission within the dedupe window. */
  | 'resent'
  /** Every liteserver refused it, but it was sent before: answered as the first success. */
  | 'duplicate'
  /** Not a valid external message (nothing sent). */
  | 'invalid'
  /** Every liteserver refused it. */
  | 'rejected'
  /** No liteserver answered in time, or none was reachable. */
  | 'unavailable';

/** Seconds from a send to its transaction being indexed: blocks (0.4 s) to minutes. */
const INCLUSION_BUCKETS_SECONDS = [0.5, 1, 2, 3, 5, 10, 20, 30, 60, 120, 300, 600];

/**
 * The sender's metrics (prefix `tonapi_sender_`). Liteservers are labelled by their index in the global
 * config, never by address.
 */
export class SenderMetrics {
  readonly sends: Counter<'outcome'>;
  readonly liteserverSend: Histogram<'server' | 'result'>;
  readonly liteserverRejects: Counter<'server' | 'kind'>;
  readonly inclusion: Histogram;

  constructor(registry: Registry) {
    this.sends = counter(registry, {
      name: `${METRIC_PREFIX}sender_sends_total`,
      help: 'Messages submitted by clients, by outcome.',
      labelNames: ['outcome'],
    });
    this.liteserverSend = histogram(registry, {
      name: `${METRIC_PREFIX}sender_liteserver_send_seconds`,
      help: 'Duration of liteServer.sendMessage per liteserver index and result (ok, or the failure kind).',
      labelNames: ['server', 'result'],
      buckets: [...LATENCY_BUCKETS_SECONDS],
    });
    this.liteserverRejects = counter(registry, {
      name: `${METRIC_PREFIX}sender_liteserver_rejects_total`,
      help: 'Sends a liteserver did not accept, per liteserver index and kind (answer, timeout, transport, notready).',
      labelNames: ['server', 'kind'],
    });
    this.inclusion = histogram(registry, {
      name: `${METRIC_PREFIX}sender_inclusion_seconds`,
      help: 'Seconds from the first accepted send of a message to its transaction being indexed.',
      buckets: INCLUSION_BUCKETS_SECONDS,
    });
  }

  countSend(outcome: SendOutcome): void {
    this.sends.inc({ outcome });
  }

  observeLiteserver(server: number, result: string, seconds: number): void {
    this.liteserverSend.observe({ server: String(server), result }, seconds);
    if (result !== 'ok') {
      this.liteserverRejects.inc({ server: String(server), kind: result });
    }
  }

  observeInclusion(seconds: number): void {
    this.inclusion.observe(seconds);
  }
}
