import {
  ChainBlockWriter,
  type DataSource,
  IndexerCursorRepository,
  IngestProgressRepository,
} from '@app/database';
import { LiteserverPool } from '@app/liteclient';
import pino from 'pino';
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

/**
 * Ingests masterchain blocks 1..head of a localnet into `ds` with the real ingestor components, then
 * moves the live cursor (`masterchain`) to the head as the follower would have: the ground for the
 * decoder's tests.
 */
export async function ingestLocalnet(localnet: Localnet, ds: DataSource): Promise<number> {
  const head = localnet.chain.head().id.seqno;
  const pool = new LiteserverPool(
    localnet.liteservers.map((ls) => ls.endpoint),
    { timeoutMs: 5000, attempts: 2, probeIntervalMs: 1000 },
  );
  await pool.start();
  try {
    const logger = pino({ level: 'silent' });
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
    await runner.run({ from: 1, to: head, workers: 1, window: 4 });
    await cursors.advance('masterchain', head);
    return head;
  } finally {
    pool.close();
  }
}
