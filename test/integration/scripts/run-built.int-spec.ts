import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';

/**
 * scripts/run-built.mjs in a small project of its own: the real scripts, .swcrc and node_modules (swc),
 * and one app whose entry prints its arguments. Tests run from the repository root.
 */
const REPO = process.cwd();
const BUILDING = 'run-built: the sources changed since the last build; building dist/\n';

void describe('scripts/run-built.mjs (npm start and the CLI scripts)', () => {
  const root = mkdtempSync(join(tmpdir(), 'run-built-'));
  const main = join(root, 'apps', 'hello', 'src', 'main.ts');

  const runBuilt = (
    entry: string,
    ...args: string[]
  ): { status: number | null; stdout: string; stderr: string } => {
    const run = spawnSync(
      process.execPath,
      [join(root, 'scripts', 'run-built.mjs'), entry, ...args],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    return { status: run.status, stdout: run.stdout, stderr: run.stderr };
  };
  const stamp = (): string => readFileSync(join(root, 'dist', '.build-stamp'), 'utf8');

  before(() => {
    mkdirSync(join(root, 'scripts'));
    for (const script of ['run-built.mjs', 'build.mjs', 'build-sources.mjs']) {
      copyFileSync(join(REPO, 'scripts', script), join(root, 'scripts', script));
    }
    copyFileSync(join(REPO, '.swcrc'), join(root, '.swcrc'));
    symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'));
    mkdirSync(join(root, 'apps', 'hello', 'src'), { recursive: true });
    writeFileSync(
      main,
      "const name: string = 'hello';\nconsole.log(name, process.argv.slice(2));\n",
    );
  });

  after(() => {
    rmSync(root, { recursive: true, force: true });
  });

  void it('builds on the first run, then runs the entry with its arguments', () => {
    assert.deepEqual(runBuilt('apps/hello/src/main.js', '--flag', 'x'), {
      status: 0,
      stdout: "hello [ '--flag', 'x' ]\n",
      stderr: BUILDING,
    });
    assert.match(stamp(), /^\{"startedAtMs":\d+\}\n$/);
  });

  void it('does not build again while nothing changed', () => {
    const before = stamp();
    assert.deepEqual(runBuilt('apps/hello/src/main.js', 'again'), {
      status: 0,
      stdout: "hello [ 'again' ]\n",
      stderr: '',
    });
    assert.equal(stamp(), before, 'the stamp is untouched: no build ran');
  });

  void it('builds again after a source changed', () => {
    writeFileSync(main, "console.log('changed', process.argv.slice(2));\n");
    assert.deepEqual(runBuilt('apps/hello/src/main.js'), {
      status: 0,
      stdout: 'changed []\n',
      stderr: BUILDING,
    });
    assert.equal(runBuilt('apps/hello/src/main.js').stderr, '');
  });

  void it('builds again after a source was added under a new name (its own time may be old)', () => {
    const moved = join(root, 'apps', 'hello', 'src', 'other.ts');
    writeFileSync(join(root, 'apps', 'hello', 'src', 'draft.ts'), "console.log('other');\n");
    // The build just before this would have compiled draft.ts; rename it so only the directory changes.
    assert.equal(runBuilt('apps/hello/src/draft.js').stdout, 'other\n');
    renameSync(join(root, 'apps', 'hello', 'src', 'draft.ts'), moved);
    assert.deepEqual(runBuilt('apps/hello/src/other.js'), {
      status: 0,
      stdout: 'other\n',
      stderr: BUILDING,
    });
  });

  void it("passes on the entry's exit code", () => {
    writeFileSync(join(root, 'apps', 'hello', 'src', 'fail.ts'), 'process.exitCode = 3;\n');
    assert.equal(runBuilt('apps/hello/src/fail.js').status, 3);
  });

  void it('runs nothing when the build fails', () => {
    writeFileSync(main, 'const = ;\n');
    const run = runBuilt('apps/hello/src/main.js');
    assert.notEqual(run.status, 0);
    assert.equal(run.stdout, '');
    assert.ok(run.stderr.startsWith(BUILDING), run.stderr);
    assert.ok(run.stderr.endsWith('run-built: the build failed; nothing was run\n'), run.stderr);
  });

  void it('refuses a missing entry with its usage, exit 2', () => {
    assert.deepEqual(runBuilt('--help'), {
      status: 2,
      stdout: '',
      stderr: 'usage: node scripts/run-built.mjs <entry under dist/> [args...]\n',
    });
  });
});

void describe('the npm scripts that run a compiled entry', () => {
  void it('go through scripts/run-built.mjs rather than rebuilding every time', () => {
    const scripts = (
      JSON.parse(readFileSync(resolve(REPO, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    const entries = Object.fromEntries(
      ['start', 'localnet', 'migrate', 'ingest', 'keys', 'decode:trace', 'bench'].map((name) => [
        name,
        scripts[name],
      ]),
    );
    assert.deepEqual(entries, {
      start: 'node scripts/run-built.mjs apps/standalone/src/main.js',
      localnet: 'node scripts/run-built.mjs apps/localnet/src/cli.js',
      migrate: 'node scripts/run-built.mjs libs/database/src/migrate.js',
      ingest: 'node scripts/run-built.mjs apps/ingestor/src/backfill/ingest-cli.js',
      keys: 'node scripts/run-built.mjs apps/gateway/src/edge/auth/keys-cli.js',
      'decode:trace': 'node scripts/run-built.mjs apps/decoder/src/cli/decode-trace.js',
      bench: 'node scripts/run-built.mjs bench/run.js',
    });
  });
});
