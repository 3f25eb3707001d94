import {
  createDatabase,
  createDataSource,
  type DataSource,
  runPendingMigrations,
  withDatabase,
} from '@app/database';
import { type Localnet } from '@app/localnet';
import { decodeToHead, interfaceDetector } from '../../integration/support/decode-support';
import { ingestLocalnet, localnetPool } from '../../integration/support/ingest-support';

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
  const pool = await localnetPool(localnet);
  try {
    if (!(await decodeToHead(ds, head, 120_000, { detector: interfaceDetector(pool) }))) {
      throw new Error(`the reference decode did not reach masterchain block ${String(head)}`);
    }
  } finally {
    pool.close();
  }
  return ds;
}
