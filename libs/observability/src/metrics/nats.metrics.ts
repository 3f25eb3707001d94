import { type Histogram, type Registry } from 'prom-client';

import { LATENCY_BUCKETS_SECONDS } from './buckets';
import { histogram } from './metric-factories';
import { METRIC_PREFIX } from './registry';

/** `ok`, or the error code the request ended with (a small fixed set, see contracts ErrorCode). */
export type RpcOutcome = string;

type NatsLabel = 'subject' | 'outcome';

/**
 * NATS request/reply durations by subject and outcome: `client` is measured by the caller
 * (includes the network and queueing), `handler` by the serving side.
 */
export class NatsMetrics {
  readonly clientDuration: Histogram<NatsLabel>;
  readonly handlerDuration: Histogram<NatsLabel>;

  constructor(registry: Registry) {
    this.clientDuration = histogram(registry, {
      name: `${METRIC_PREFIX}nats_request_duration_seconds`,
      help: 'NATS request duration seen by the caller, by subject and outcome.',
      labelNames: ['subject', 'outcome'],
      buckets: [...LATENCY_BUCKETS_SECONDS],
    });
    this.handlerDuration = histogram(registry, {
      name: `${METRIC_PREFIX}nats_handler_duration_seconds`,
      help: 'NATS request handling duration on the serving side, by subject and outcome.',
      labelNames: ['subject', 'outcome'],
      buckets: [...LATENCY_BUCKETS_SECONDS],
    });
  }

  observeRequest(subject: string, outcome: RpcOutcome, durationSeconds: number): void {
    this.clientDuration.observe({ subject, outcome }, durationSeconds);
  }

  observeHandler(subject: string, outcome: RpcOutcome, durationSeconds: number): void {
    this.handlerDuration.observe({ subject, outcome }, durationSeconds);
  }
}
