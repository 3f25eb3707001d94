import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Test } from '@nestjs/testing';
import { DatabaseModule, DataSource, IndexerCursorRepository, pingDatabase } from '@app/database';
import { createTestDatabase, type TestDatabase } from '@app/testing';

void describe(DatabaseModule.name, () => {
  let db: TestDatabase;

  before(async () => {
    db = await createTestDatabase({ prefix: 'db_module' });
  });

  after(async () => {
    await db.drop();
  });

  void it('provides an initialised DataSource and the repositories, and closes the pool on shutdown', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [DatabaseModule.forRoot({ url: db.url, applicationName: 'db-module-spec' })],
    }).compile();
    // An application context (no HTTP adapter): init() and close() run the lifecycle hooks.
    const app = await moduleRef.init();
    const dataSource = app.get(DataSource);
    assert.equal(dataSource.isInitialized, true);
    assert.ok((await pingDatabase(dataSource)) >= 0);

    const cursors = app.get(IndexerCursorRepository);
    await cursors.advance('masterchain', 7);
    assert.equal(await cursors.get('masterchain'), 7);
    assert.deepEqual(
      await dataSource.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'db-module-spec'`,
      ),
      [{ n: 1 }],
    );

    await app.close();
    assert.equal(dataSource.isInitialized, false);
    await assert.rejects(pingDatabase(dataSource), /data source is not initialised/);
  });
});
