import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { createDataSource, findFreePort } from '@app/database';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { EMPTY_CHAIN_ENV, Standalone, waitUntil, workDir } from './support/standalone-process';

const INGEST_CLI = resolve(__dirname, '../../apps/ingestor/src/backfill/ingest-cli.js');

/**
 * Two local networks (two directories, so two chains) indexed into one DATABASE_URL: the second is
 * refused — nothing written, one clear line, /readyz 503 — until the operator resets the index.
 */
describe('npm start against a DATABASE_URL that holds another chain', () => {
  const dirs = [workDir(), workDir()] as const;
  let db: TestDatabase;
  let run: Standalone | undefined;

  before(async () => {
    db = await createTestDatabase({ prefix: 'other_chain', migrate: false });
  });

  after(async () => {
    await run?.stop();
    await db.drop();
    for (const dir of dirs) {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses the other chain with one line naming both zero states, and fails /readyz', async () => {
    const port = await findFreePort();
    const env = { ...EMPTY_CHAIN_ENV, DATABASE_URL: db.url };
    run = await new Standalone(dirs[0], port, env).start();
    const firstZeroState = await run.zeroState();
    const block3 = await run.indexed(3);
    await run.stop();

    run = await new Standalone(dirs[1], port, env).start();
    const secondZeroState = await run.zeroState();
    assert.notEqual(secondZeroState, firstZeroState);
    const line = `chain mismatch: the liteservers' zero state is ${secondZeroState} but the index holds the chain of zero state ${firstZeroState} — the liteservers serve another chain; nothing was written; if the new chain is the one to index, reset the index with "npm run ingest -- --reset --yes" (docs/operations.md, "Indexing another chain")`;
    const current = run;
    await waitUntil(() => current.messages().includes(line), 'the refusal line');
    assert.equal(current.messages().filter((m) => m === line).length, 1, 'logged once');
    // A failed /readyz names the check that is down and why.
    const readiness = await run.get('readyz');
    assert.equal(readiness.status, 503);
    const down = (readiness.body as { error: Record<string, { status: string; message: string }> })
      .error;
    assert.deepEqual(
      Object.entries(down).map(([check, { status, message }]) => [check, status, message]),
      [['ingest-chain', 'down', line]],
    );
    // v3 still answers the first chain's block; nothing of the second one was written.
    assert.equal(await run.v3Block(3), block3);
    assert.notEqual(await run.v2Block(3), block3);
    await run.stop();
    run = undefined;

    const reset = await promisify(execFile)(process.execPath, [INGEST_CLI, '--reset', '--yes'], {
      env: { ...process.env, DATABASE_URL: db.url },
    });
    assert.match(reset.stdout, /index reset: every indexed table is empty/);
    const ds = await createDataSource({ url: db.url, poolSize: 1 }).initialize();
    try {
      const rows: { n: number }[] = await ds.query(
        `SELECT (SELECT count(*) FROM blocks)::int + (SELECT count(*) FROM chain_identity)::int AS n`,
      );
      assert.deepEqual(rows, [{ n: 0 }]);
    } finally {
      await ds.destroy();
    }
  });
});
