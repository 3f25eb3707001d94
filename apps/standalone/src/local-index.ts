import { ChainIdentityRepository, type DataSource, resetIndex } from '@app/database';
import { type Logger } from 'pino';
import { z } from 'zod';

export interface LocalIndexOptions {
  /** The new local chain's masterchain zero state root hash (base64). */
  readonly zeroStateRootHash: string;
  /** `npm start -- --fresh` or LOCALNET_FRESH=1: clear the index whatever it holds. */
  readonly fresh: boolean;
  /** The database is the embedded one under .data/ (not a DATABASE_URL the operator gave). */
  readonly embedded: boolean;
}

export type LocalIndexOutcome = 'kept' | 'cleared' | 'left-for-the-ingestor';

const CountRows = z.array(z.object({ n: z.number() }));

/**
 * Before `npm start` indexes its local network: the network resumes its chain from .data/localnet,
 * but starts a new one with `--fresh`, on the first start, or when its saved chain cannot be
 * produced again — and an index of an earlier chain must not be continued: v3 would serve the old
 * chain's blocks as the new one's. In the embedded database (a developer's sandbox) that index is
 * cleared, with a log line naming both zero states; in a database given by DATABASE_URL it is left
 * alone and the ingestor refuses to write (chain-identity.ts) until the operator resets it. `fresh`
 * clears any index.
 */
export async function prepareLocalIndex(
  dataSource: DataSource,
  options: LocalIndexOptions,
  logger: Logger,
): Promise<LocalIndexOutcome> {
  if (options.fresh) {
    await resetIndex(dataSource);
    logger.info(
      { zeroState: options.zeroStateRootHash },
      'fresh start: the index was cleared for the new local chain',
    );
    return 'cleared';
  }
  const recorded = await new ChainIdentityRepository(dataSource).get();
  if (recorded?.zeroStateRootHash === options.zeroStateRootHash) {
    return 'kept';
  }
  const [cursors] = CountRows.parse(
    await dataSource.query(`SELECT count(*)::int AS n FROM indexer_cursor`),
  );
  if (recorded === null && (cursors?.n ?? 0) === 0) {
    return 'kept';
  }
  const previous = recorded?.zeroStateRootHash ?? 'unrecorded';
  if (!options.embedded) {
    logger.warn(
      { zeroState: options.zeroStateRootHash, indexedZeroState: previous },
      `the local network is a new chain (zero state ${options.zeroStateRootHash}) but DATABASE_URL holds the index of another one (zero state ${previous}); the ingestor will not write until the index is reset (npm run ingest -- --reset --yes, or npm start -- --fresh)`,
    );
    return 'left-for-the-ingestor';
  }
  await resetIndex(dataSource);
  logger.info(
    { zeroState: options.zeroStateRootHash, indexedZeroState: previous },
    `the local network started a new chain (zero state ${options.zeroStateRootHash}); the index of the previous one (zero state ${previous}) was cleared`,
  );
  return 'cleared';
}
