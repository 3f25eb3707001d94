import { METRIC_PREFIX, counter, histogram } from '@app/observability';
import { type Counter, type Histogram, type Registry } from 'prom-client';

/** Outcomes of one off-chain metadata fetch (the label values). */
export type FetchOutcomeLabel = 'ok' | 'permanent' | 'transient';

/** The metadata fetcher's metrics: fetches by outcome and how long they took. */
export class MetadataMetrics {
  readonly fetches: Counter<'outcome'>;
  readonly duration: Histogram<'outcome'>;

  constructor(registry: Registry) {
    this.fetches = counter(registry, {
      name: `${METRIC_PREFIX}metadata_fetches_total`,
      help: 'Off-chain token metadata fetches, by outcome (ok, permanent failure, transient failure).',
      labelNames: ['outcome'],
    });
    this.duration = histogram(registry, {
      name: `${METRIC_PREFIX}metadata_fetch_duration_seconds`,
      help: 'Duration of off-chain token metadata fetches (redirects and body included), by outcome.',
      labelNames: ['outcome'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    });
  }
}
