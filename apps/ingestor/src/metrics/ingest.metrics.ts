import { METRIC_PREFIX, counter, gauge, histogram } from '@app/observability';
import { type Counter, type Gauge, type Histogram, type Registry } from 'prom-client';

const COMMIT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The ingestor's metrics: where the chain is, where the database is, how far
 * behind in blocks and seconds, throughput (rate() of the block and transaction counters), the
 * commit time of a batch, parse failures and quarantined blocks, and whether this replica leads.
 */
export class IngestMetrics {
  readonly headSeqno: Gauge;
  readonly indexedSeqno: Gauge;
  readonly lagBlocks: Gauge;
  readonly lagSeconds: Gauge;
  readonly blocks: Counter<'kind'>;
  readonly transactions: Counter;
  readonly commitSeconds: Histogram;
  readonly loadSeconds: Histogram;
  readonly parseErrors: Counter;
  readonly quarantined: Counter;
  readonly writeRetries: Counter;
  readonly leader: Gauge;
  readonly chainMismatch: Gauge;
  readonly stuckSeconds: Gauge;
  readonly stuckSeqno: Gauge;
  readonly partitionsCreated: Counter<'table'>;
  readonly partitionHeadroomLt: Gauge;

  constructor(registry: Registry) {
    this.headSeqno = gauge(registry, {
      name: `${METRIC_PREFIX}ingest_head_seqno`,
      help: 'Masterchain seqno of the chain head, as the liteserver pool sees it.',
    });
    this.indexedSeqno = gauge(registry, {
      name: `${METRIC_PREFIX}ingest_indexed_seqno`,
      help: 'Last masterchain seqno written to PostgreSQL by the live follower.',
    });
    this.lagBlocks = gauge(registry, {
      name: `${METRIC_PREFIX}ingest_lag_blocks`,
      help: 'Masterchain blocks between the head and the last indexed block.',
    });
    this.lagSeconds = gauge(registry, {
      name: `${METRIC_PREFIX}ingest_lag_seconds`,
      help: 'Seconds between the head block and the last indexed block (gen_utime).',
    });
    this.blocks = counter(registry, {
      name: `${METRIC_PREFIX}ingest_blocks_total`,
      help: 'Blocks written, by kind (masterchain, shard).',
      labelNames: ['kind'],
    });
    this.transactions = counter(registry, {
      name: `${METRIC_PREFIX}ingest_transactions_total`,
      help: 'Transactions written.',
    });
    this.commitSeconds = histogram(registry, {
      name: `${METRIC_PREFIX}ingest_batch_commit_seconds`,
      help: 'Time to write and commit one masterchain block with its shard blocks.',
      buckets: COMMIT_BUCKETS,
    });
    this.loadSeconds = histogram(registry, {
      name: `${METRIC_PREFIX}ingest_batch_load_seconds`,
      help: 'Time to fetch and parse one masterchain block with its shard blocks.',
      buckets: COMMIT_BUCKETS,
    });
    this.parseErrors = counter(registry, {
      name: `${METRIC_PREFIX}ingest_parse_errors_total`,
      help: 'Blocks that failed to parse.',
    });
    this.quarantined = counter(registry, {
      name: `${METRIC_PREFIX}ingest_quarantined_blocks_total`,
      help: 'Blocks put in quarantine (ingest_quarantine) instead of being retried forever.',
    });
    this.writeRetries = counter(registry, {
      name: `${METRIC_PREFIX}ingest_write_retries_total`,
      help: 'Batch writes retried after a PostgreSQL error.',
    });
    this.leader = gauge(registry, {
      name: `${METRIC_PREFIX}ingest_leader`,
      help: 'Whether this replica holds the live-follower lease (1) or stands by (0).',
    });
    this.chainMismatch = gauge(registry, {
      name: `${METRIC_PREFIX}ingest_chain_mismatch`,
      help: 'Whether the follower stopped because the liteservers serve another chain than the index holds (1).',
    });
    this.stuckSeconds = gauge(registry, {
      name: `${METRIC_PREFIX}ingest_stuck_seconds`,
      help: 'Seconds the leading follower has not committed its next block while the head is ahead (0 when progressing or caught up).',
    });
    this.stuckSeqno = gauge(registry, {
      name: `${METRIC_PREFIX}ingest_stuck_seqno`,
      help: 'The masterchain block the follower waits on while tonapi_ingest_stuck_seconds > 0 (0 otherwise).',
    });
    this.partitionsCreated = counter(registry, {
      name: `${METRIC_PREFIX}ingest_history_partitions_created_total`,
      help: 'lt partitions of the history tables created ahead of the chain, by table.',
      labelNames: ['table'],
    });
    this.partitionHeadroomLt = gauge(registry, {
      name: `${METRIC_PREFIX}ingest_history_partition_headroom_lt`,
      help: 'Logical time between the newest transaction written and the end of the newest partition every history table has (0 or less: rows would find no partition).',
    });
    this.chainMismatch.set(0);
    this.stuckSeconds.set(0);
    this.stuckSeqno.set(0);
  }

  observeHead(seqno: number): void {
    this.headSeqno.set(seqno);
  }

  observeIndexed(seqno: number, headSeqno: number, headUtime: number, indexedUtime: number): void {
    this.indexedSeqno.set(seqno);
    this.lagBlocks.set(Math.max(0, headSeqno - seqno));
    this.lagSeconds.set(Math.max(0, headUtime - indexedUtime));
  }
}
