import {
  ChainBlockWriter,
  type DataSource,
  IndexerCursorRepository,
  IngestLeaderLease,
  IngestProgressRepository,
} from '@app/database';
import { LiteserverPool } from '@app/liteclient';
import pino, { type Logger } from 'pino';
import { Registry } from 'prom-client';
import { type Localnet } from '@app/localnet';
import {
  BackfillRunner,
  BatchCommitter,
  BlockSource,
  ChainFollower,
  type ChainFollowerOptions,
  EventOutbox,
  IngestMetrics,
  McBatchLoader,
  NO_EVENTS,
} from '@app/ingestor';

/** A started pool over the localnet's liteservers (close it when done). */
export async function localnetPool(
  localnet: Localnet,
  probeIntervalMs = 1000,
): Promise<LiteserverPool> {
  const pool = new LiteserverPool(
    localnet.liteservers.map((ls) => ls.endpoint),
    { timeoutMs: 5000, attempts: 2, probeIntervalMs },
  );
  await pool.start();
  return pool;
}

/**
 * Ingests masterchain blocks 1..head into `ds` with the ingestor's own components (BackfillRunner,
 * one worker), then moves the live cursor (`masterchain`) to the head as the follower would have:
 * what the decoder then decodes. Answers how many blocks were quarantined.
 */
export async function ingestBlocks(
  ds: DataSource,
  pool: LiteserverPool,
  head: number,
  logger: Logger = pino({ level: 'silent' }),
): Promise<number> {
  const progress = new IngestProgressRepository(ds);
  const cursors = new IndexerCursorRepository(ds);
  const runner = new BackfillRunner(
    new McBatchLoader(new BlockSource(pool)),
    new BatchCommitter(
      new ChainBlockWriter(ds),
      progress,
      cursors,
      new IngestMetrics(new Registry()),
      logger,
    ),
    progress,
    NO_EVENTS,
    logger,
  );
  const result = await runner.run({ from: 1, to: head, workers: 1, window: 4 });
  await cursors.advance('masterchain', head);
  return result.quarantined;
}

/**
 * Ingests masterchain blocks 1..head of a localnet into `ds` (ingestBlocks): the ground for the
 * decoder's tests.
 */
export async function ingestLocalnet(localnet: Localnet, ds: DataSource): Promise<number> {
  const head = localnet.chain.head().id.seqno;
  const pool = await localnetPool(localnet);
  try {
    await ingestBlocks(ds, pool, head);
    return head;
  } finally {
    pool.close();
  }
}

/** What the follow specs set of the live follower; the rest is the same for all of them. */
export interface LiveFollowerSettings {
  /** Holder of the `masterchain` leader lease, and how long the lease lasts once taken. */
  readonly leaseHolder: string;
  readonly leaseTtlMs: number;
  readonly headWaitMs: number;
  readonly leaseRenewMs: number;
}

/**
 * The ingestor's live follower of the `masterchain` cursor from block 1, assembled from its own
 * components over `pool` and `ds` (no events published: NO_EVENTS). Start it with `start()`, stop
 * it with `stop()`; the pool stays the caller's.
 */
export function liveFollower(
  ds: DataSource,
  pool: LiteserverPool,
  metrics: IngestMetrics,
  logger: Logger,
  settings: LiveFollowerSettings,
): ChainFollower {
  const cursors = new IndexerCursorRepository(ds);
  const source = new BlockSource(pool);
  const options: ChainFollowerOptions = {
    cursorName: 'masterchain',
    startSeqno: 1,
    window: 4,
    roundSize: 50,
    headWaitMs: settings.headWaitMs,
    leaseRenewMs: settings.leaseRenewMs,
  };
  return new ChainFollower(
    source,
    new McBatchLoader(source),
    new BatchCommitter(
      new ChainBlockWriter(ds),
      new IngestProgressRepository(ds),
      cursors,
      metrics,
      logger,
    ),
    cursors,
    new IngestLeaderLease(ds, 'masterchain', settings.leaseHolder, settings.leaseTtlMs),
    new EventOutbox(ds, cursors, NO_EVENTS, 'masterchain', 'masterchain.events', logger),
    metrics,
    logger,
    options,
  );
}
