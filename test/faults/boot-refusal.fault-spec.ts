import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { appendFile, chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it, type TestContext } from 'node:test';
import { promisify } from 'node:util';
import {
  createDataSource,
  type EmbeddedPostgres,
  findFreePort,
  startEmbeddedPostgres,
} from '@app/database';
import { createTestDatabase, natsUrl, type TestDatabase } from '@app/testing';
import { FaultLedger } from './support/fault-ledger';
import { jsonLines, type NodeRun, runNode } from './support/run-node';

const execFileAsync = promisify(execFile);

const ledger = new FaultLedger(
  __filename,
  'A failing migration or a full disk: the service refuses to start, saying why',
);
const T = {
  migrate: 'failing migration: migrate runs not exiting 1 naming the migration and its cause',
  apps: 'failing migration: apps (query, ingestor, decoder) starting or refusing without naming the missing migrations',
  diskStart: 'full disk: npm start not refusing with "No space left on device"',
  diskMigrate: 'full disk: migrate or the query app not refusing with "No space left on device"',
} as const;
for (const name of Object.values(T)) {
  ledger.plan(name, 'runs', 0);
}

/** The fatal line runMain prints when an app cannot start (libs/observability exit-on-boot-failure). */
function fatalOf(run: NodeRun): string | undefined {
  const line = jsonLines(run.stderr).find((l) => l.level === 'fatal');
  return typeof line?.err === 'string' ? line.err : undefined;
}

/** The one line a CLI prints on stderr when it fails (libs/config command-line), without its name. */
function cliErrorOf(run: NodeRun, cli: string): string | undefined {
  const lines = run.stderr.split('\n').filter((l) => l !== '');
  return lines.length === 1 ? lines[0]?.replace(`${cli}: `, '') : undefined;
}

const describeRun = (run: NodeRun): string =>
  `exit ${String(run.code)} after ${String(run.ms)} ms; stderr: ${run.stderr.slice(-1500)}; stdout: ${run.stdout.slice(-1500)}`;

/** A tmpfs of `sizeMb` at `dir` (as root); false when this machine does not allow it. */
async function mountTmpfs(dir: string, sizeMb: number): Promise<boolean> {
  if (process.getuid?.() !== 0) {
    return false;
  }
  try {
    await execFileAsync('mount', ['-t', 'tmpfs', '-o', `size=${String(sizeMb)}m`, 'tmpfs', dir]);
    // As root the embedded PostgreSQL runs as the OS user postgres, which must enter it.
    await chmod(dir, 0o755);
    return true;
  } catch {
    // mount refused (no CAP_SYS_ADMIN here): answered as "not allowed on this machine".
    return false;
  }
}

/** Writes zeros into `file` until the file system is full. */
async function fillDisk(file: string): Promise<void> {
  for (const size of [1 << 20, 4096, 512]) {
    const chunk = Buffer.alloc(size);
    for (;;) {
      try {
        await appendFile(file, chunk);
      } catch (error: unknown) {
        if (error instanceof Error && 'code' in error && error.code === 'ENOSPC') {
          break;
        }
        throw error;
      }
    }
  }
}

/**
 * Faults: "Disk-full or a failing migration: the service refuses to start with a clear
 * message." A migration that cannot apply (a table of the same name already there), npm start with its
 * embedded PostgreSQL on a full disk, and migrate and an app against a PostgreSQL whose disk is full:
 * each exits 1 within a bound and says why in its last words. The full disks are tmpfs mounts (root).
 */
void describe('the service refuses to start on a failed migration or a full disk', () => {
  let dir: string;
  let db: TestDatabase;
  let configPath: string;
  const mounts: string[] = [];

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'faults-boot-'));
    await chmod(dir, 0o755);
    // A liteserver list the indexing apps can parse; they never get as far as connecting to it.
    configPath = join(dir, 'global.config.json');
    const key = Buffer.alloc(32, 7).toString('base64');
    await writeFile(
      configPath,
      JSON.stringify({
        liteservers: [{ ip: 2130706433, port: 1, id: { '@type': 'pub.ed25519', key } }],
      }),
    );
    db = await createTestDatabase({ migrate: false, prefix: 'faults_migration' });
  });

  after(async () => {
    for (const mount of mounts) {
      await execFileAsync('umount', [mount]).catch(() => undefined);
    }
    await db.drop();
    await rm(dir, { recursive: true, force: true });
    ledger.flush();
  });

  void it('a migration that cannot apply: migrate exits 1 naming it, and the apps refuse the schema it left', async () => {
    const ds = await createDataSource({ url: db.url, poolSize: 1 }).initialize();
    try {
      // ChainTables creates "blocks": a table of that name in the way makes it fail.
      await ds.query(`CREATE TABLE "blocks" ("legacy" integer)`);
    } finally {
      await ds.destroy();
    }
    const migrate = await runNode('libs/database/src/migrate.js', { DATABASE_URL: db.url });
    const last = cliErrorOf(migrate, 'migrate');
    const migrateClear =
      migrate.code === 1 &&
      last ===
        'migration ChainTables1795300000000 failed: relation "blocks" already exists; the migrations before it are applied';
    ledger.measure(T.migrate, migrateClear ? 0 : 1);
    ledger.note(
      `migrate: exit ${String(migrate.code)} after ${String(migrate.ms)} ms, "${String(last)}"`,
    );

    const env = {
      DATABASE_URL: db.url,
      // The shared NATS is only named: the apps stop before connecting to it.
      NATS_URL: natsUrl(),
      TON_NETWORK: 'local',
      LITESERVERS_CONFIG: configPath,
    };
    const runs = await Promise.all(
      ['query', 'ingestor', 'decoder'].map(async (app) => ({
        app,
        run: await runNode(
          `apps/${app}/src/main.js`,
          { ...env, METRICS_PORT: String(await findFreePort()) },
          { timeoutMs: 60_000 },
        ),
      })),
    );
    const unclear = runs.filter(
      ({ run }) =>
        run.code !== 1 ||
        !/^the database schema is behind this version: \d+ migration\(s\) not applied \(ChainTables1795300000000, .+\); run the migrations first/.test(
          fatalOf(run) ?? '',
        ),
    );
    ledger.measure(T.apps, unclear.length);
    for (const { app, run } of runs) {
      ledger.note(
        `${app}: exit ${String(run.code)} after ${String(run.ms)} ms, "${fatalOf(run) ?? ''}"`,
      );
    }
    assert.ok(migrateClear, describeRun(migrate));
    assert.deepEqual(
      unclear.map(({ app, run }) => `${app}: ${describeRun(run)}`),
      [],
    );
  });

  void it('a full disk: npm start refuses to start, saying there is no space left', async (t: TestContext) => {
    const mount = join(dir, 'tiny');
    await execFileAsync('mkdir', ['-p', mount]);
    // Too small for initdb's first WAL segment (16 MiB).
    if (!(await mountTmpfs(mount, 8))) {
      t.skip('cannot mount a tmpfs here (needs root)');
      return;
    }
    mounts.push(mount);
    // npm start keeps its embedded PostgreSQL under .data/postgres of the working directory.
    const run = await runNode(
      'apps/standalone/src/main.js',
      { PORT: String(await findFreePort()), LOG_LEVEL: 'warn' },
      { cwd: mount, timeoutMs: 60_000 },
    );
    const clear =
      run.code === 1 &&
      /^embedded PostgreSQL could not initialise .*No space left on device/s.test(
        fatalOf(run) ?? '',
      );
    ledger.measure(T.diskStart, clear ? 0 : 1);
    ledger.note(
      `npm start on a full disk: exit ${String(run.code)} after ${String(run.ms)} ms, "${(fatalOf(run) ?? '').split('\n')[0] ?? ''}"`,
    );
    assert.ok(clear, describeRun(run));
  });

  void it('a full disk under PostgreSQL: migrate and the query app refuse, saying there is no space left', async (t: TestContext) => {
    const mount = join(dir, 'full');
    await execFileAsync('mkdir', ['-p', mount]);
    // Room for an initialised cluster (about 40 MiB), then filled up.
    if (!(await mountTmpfs(mount, 96))) {
      t.skip('cannot mount a tmpfs here (needs root)');
      return;
    }
    mounts.push(mount);
    let pg: EmbeddedPostgres | undefined;
    try {
      pg = await startEmbeddedPostgres({ dataDir: join(mount, 'pg'), database: 'full' });
      await fillDisk(join(mount, 'filler'));
      const migrate = await runNode('libs/database/src/migrate.js', { DATABASE_URL: pg.url });
      const query = await runNode('apps/query/src/main.js', {
        DATABASE_URL: pg.url,
        NATS_URL: natsUrl(),
        METRICS_PORT: String(await findFreePort()),
      });
      const migrateClear =
        migrate.code === 1 &&
        /^migration run failed: .*No space left on device/.test(
          cliErrorOf(migrate, 'migrate') ?? '',
        );
      const queryClear =
        query.code === 1 && (fatalOf(query) ?? '').includes('No space left on device');
      ledger.measure(T.diskMigrate, (migrateClear ? 0 : 1) + (queryClear ? 0 : 1));
      ledger.note(
        `migrate on a full disk: exit ${String(migrate.code)}, "${cliErrorOf(migrate, 'migrate') ?? ''}"`,
      );
      ledger.note(
        `query app on a full disk: exit ${String(query.code)}, "${fatalOf(query) ?? ''}"`,
      );
      assert.ok(migrateClear, describeRun(migrate));
      assert.ok(queryClear, describeRun(query));
    } finally {
      await pg?.stop();
    }
  });
});
