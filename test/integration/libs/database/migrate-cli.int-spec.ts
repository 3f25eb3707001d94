import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { withDatabase } from '@app/database';
import {
  createTestDatabase,
  runNodeScript,
  type TestDatabase,
  testServerUrl,
  uniqueName,
} from '@app/testing';
import { EXPECTED_MIGRATIONS } from '../../support/expected-migrations';

/** The compiled entry point beside this compiled test: <out>/libs/database/src/migrate.js */
const MIGRATE_JS = resolve(__dirname, '../../../../libs/database/src/migrate.js');

interface Run {
  code: number;
  lines: Record<string, unknown>[];
  stderr: string;
}

async function migrate(env: Record<string, string | undefined>, args: string[] = []): Promise<Run> {
  const { code, stdout, stderr } = await runNodeScript(MIGRATE_JS, args, env);
  const lines = stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { code, lines, stderr };
}

void describe('npm run migrate (libs/database/src/migrate.js)', () => {
  let db: TestDatabase;

  before(async () => {
    db = await createTestDatabase({ migrate: false, prefix: 'migrate_cli' });
  });

  after(async () => {
    await db.drop();
  });

  void it('applies pending migrations and logs each as a JSON line, as the apps log', async () => {
    const run = await migrate({ DATABASE_URL: db.url });
    assert.equal(run.code, 0);
    // The apps' logger (libs/observability createLogger): level names, `app`, ISO timestamps.
    const [first] = run.lines;
    assert.ok(first);
    assert.deepEqual(Object.keys(first), ['level', 'time', 'app', 'database', 'migration', 'msg']);
    assert.equal(first.app, 'migrate');
    assert.match(String(first.time), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.deepEqual(
      run.lines.map((l) => [l.level, l.msg, l.migration ?? l.applied]),
      [
        ...EXPECTED_MIGRATIONS.map((name) => ['info', 'applied migration', name]),
        ['info', 'migrations applied', EXPECTED_MIGRATIONS.length],
      ],
    );
  });

  void it('is a no-op when the schema is up to date', async () => {
    const run = await migrate({ DATABASE_URL: db.url });
    assert.equal(run.code, 0);
    assert.deepEqual(
      run.lines.map((l) => [l.msg, l.applied, l.total, l.latest]),
      [['schema is up to date', 0, EXPECTED_MIGRATIONS.length, EXPECTED_MIGRATIONS.at(-1)]],
    );
  });

  void it('--revert reverts the last migration each time, then reports nothing to revert', async () => {
    for (const migration of [...EXPECTED_MIGRATIONS].reverse()) {
      const run = await migrate({ DATABASE_URL: db.url }, ['--revert']);
      assert.equal(run.code, 0);
      assert.deepEqual(
        run.lines.map((l) => [l.msg, l.migration]),
        [['reverted migration', migration]],
      );
    }
    const second = await migrate({ DATABASE_URL: db.url }, ['--revert']);
    assert.equal(second.code, 0);
    assert.deepEqual(
      second.lines.map((l) => l.msg),
      ['no applied migration to revert'],
    );
  });

  void it('exits 1 with the reason when the database is unreachable', async () => {
    const missing = withDatabase(testServerUrl(), uniqueName('absent'));
    const run = await migrate({ DATABASE_URL: missing });
    assert.equal(run.code, 1);
    assert.deepEqual(run.lines, []);
    assert.match(
      run.stderr,
      /^migrate: migration run failed: database "absent_\w+" does not exist\n$/,
    );
  });

  void it('exits 2 with one line when DATABASE_URL is missing or an argument is unknown', async () => {
    const unset = await migrate({ DATABASE_URL: undefined });
    assert.deepEqual(
      [unset.code, unset.lines, unset.stderr],
      [2, [], 'migrate: DATABASE_URL is not set (see npm run migrate -- --help)\n'],
    );
    const unknown = await migrate({ DATABASE_URL: db.url }, ['--down']);
    assert.deepEqual(
      [unknown.code, unknown.lines, unknown.stderr],
      [2, [], "migrate: unknown option '--down' (see npm run migrate -- --help)\n"],
    );
  });
});
