import { counter, gauge, histogram, METRIC_PREFIX } from '@app/observability';
import { type Counter, type Gauge, type Histogram, type Registry } from 'prom-client';

/** From a block's generation to its entries in the log: ~1 s on a 400 ms chain, minutes when catching up. */
const LAG_BUCKETS_SECONDS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300];

/** The Streaming API publisher's metrics (prefix `tonapi_stream_publisher_`). */
export class StreamPublisherMetrics {
  readonly appended: Counter<'subject'>;
  readonly skipped: Counter<'subject' | 'reason'>;
  readonly lag: Histogram;
  readonly seqno: Gauge;
  readonly leader: Gauge;

  constructor(registry: Registry) {
    this.appended = counter(registry, {
      name: `${METRIC_PREFIX}stream_publisher_entries_total`,
      help: 'Entries appended to the stream log by the indexed-data publisher, by subject (a deduplicated re-append counts too).',
      labelNames: ['subject'],
    });
    this.skipped = counter(registry, {
      name: `${METRIC_PREFIX}stream_publisher_skipped_total`,
      help: 'Rendered entries not appended, by subject and reason (too_large, invalid).',
      labelNames: ['subject', 'reason'],
    });
    this.lag = histogram(registry, {
      name: `${METRIC_PREFIX}stream_publisher_lag_seconds`,
      help: 'Time from a masterchain block’s generation to its entries being in the stream log.',
      buckets: LAG_BUCKETS_SECONDS,
    });
    this.seqno = gauge(registry, {
      name: `${METRIC_PREFIX}stream_publisher_seqno`,
      help: 'Last masterchain seqno whose entries are in the stream log (the `stream` cursor).',
    });
    this.leader = gauge(registry, {
      name: `${METRIC_PREFIX}stream_publisher_leader`,
      help: '1 when this replica holds the publisher lease, else 0.',
    });
  }
}
