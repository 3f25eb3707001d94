import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  ChainIdentityRepository,
  createDataSource,
  type DataSource,
  IndexerCursorRepository,
} from '@app/database';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import pino from 'pino';
import { prepareLocalIndex } from '../src/local-index';

const OLD = { seqno: 0, rootHash: 'O'.repeat(43) + '=', fileHash: 'P'.repeat(43) + '=' };
const NEW = 'N'.repeat(43) + '=';

void describe('npm start: the index before the local network is indexed (real PostgreSQL)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  const lines: { msg: string }[] = [];
  const logger = pino(
    { level: 'info' },
    {
      write: (line: string) => {
        lines.push(JSON.parse(line) as { msg: string });
      },
    },
  );

  before(async () => {
    db = await createTestDatabase({ prefix: 'local_index' });
    ds = await createDataSource({ url: db.url, poolSize: 2 }).initialize();
  });

  after(async () => {
    await ds.destroy();
    await db.drop();
  });

  const indexOldChain = async (): Promise<void> => {
    await new ChainIdentityRepository(ds).verifyZeroState(OLD);
    await new IndexerCursorRepository(ds).advance('masterchain', 12);
  };
  const cursor = (): Promise<number | null> => new IndexerCursorRepository(ds).get('masterchain');

  void it('keeps an empty index, and the index of the same chain (a resumed network)', async () => {
    const options = { zeroStateRootHash: OLD.rootHash, fresh: false, embedded: true };
    assert.equal(await prepareLocalIndex(ds, options, logger), 'kept');
    await indexOldChain();
    assert.equal(await prepareLocalIndex(ds, options, logger), 'kept');
    assert.equal(await cursor(), 12);
  });

  void it('leaves an index of another chain in a DATABASE_URL to the ingestor, with a warning', async () => {
    const outcome = await prepareLocalIndex(
      ds,
      { zeroStateRootHash: NEW, fresh: false, embedded: false },
      logger,
    );
    assert.equal(outcome, 'left-for-the-ingestor');
    assert.equal(await cursor(), 12);
    assert.equal(
      lines.at(-1)?.msg,
      `the local network is a new chain (zero state ${NEW}) but DATABASE_URL holds the index of another one (zero state ${OLD.rootHash}); the ingestor will not write until the index is reset (npm run ingest -- --reset --yes, or npm start -- --fresh)`,
    );
  });

  void it('clears the embedded index of another chain, naming both zero states', async () => {
    const outcome = await prepareLocalIndex(
      ds,
      { zeroStateRootHash: NEW, fresh: false, embedded: true },
      logger,
    );
    assert.equal(outcome, 'cleared');
    assert.equal(await cursor(), null);
    assert.equal(await new ChainIdentityRepository(ds).get(), null);
    assert.equal(
      lines.at(-1)?.msg,
      `the local network started a new chain (zero state ${NEW}); the index of the previous one (zero state ${OLD.rootHash}) was cleared`,
    );
  });

  void it('fresh clears any index, a DATABASE_URL one included', async () => {
    await indexOldChain();
    const outcome = await prepareLocalIndex(
      ds,
      { zeroStateRootHash: OLD.rootHash, fresh: true, embedded: false },
      logger,
    );
    assert.equal(outcome, 'cleared');
    assert.equal(await cursor(), null);
    assert.equal(lines.at(-1)?.msg, 'fresh start: the index was cleared for the new local chain');
  });
});
