import { counter, gauge, histogram, METRIC_PREFIX } from '@app/observability';
import { type Counter, type Gauge, type Histogram, type Registry } from 'prom-client';

/** Event lag buckets in seconds: 10 ms (a block on the localnet) … 60 s (a stalled producer). */
const LAG_BUCKETS_SECONDS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export type StreamTransportKind = 'sse' | 'ws';

/**
 * The Streaming API's metrics. Labels stay bounded: transport, notification type,
 * outcome or reason; never an address, a hash or a key.
 */
export class StreamingMetrics {
  readonly connections: Gauge<'transport'>;
  readonly subscribedAddresses: Gauge;
  readonly notificationsSent: Counter<'type'>;
  readonly notificationsDropped: Counter<'type'>;
  readonly replayRequests: Counter<'outcome'>;
  readonly slowConsumerDisconnects: Counter<'transport'>;
  readonly refusals: Counter<'reason'>;
  readonly eventLag: Histogram;
  readonly invalidEntries: Counter;

  constructor(registry: Registry) {
    this.connections = gauge(registry, {
      name: `${METRIC_PREFIX}stream_connections`,
      help: 'Open Streaming API connections of this replica by transport (sse, ws).',
      labelNames: ['transport'],
    });
    this.subscribedAddresses = gauge(registry, {
      name: `${METRIC_PREFIX}stream_subscribed_addresses`,
      help: 'Addresses subscribed over all open streaming connections of this replica.',
    });
    this.notificationsSent = counter(registry, {
      name: `${METRIC_PREFIX}stream_notifications_sent_total`,
      help: 'Notifications written to streaming clients by type.',
      labelNames: ['type'],
    });
    this.notificationsDropped = counter(registry, {
      name: `${METRIC_PREFIX}stream_notifications_dropped_total`,
      help: 'Notifications discarded with a slow consumer that was disconnected, by type.',
      labelNames: ['type'],
    });
    this.replayRequests = counter(registry, {
      name: `${METRIC_PREFIX}stream_replay_requests_total`,
      help: 'Reconnections with a last event id: complete replays and truncated ones (older than the retained history).',
      labelNames: ['outcome'],
    });
    this.slowConsumerDisconnects = counter(registry, {
      name: `${METRIC_PREFIX}stream_slow_consumer_disconnects_total`,
      help: 'Streaming clients disconnected because their queue was full (they did not read).',
      labelNames: ['transport'],
    });
    this.refusals = counter(registry, {
      name: `${METRIC_PREFIX}stream_refusals_total`,
      help: 'Streaming connections or subscriptions refused by plan limits (connections, addresses), WebSocket connections closed for flooding frames (frames) and connections evicted by a resuming one (evicted).',
      labelNames: ['reason'],
    });
    this.eventLag = histogram(registry, {
      name: `${METRIC_PREFIX}stream_event_lag_seconds`,
      help: 'Time from a producer emitting a stream event to this gateway dispatching it to its clients.',
      buckets: LAG_BUCKETS_SECONDS,
    });
    this.invalidEntries = counter(registry, {
      name: `${METRIC_PREFIX}stream_invalid_entries_total`,
      help: 'Stream log entries skipped because their payload did not match the contract.',
    });
  }
}
