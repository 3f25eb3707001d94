import {
  ChainBlockWriter,
  type DataSource,
  IndexerCursorRepository,
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
