import {
  createDatabase,
  createDataSource,
  type DataSource,
  IndexerCursorRepository,
  runPendingMigrations,
  withDatabase,
} from '@app/database';
import { LiteserverPool } from '@app/liteclient';
import pino from 'pino';
import { Registry } from 'prom-client';
import {
  BlockDecoder,
  DecoderMetrics,
  DecoderWorker,
  GetMethodClient,
  InterfaceDetector,
  InterfaceProbes,
} from '@app/decoder';
import { type Localnet } from '@app/localnet';
import { ingestLocalnet } from '../../integration/support/ingest-support';

/**
 * The same chain indexed without any fault, in database `name` of the server at `serverUrl`: ingested
 * block by block by the ingestor's components, then decoded (interfaces detected against the
 * localnet) by the decoder's worker in this process. What a faulted run must end up equal to.
 */
export async function buildReferenceIndex(
  localnet: Localnet,
  serverUrl: string,
  name: string,
): Promise<DataSource> {
  await createDatabase(serverUrl, name);
  const ds = await createDataSource({
    url: withDatabase(serverUrl, name),
    poolSize: 3,
  }).initialize();
  await runPendingMigrations(ds);
  const head = await ingestLocalnet(localnet, ds);
  const pool = new LiteserverPool(
    localnet.liteservers.map((ls) => ls.endpoint),
    { timeoutMs: 5000, attempts: 2, probeIntervalMs: 1000 },
  );
  await pool.start();
  const worker = new DecoderWorker(
    ds,
    new IndexerCursorRepository(ds),
    new BlockDecoder(new InterfaceDetector(new InterfaceProbes(new GetMethodClient(pool)))),
    new DecoderMetrics(new Registry()),
    pino({ level: 'silent' }),
    { sourceCursor: 'masterchain', cursor: 'decoder', pollMs: 50 },
  );
  try {
    worker.start();
    if (!(await worker.waitForSeqno(head, 120_000))) {
      throw new Error(`the reference decode did not reach masterchain block ${String(head)}`);
    }
  } finally {
    await worker.stop();
    pool.close();
  }
  return ds;
}
