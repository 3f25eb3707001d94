import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { withDatabase } from '@app/database';
import { createTestDatabase, type TestDatabase, testServerUrl, uniqueName } from '@app/testing';

const execFileAsync = promisify(execFile);
/** The compiled entry point beside this compiled test: <out>/libs/database/src/migrate.js */
const MIGRATE_JS = resolve(__dirname, '../../../../libs/database/src/migrate.js');

interface Run {
  code: number;
  lines: Record<string, unknown>[];
  stderr: string;
}

async function migrate(env: Record<string, string | undefined>, args: string[] = []): Promise<Run> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (env.DATABASE_URL === undefined) {
    delete childEnv.DATABASE_URL;
  }
  let stdout: string;
  let stderr: string;
  let code = 0;
  try {
    ({ stdout, stderr } = await execFileAsync(process.execPath, [MIGRATE_JS, ...args], {
      env: childEnv,
    }));
  } catch (error: unknown) {
    assert.ok(error instanceof Error && 'stdout' in error && 'stderr' in error && 'code' in error);
    stdout = String(error.stdout);
    stderr = String(error.stderr);
    code = Number(error.code);
  }
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
        ['info', 'applied migration', 'Init1795238798597'],
        ['info', 'applied migration', 'ChainTables1795300000000'],
        ['info', 'applied migration', 'DecodedTables1795400000000'],
        ['info', 'applied migration', 'DnsMultisigVesting1795500000000'],
        ['info', 'applied migration', 'ApiKeys1795600000000'],
        ['info', 'applied migration', 'StreamingLimits1795700000000'],
        ['info', 'applied migration', 'AddressMetadata1795800000000'],
        ['info', 'applied migration', 'NftSales1795900000000'],
        ['info', 'applied migration', 'TraceAccounts1796000000000'],
        ['info', 'applied migration', 'ChainIdentity1796150000000'],
        ['info', 'applied migration', 'NftAuctions1796170000000'],
        ['info', 'applied migration', 'PartitionHistory1796250000000'],
        ['info', 'applied migration', 'PartitionTraceHistory1796260000000'],
        ['info', 'applied migration', 'ActionLts1796270000000'],
        ['info', 'migrations applied', 14],
      ],
    );
  });

  void it('is a no-op when the schema is up to date', async () => {
    const run = await migrate({ DATABASE_URL: db.url });
    assert.equal(run.code, 0);
    assert.deepEqual(
      run.lines.map((l) => [l.msg, l.applied, l.total, l.latest]),
      [['schema is up to date', 0, 14, 'ActionLts1796270000000']],
    );
  });

  void it('--revert reverts the last migration each time, then reports nothing to revert', async () => {
    for (const migration of [
      'ActionLts1796270000000',
      'PartitionTraceHistory1796260000000',
      'PartitionHistory1796250000000',
      'NftAuctions1796170000000',
      'ChainIdentity1796150000000',
      'TraceAccounts1796000000000',
      'NftSales1795900000000',
      'AddressMetadata1795800000000',
      'StreamingLimits1795700000000',
      'ApiKeys1795600000000',
      'DnsMultisigVesting1795500000000',
      'DecodedTables1795400000000',
      'ChainTables1795300000000',
      'Init1795238798597',
    ]) {
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
