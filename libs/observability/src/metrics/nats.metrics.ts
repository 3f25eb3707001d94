import { type Counter, type Histogram, type Registry } from 'prom-client';

import { LATENCY_BUCKETS_SECONDS } from './buckets';
import { counter, histogram } from './metric-factories';
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
  readonly replyViolations: Counter<'subject'>;
  readonly replyChecksSkipped: Counter<'subject'>;

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
    this.replyViolations = counter(registry, {
      name: `${METRIC_PREFIX}nats_reply_contract_violations_total`,
      help: 'Forwarded replies whose JSON broke the subject contract (checked after forwarding).',
      labelNames: ['subject'],
    });
    this.replyChecksSkipped = counter(registry, {
      name: `${METRIC_PREFIX}nats_reply_checks_skipped_total`,
      help: 'Forwarded replies left unchecked: the checks had spent their CPU budget, or their worker was behind.',
      labelNames: ['subject'],
    });
  }

  observeRequest(subject: string, outcome: RpcOutcome, durationSeconds: number): void {
    this.clientDuration.observe({ subject, outcome }, durationSeconds);
  }

  observeHandler(subject: string, outcome: RpcOutcome, durationSeconds: number): void {
    this.handlerDuration.observe({ subject, outcome }, durationSeconds);
  }

  observeReplyViolation(subject: string): void {
    this.replyViolations.inc({ subject });
  }

  observeReplyCheckSkipped(subject: string): void {
    this.replyChecksSkipped.inc({ subject });
  }
}
