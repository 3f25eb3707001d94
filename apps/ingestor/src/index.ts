// The ingestor's public entry: what the single-process launcher, the cross-app tests and the
// benchmarks use. Anything else under src/ is the ingestor's own.

// Boot: the Nest module and its service.
export { IngestorModule } from './ingestor.module';
export { IngestorService } from './ingestor.service';

// The pipeline's parts, assembled by test/integration/support/ingest-support.ts (the ground every
// decoder and v3 test stands on, and the live follower of the ingestor's own follow specs) and by
// the catch-up benchmark.
export { BackfillRunner } from './backfill/backfill.runner';
export { NO_EVENTS } from './events/block-indexed.publisher';
export { EventOutbox } from './events/event-outbox';
export { ChainFollower, type ChainFollowerOptions } from './follow/chain-follower';
export { JetStreamBlockIndexedPublisher } from './events/jetstream-block-indexed.publisher';
export { BatchCommitter } from './follow/batch-committer';
export { IngestMetrics } from './metrics/ingest.metrics';
export { loadBatches } from './source/batch-pipeline';
export { BlockSource } from './source/block-source';
export { createBlockDecoder } from './source/decode/block-decoder.pool';
export { McBatchLoader } from './source/mc-batch.loader';
