import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  ApiKeyRepository,
  ChainIdentityRepository,
  ChainMismatchError,
  createDataSource,
  type DataSource,
  INDEXED_TABLES,
  IndexerCursorRepository,
  OPERATOR_TABLES,
  resetIndex,
} from '@app/database';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { z } from 'zod';
import { insertMcBlock } from './mc-block-row.support';

const ZERO_A = { seqno: 0, rootHash: 'A'.repeat(43) + '=', fileHash: 'B'.repeat(43) + '=' };
const ZERO_B = { seqno: 0, rootHash: 'C'.repeat(43) + '=', fileHash: 'D'.repeat(43) + '=' };

void describe('chain identity and index reset (real PostgreSQL)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let identity: ChainIdentityRepository;

  before(async () => {
    db = await createTestDatabase({ prefix: 'chain_identity' });
    ds = await createDataSource({ url: db.url, poolSize: 2 }).initialize();
    identity = new ChainIdentityRepository(ds);
  });

  after(async () => {
    await ds.destroy();
    await db.drop();
  });

  void it('classifies every table of the schema: emptied by a reset, or kept', async () => {
    const rows = z.array(z.object({ table_name: z.string() })).parse(
      await ds.query(
        // Partitions are emptied with their partitioned table.
        `SELECT table_name FROM information_schema.tables T
           JOIN pg_class C ON C.relname = T.table_name AND C.relnamespace = 'public'::regnamespace
           WHERE T.table_schema = 'public' AND NOT C.relispartition ORDER BY 1`,
      ),
    );
    assert.deepEqual(
      rows.map((r) => r.table_name),
      [...INDEXED_TABLES, ...OPERATOR_TABLES].sort(),
    );
  });

  void it('records the first zero state and refuses another one with one line naming both', async () => {
    assert.equal(await identity.get(), null);
    await identity.verifyZeroState(ZERO_A);
    await identity.verifyZeroState(ZERO_A);
    assert.deepEqual(await identity.get(), {
      zeroStateRootHash: ZERO_A.rootHash,
      zeroStateFileHash: ZERO_A.fileHash,
      globalId: null,
    });
    await assert.rejects(identity.verifyZeroState(ZERO_B), (error: unknown) => {
      assert.ok(error instanceof ChainMismatchError);
      assert.equal(
        error.message,
        `chain mismatch: the liteservers' zero state is ${ZERO_B.rootHash} but the index holds the chain of zero state ${ZERO_A.rootHash} — the liteservers serve another chain; nothing was written; if the new chain is the one to index, reset the index with "npm run ingest -- --reset --yes" (docs/operations.md, "Indexing another chain")`,
      );
      return true;
    });
  });

  void it('compares a head block with the index block of its seqno, when there is one', async () => {
    await insertMcBlock(ds, 7, 'E'.repeat(43) + '=', 'F'.repeat(43) + '=');
    await identity.verifyHead({
      seqno: 7,
      rootHash: 'E'.repeat(43) + '=',
      fileHash: 'F'.repeat(43) + '=',
    });
    await identity.verifyHead({
      seqno: 8,
      rootHash: 'G'.repeat(43) + '=',
      fileHash: 'G'.repeat(43) + '=',
    });
    await assert.rejects(
      identity.verifyHead({
        seqno: 7,
        rootHash: 'G'.repeat(43) + '=',
        fileHash: 'F'.repeat(43) + '=',
      }),
      new RegExp(
        `^ChainMismatchError: chain mismatch: the liteservers' masterchain block 7 is ${'G'.repeat(43)}= but the index holds ${'E'.repeat(43)}= for block 7 — `,
      ),
    );
  });

  void it('a reset empties every indexed table and the identity in one go, keeping API keys', async () => {
    const keys = new ApiKeyRepository(ds);
    await keys.createPlan({ name: 'pro', rps: 10, burst: 20, networks: ['local'] });
    await new IndexerCursorRepository(ds).advance('masterchain', 7);
    await resetIndex(ds);
    assert.equal(await identity.get(), null);
    assert.equal(await new IndexerCursorRepository(ds).get('masterchain'), null);
    for (const table of INDEXED_TABLES) {
      const [row] = z
        .array(z.object({ n: z.number() }))
        .parse(await ds.query(`SELECT count(*)::int AS n FROM "${table}"`));
      assert.equal(row?.n, 0, table);
    }
    assert.deepEqual(
      (await keys.listPlans()).map((p) => p.name),
      ['pro'],
    );
    await identity.verifyZeroState(ZERO_B);
    assert.equal((await identity.get())?.zeroStateRootHash, ZERO_B.rootHash);
  });
});
