import { METRIC_PREFIX, counter, gauge } from '@app/observability';
import { type Counter, type Gauge, type Registry } from 'prom-client';

/** The decoder's metrics: progress, backlog, traces and actions, failures by kind. */
export class DecoderMetrics {
  readonly decodedSeqno: Gauge;
  readonly backlog: Gauge;
  readonly blocks: Counter;
  readonly traces: Counter<'state'>;
  readonly actions: Counter<'type'>;
  readonly failures: Counter<'kind'>;
  readonly eventFailures: Counter;

  constructor(registry: Registry) {
    this.decodedSeqno = gauge(registry, {
      name: `${METRIC_PREFIX}decoder_decoded_seqno`,
      help: 'Last masterchain seqno the decoder committed.',
    });
    this.backlog = gauge(registry, {
      name: `${METRIC_PREFIX}decoder_backlog_blocks`,
      help: 'Masterchain blocks indexed by the ingestor and not decoded yet.',
    });
    this.blocks = counter(registry, {
      name: `${METRIC_PREFIX}decoder_blocks_total`,
      help: 'Masterchain blocks decoded (with their shard blocks).',
    });
    this.traces = counter(registry, {
      name: `${METRIC_PREFIX}decoder_traces_total`,
      help: 'Traces that reached a final state (complete or broken) in the decoder.',
      labelNames: ['state'],
    });
    this.actions = counter(registry, {
      name: `${METRIC_PREFIX}decoder_actions_total`,
      help: 'Actions classified, by type.',
      labelNames: ['type'],
    });
    this.failures = counter(registry, {
      name: `${METRIC_PREFIX}decoder_failures_total`,
      help: 'Things the decoder recorded and skipped, by kind (body, classify, interface).',
      labelNames: ['kind'],
    });
    this.eventFailures = counter(registry, {
      name: `${METRIC_PREFIX}decoder_event_publish_failures_total`,
      help: 'txs.decoded events that could not be published (decoding went on; readers poll).',
    });
  }
}
